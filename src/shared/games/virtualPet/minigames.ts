// Pet mini-games (DESIGN.md section 8): the browser plays, so a score is a claim; these bounds,
// applied by the server to the run it timed, decide what is paid, and the page publishes them.
import { traitTotal } from './growth';

export const MINIGAMES = ['coin-catcher', 'critter-match', 'dodge-n-dash'] as const;
export type Minigame = (typeof MINIGAMES)[number];

/** A run must be completed within this long of its start. */
export const RUN_TTL_MS = 30 * 60_000;
/** Spec section 9: the countdown before a game starts. */
export const COUNTDOWN_MS = 3000;
/** Critter Match: 16 cards, 8 pairs (the spec's 4x4 with 4 pairs cannot both hold), scores exactly 100. */
export const MATCH_PAIRS = 8;
export const CRITTER_MATCH_SCORE = 100;
/** Nobody matches 8 pairs faster than this. */
export const CRITTER_MATCH_MIN_MS = 8_000;
/** Points per second of play a score may reach (Dodge n Dash scores about 2 a second). */
export const POINTS_PER_SECOND: Record<Exclude<Minigame, 'critter-match'>, number> = {
  'coin-catcher': 3,
  'dodge-n-dash': 2.5,
};
/** Pet coins per 10 points, and the most a user earns from mini-games in a UTC day. */
export const COINS_PER_10_POINTS = 1;
export const DAILY_MINIGAME_COIN_CAP = 300;
/** Experience per point, before traits. */
export const EXP_PER_POINT = 1;
export const MINIGAME_TRAIT_CAP_PCT = 100;

/** The highest score a run of this length can claim (countdown excluded). */
export function maxScore(game: Minigame, elapsedMs: number): number {
  const played = Math.max(0, elapsedMs - COUNTDOWN_MS);
  if (game === 'critter-match') return elapsedMs >= CRITTER_MATCH_MIN_MS ? CRITTER_MATCH_SCORE : 0;
  return Math.floor((played / 1000) * POINTS_PER_SECOND[game]) + 1;
}

export interface MinigamePay {
  /** The score counted: the claim, clamped to the bound. */
  score: number;
  clamped: boolean;
  experience: number;
  /** Pet coins before the daily cap. */
  coins: number;
}

/** What a claimed score is worth for a critter with these traits after a run of this length. */
export function minigamePay(
  game: Minigame,
  claimed: number,
  elapsedMs: number,
  traits: readonly string[],
): MinigamePay {
  const bound = maxScore(game, elapsedMs);
  const base =
    game === 'critter-match'
      ? claimed >= CRITTER_MATCH_SCORE
        ? CRITTER_MATCH_SCORE
        : 0
      : Math.max(0, Math.floor(claimed));
  const score = Math.min(base, bound);
  const scorePct = Math.min(MINIGAME_TRAIT_CAP_PCT, traitTotal(traits, 'minigameScorePct'));
  const expPct = Math.min(MINIGAME_TRAIT_CAP_PCT, traitTotal(traits, 'minigameExpPct'));
  const boosted = Math.floor((score * (100 + scorePct)) / 100);
  return {
    score,
    clamped: score < Math.floor(claimed),
    experience: Math.floor((boosted * EXP_PER_POINT * (100 + expPct)) / 100),
    coins: Math.floor(boosted / 10) * COINS_PER_10_POINTS,
  };
}
