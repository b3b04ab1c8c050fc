// The page's words: the games' rules, the pay published from the same shared maths the server
// applies, and the server's answer as a line a player reads (terms.test.ts).
import type {
  CritterDto,
  MinigameCompleteResponse,
  MinigameStartResponse,
} from '../../../../../shared/games/virtualPet/contract';
import { traitOf } from '../../../../../shared/games/virtualPet/catalog';
import { traitTotal } from '../../../../../shared/games/virtualPet/growth';
import {
  COINS_PER_10_POINTS,
  COUNTDOWN_MS,
  CRITTER_MATCH_MIN_MS,
  CRITTER_MATCH_SCORE,
  DAILY_MINIGAME_COIN_CAP,
  EXP_PER_POINT,
  MATCH_PAIRS,
  MINIGAME_TRAIT_CAP_PCT,
  POINTS_PER_SECOND,
  RUN_TTL_MS,
  minigamePay,
  type Minigame,
  type MinigamePay,
} from '../../../../../shared/games/virtualPet/minigames';
import { formatCoins } from '../../../../lib/format';
import type { EndReason } from './engine';

/** Spec section 8: the fallback when saving a score fails without the server's words. */
export const SAVE_FAILED = 'Server error saving score.';
/** Ours (the spec has no start call): a run that could not be started. */
export const START_FAILED = 'Server error starting the game.';

export interface GameInfo {
  key: Minigame;
  name: string;
  icon: string;
  /** The key that starts it ('Enter', 'Space'), or null for a button only. */
  startKey: 'Enter' | 'Space' | null;
  summary: string;
  rules: readonly string[];
}

/** The spec's order: Coin catcher, Dodge n Dash, Critter Match. */
export const GAME_ORDER: readonly Minigame[] = ['coin-catcher', 'dodge-n-dash', 'critter-match'];

export const GAMES: Record<Minigame, GameInfo> = {
  'coin-catcher': {
    key: 'coin-catcher',
    name: 'Coin catcher',
    icon: '🪙',
    startKey: 'Enter',
    summary: 'Catch the yellow coins, dodge the red ones.',
    rules: [
      'Press Enter or Start: the game begins after a 3-second countdown.',
      'Move with the arrow keys or A and D, the ◀ ▶ buttons, or by holding a finger on the game.',
      'Each yellow coin caught is 1 point. Catching a red coin ends the game.',
      'Escape or Exit ends the game; Expert mode doubles the speed.',
    ],
  },
  'dodge-n-dash': {
    key: 'dodge-n-dash',
    name: 'Dodge n Dash',
    icon: '💨',
    startKey: 'Space',
    summary: 'Stay away from the bouncing red balls.',
    rules: [
      'Press Space or Start: the game begins after a 3-second countdown.',
      'Move with the arrow keys or W, A, S and D, the arrow buttons, or by holding a finger on the game.',
      'You score 2 points for every second you survive. A red ball ends the game.',
      'Escape or Exit ends the game; Expert mode doubles the speed.',
    ],
  },
  'critter-match': {
    key: 'critter-match',
    name: 'Critter Match',
    icon: '🃏',
    startKey: null,
    summary: `Find the ${MATCH_PAIRS} pairs of critters.`,
    rules: [
      // Spec section 4 says '4x4 cards, 4 emoji pairs': 16 cards make 8 pairs, so the board has 8.
      `The board has 16 cards (4 × 4) in ${MATCH_PAIRS} pairs.`,
      'Press Start: the cards can be turned after a 3-second countdown.',
      'Turn two cards at a time (click, tap, or Enter or Space on a card). A matched pair stays face up.',
      `Finding all ${MATCH_PAIRS} pairs scores ${CRITTER_MATCH_SCORE}; leaving before that scores nothing.`,
    ],
  },
};

/** What the server counts at most for a run (published beside the pay). */
export function boundWords(game: Minigame): string {
  const seconds = COUNTDOWN_MS / 1000;
  if (game === 'critter-match') {
    return `A completed board counts ${CRITTER_MATCH_SCORE} points when the run lasted at least ${CRITTER_MATCH_MIN_MS / 1000} seconds from its start (countdown included).`;
  }
  return `The server counts at most ${POINTS_PER_SECOND[game]} points per second of play (the ${seconds}-second countdown excluded); a higher claim is clamped.`;
}

export interface CritterBonus {
  /** Mini-game score and experience bonuses of the critter's traits, capped as the server caps them. */
  scorePct: number;
  expPct: number;
  /** Revives per game (0 or 1): a red coin or ball survived once. */
  revives: number;
  /** Names of the traits that count here. */
  traitNames: string[];
}

const GAME_EFFECTS = new Set(['minigameScorePct', 'minigameExpPct', 'revive']);

/** What a critter's traits do in the mini-games. */
export function critterBonus(critter: Pick<CritterDto, 'traits'>): CritterBonus {
  const traits = Object.keys(critter.traits);
  return {
    scorePct: Math.min(MINIGAME_TRAIT_CAP_PCT, traitTotal(traits, 'minigameScorePct')),
    expPct: Math.min(MINIGAME_TRAIT_CAP_PCT, traitTotal(traits, 'minigameExpPct')),
    revives: traitTotal(traits, 'revive') > 0 ? 1 : 0,
    traitNames: traits
      .filter((t) => GAME_EFFECTS.has(traitOf(t)?.effect ?? ''))
      .map((t) => traitOf(t)?.name ?? t),
  };
}

