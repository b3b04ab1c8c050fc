import type {
  MinefieldActiveDto,
  MinefieldCashoutResponse,
  MinefieldRevealResponse,
  MinefieldStartResponse,
} from '../../../../shared/games/minefield/contract';
import { minefieldPayout } from '../../../../shared/games/minefield/rules';

export interface Params {
  rows: number;
  cols: number;
  mines: number;
  mineReduction: number;
  stake: number;
}

/** The game's state, kept in its round's outcome; the round list hides it while the round is open. */
export interface Board {
  mines: number[];
  placed: number;
  revealed: number[];
  forgiven: number[];
  extraSafeClicks: number;
  safeClickItemPrice: number;
  exploded: boolean;
  reward: number;
  bonus: number;
}

export interface GameRow {
  id: number;
  state: 'open' | 'settled';
  params: Params;
  outcome: Board;
}

export const cellsOf = (p: Params) => p.rows * p.cols;
export const potential = (p: Params, b: Board) =>
  b.revealed.length === 0 ? 0 : minefieldPayout(p.stake, cellsOf(p), b.placed, b.revealed.length);

export const presentStart = (
  roundId: number,
  nonce: number,
  p: Params,
  b: Board,
  balance: number,
): MinefieldStartResponse => ({
  sessionId: String(roundId),
  minesCount: Number(b.placed),
  extraSafeClicks: b.extraSafeClicks,
  mineReduction: p.mineReduction,
  roundId: String(roundId),
  nonce,
  balance,
});

/**
 * The board after a reveal. The mines show only once the game has ended (a mine hit, or every
 * safe cell found, which cashed out by itself and brings its reward and balance).
 */
export function presentReveal(
  p: Params,
  b: Board,
  opts: { forgiven?: boolean; cashedOut?: { reward: number; balance: number } } = {},
): MinefieldRevealResponse {
  const { cashedOut } = opts;
  return {
    exploded: b.exploded,
    mines: b.exploded || cashedOut ? b.mines : null,
    safeCount: b.revealed.length,
    extraSafeClicks: b.extraSafeClicks,
    potentialReward: b.exploded ? 0 : cashedOut ? cashedOut.reward : potential(p, b),
    forgiven: opts.forgiven ?? false,
    reward: cashedOut?.reward ?? null,
    balance: cashedOut?.balance ?? null,
  };
}

export const presentCashout = (
  b: Board,
  paid: { reward: number; balance: number },
): MinefieldCashoutResponse => ({
  reward: paid.reward,
  mines: b.mines,
  balance: paid.balance,
});

/** A running game as the page resumes it: never its mines. */
export function presentActive(game: GameRow): MinefieldActiveDto {
  const p = game.params;
  const b = game.outcome;
  return {
    sessionId: String(game.id),
    betAmount: p.stake,
    rows: p.rows,
    cols: p.cols,
    minesAsked: p.mines,
    minesCount: b.placed,
    mineReduction: p.mineReduction,
    revealed: b.revealed,
    forgiven: b.forgiven,
    safeCount: b.revealed.length,
    extraSafeClicks: b.extraSafeClicks,
    potentialReward: potential(p, b),
  };
}
