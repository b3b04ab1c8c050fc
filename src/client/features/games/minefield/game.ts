import type { MinefieldActiveDto, MinefieldRevealResponse, MinefieldStartResponse } from '../../../../shared/api/minefield';
import { MINEFIELD_MIN_MINES } from '../../../../shared/games/minefield';

/** The page's view of one game: the server's answers folded together, mines unknown until it ends. */
export interface MinefieldGame {
  sessionId: string;
  rows: number;
  cols: number;
  minesCount: number;
  revealed: number[];
  forgiven: number[];
  mines: number[] | null;
  exploded: boolean;
  reward: number | null;
  potentialReward: number;
  extraSafeClicks: number;
  mineReduction: number;
  ended: boolean;
}

export const clampMines = (mines: number, rows: number, cols: number) => Math.min(Math.max(mines, MINEFIELD_MIN_MINES), rows * cols - 1);

export const startedGame = (r: MinefieldStartResponse, rows: number, cols: number): MinefieldGame => ({
  sessionId: r.sessionId,
  rows,
  cols,
  minesCount: r.minesCount,
  revealed: [],
  forgiven: [],
  mines: null,
  exploded: false,
  reward: null,
  potentialReward: 0,
  extraSafeClicks: r.extraSafeClicks,
  mineReduction: r.mineReduction,
  ended: false,
});

/** A running game read back after a reload. */
export const resumedGame = (active: MinefieldActiveDto): MinefieldGame => ({
  ...active,
  mines: null,
  exploded: false,
  reward: null,
  ended: false,
});

export function afterReveal(game: MinefieldGame, cell: number, r: MinefieldRevealResponse): MinefieldGame {
  return {
    ...game,
    revealed: r.forgiven || r.exploded ? game.revealed : [...game.revealed, cell],
    forgiven: r.forgiven ? [...game.forgiven, cell] : game.forgiven,
    mines: r.mines,
    exploded: r.exploded,
    reward: r.reward,
    potentialReward: r.potentialReward,
    extraSafeClicks: r.extraSafeClicks,
    ended: r.exploded || r.reward !== null,
  };
}