/** The pay for a score as the server computes it, for a run long enough to count it in full. */
export function payFor(
  game: Minigame,
  score: number,
  critter: Pick<CritterDto, 'traits'>,
): MinigamePay {
  return minigamePay(game, score, Number.MAX_SAFE_INTEGER, Object.keys(critter.traits));
}

/** A score the page uses to show what a run pays: a full board, or about 30 seconds of play. */
export const EXAMPLE_SCORE: Record<Minigame, number> = {
  'coin-catcher': 30,
  'dodge-n-dash': 60,
  'critter-match': CRITTER_MATCH_SCORE,
};

/** The published pay, one sentence each. */
export function payWords(): string[] {
  return [
    `${EXP_PER_POINT} experience per point for the critter that plays, raised by its mini-game traits.`,
    `${COINS_PER_10_POINTS} pet coin per 10 points (after any score bonus).`,
    `At most ${formatCoins(DAILY_MINIGAME_COIN_CAP)} pet coins a day from mini-games (UTC day); pet coins above the cap are held back, experience is still paid.`,
    'Each run pays once, when it ends with a score above 0.',
  ];
}

/** '+10% score, +15% experience, 1 revive' for a critter, or null when its traits do nothing here. */
export function bonusWords(bonus: CritterBonus): string | null {
  const parts = [
    bonus.scorePct > 0 ? `+${bonus.scorePct}% score` : null,
    bonus.expPct > 0 ? `+${bonus.expPct}% experience` : null,
    bonus.revives > 0 ? `${bonus.revives} revive per game` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

/**
 * How long a run may be played: the server's window (expiresAt - serverTime) less the countdown
 * and a margin for the complete call to arrive in time. The run's own RUN_TTL_MS when the
 * answer's times cannot be read.
 */
export const SAVE_MARGIN_MS = 15_000;
export function playLimitMs(
  answer: Pick<MinigameStartResponse, 'serverTime' | 'expiresAt'>,
): number {
  const window = Date.parse(answer.expiresAt) - Date.parse(answer.serverTime);
  const total = Number.isFinite(window) && window > 0 ? window : RUN_TTL_MS;
  return Math.max(0, total - COUNTDOWN_MS - SAVE_MARGIN_MS);
}

/**
 * Milliseconds to wait before sending a score, counted from when the start call answered. Critter
 * Match counts only for a run of CRITTER_MATCH_MIN_MS by the server's clock, which started before
 * that answer: a board finished sooner waits the rest (with a small margin) rather than count 0.
 */
export const MATCH_WAIT_MARGIN_MS = 300;
export function submitDelayMs(game: Minigame, sinceStartMs: number): number {
  if (game !== 'critter-match') return 0;
  return Math.max(0, CRITTER_MATCH_MIN_MS + MATCH_WAIT_MARGIN_MS - sinceStartMs);
}

/** The game-over line. */
export function endWords(reason: EndReason, score: number, game: Minigame): string {
  const points = `${formatCoins(score)} ${score === 1 ? 'point' : 'points'}`;
  switch (reason) {
    case 'complete':
      return `All pairs found! Score ${points}.`;
    case 'hit':
      return game === 'coin-catcher'
        ? `A red coin! Game over with ${points}.`
        : `Hit by a red ball! Game over with ${points}.`;
    case 'time':
      return `Time is up for this run. Game over with ${points}.`;
    case 'exit':
      return `You left the game with ${points}.`;
  }
}

type Answer = Pick<
  MinigameCompleteResponse,
  'score' | 'clamped' | 'experienceEarned' | 'coinsEarned' | 'coinsCapped'
>;

const petCoins = (n: number): string => `${formatCoins(n)} pet ${n === 1 ? 'coin' : 'coins'}`;

/** The server's answer as the lines the result panel shows, beside the score the page sent. */
export function resultLines(answer: Answer, claimed: number): string[] {
  const lines = [
    answer.clamped
      ? `Score clamped to ${formatCoins(answer.score)} (you scored ${formatCoins(claimed)}; the run was too short to count more)`
      : `Score counted: ${formatCoins(answer.score)}`,
    `+${formatCoins(answer.experienceEarned)} experience`,
    `+${petCoins(answer.coinsEarned)}`,
  ];
  if (answer.coinsCapped > 0)
    lines.push(`Daily cap reached: ${petCoins(answer.coinsCapped)} held back`);
  return lines;
}

/** The toast after a saved score: 'Score saved: +40 EXP, +4 pet coins (clamped to 40, daily cap reached)'. */
export function resultToast(answer: Answer): string {
  const notes = [
    answer.clamped ? `clamped to ${formatCoins(answer.score)}` : null,
    answer.coinsCapped > 0 ? 'daily cap reached' : null,
  ].filter(Boolean);
  const base = `Score saved: +${formatCoins(answer.experienceEarned)} EXP, +${petCoins(answer.coinsEarned)}`;
  return notes.length > 0 ? `${base} (${notes.join(', ')})` : base;
}
