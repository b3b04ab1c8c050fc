/** Rock-paper-scissors rules and limits, shared by the server and the page (no zod here, so the page's chunk stays small). */
export const RPS_MOVES = ['rock', 'paper', 'scissors'] as const;
export type RpsMove = (typeof RPS_MOVES)[number];

export const RPS_MAX_BUY_IN = 1_000_000;
/** A challenge nobody answers is refunded after this long. */
export const RPS_CHALLENGE_TTL_MS = 24 * 3_600_000;
export const RPS_MAX_OPEN_CHALLENGES = 20;
export const RPS_HISTORY_LIMIT = 20;
export const RPS_LEADERBOARD_SIZE = 10;

/** Which move beats which: the key beats its value. */
export const RPS_BEATS: Record<RpsMove, RpsMove> = {
  rock: 'scissors',
  paper: 'rock',
  scissors: 'paper',
};

/** 'a' if a beats b, 'b' if b beats a, else 'draw'. */
export function rpsWinner(a: RpsMove, b: RpsMove): 'a' | 'b' | 'draw' {
  if (a === b) return 'draw';
  return RPS_BEATS[a] === b ? 'a' : 'b';
}

/**
 * How a decided duel's pot of two buy-ins is paid out: the winner gets their buy-in back plus
 * `won` of the loser's (all of it, unless the same-address cap holds some back, which goes back
 * to the loser). Nothing goes to the house: /fairness publishes the share from this.
 */
export const rpsSplit = (
  buyIn: number,
  won: number = buyIn,
): { winner: number; loser: number } => ({ winner: buyIn + won, loser: buyIn - won });
