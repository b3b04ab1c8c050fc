import type { InventoryEntry } from '../../../../shared/api/accounts';
import type {
  MinefieldActiveDto,
  MinefieldRevealResponse,
  MinefieldStartResponse,
} from '../../../../shared/games/minefield/contract';
import { MINEFIELD_MAX_BET, MINEFIELD_MIN_MINES } from '../../../../shared/games/minefield/rules';
import {
  minefieldCashoutPoint,
  minefieldMinStakeMessage,
  minefieldSettingMinStake,
  type MinefieldCashoutPoint,
  type MinefieldSetting,
} from '../../../../shared/games/minefield/minimumStake';
import { WHOLE_COINS } from '../../../lib/errorMessages';

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

export const clampMines = (mines: number, rows: number, cols: number) =>
  Math.min(Math.max(mines, MINEFIELD_MIN_MINES), rows * cols - 1);

export const startedGame = (
  r: MinefieldStartResponse,
  rows: number,
  cols: number,
): MinefieldGame => ({
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

export function afterReveal(
  game: MinefieldGame,
  cell: number,
  r: MinefieldRevealResponse,
): MinefieldGame {
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

/** The mines a mine-reduction item would remove at the next start: the strongest unlocked one held, as the server picks it. */
export function heldMineReduction(inventory: readonly InventoryEntry[] | undefined): number {
  let best = 0;
  for (const entry of inventory ?? []) {
    if (entry.item.effectType !== 'mine-reduction' || entry.quantity - entry.locked < 1) continue;
    best = Math.max(best, Math.floor((entry.item.effectValue ?? 0) / 100));
  }
  return best;
}

/** Why this stake cannot start a game with this setting, in the words the server would use; null if it can. */
export function stakeProblem(stake: string, setting: MinefieldSetting): string | null {
  const bet = Number(stake);
  if (!(bet >= 1)) return 'Bet must be ≥ 1';
  if (!Number.isInteger(bet)) return WHOLE_COINS;
  return bet < minefieldSettingMinStake(setting) ? minefieldMinStakeMessage(setting) : null;
}

/**
 * The cash-out one more safe cell would reach, at this stake, as the server would pay it; null
 * when the board has no safe cell left or the stake is not a payable number of coins.
 */
export function nextCashout(
  stake: string,
  cells: number,
  placed: number,
  safeCount: number,
): MinefieldCashoutPoint | null {
  const bet = Number(stake);
  if (
    !Number.isSafeInteger(bet) ||
    bet < 1 ||
    bet > MINEFIELD_MAX_BET ||
    safeCount + 1 > cells - placed
  )
    return null;
  return minefieldCashoutPoint(bet, cells, placed, safeCount + 1);
}
