import { z } from 'zod';
import { coinAmount } from './common';
import { CLIENT_SEED_MAX_LENGTH } from '../games/fairness';
import { FRENZY_ANIMALS, type RoundGame, type SpinnerId } from '../games/catalog';
import type { SlotCombo, SlotSymbol } from '../games/slots';

/** Fairness: the signed-in user's current seed pair. The server seed itself is never here. */
export interface FairnessDto {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

export const clientSeedBody = z.strictObject({
  clientSeed: z
    .string({ error: 'clientSeed is required' })
    .min(1, 'clientSeed must be 1-64 printable characters')
    .max(CLIENT_SEED_MAX_LENGTH, `clientSeed must be at most ${CLIENT_SEED_MAX_LENGTH} characters`)
    .regex(/^[\x20-\x7e]+$/, 'clientSeed may contain only printable ASCII characters (space to ~)'),
});

export interface RotateSeedResponse {
  /** The pair just retired, its server seed now shown, and how many rounds it played. */
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  current: FairnessDto;
}

export const roundsQuery = z.strictObject({
  before: z.coerce.number({ error: 'before must be a number' }).int('before must be an integer').positive('before must be positive').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});

export interface RoundDto {
  _id: string;
  game: RoundGame;
  stake: number;
  payout: number;
  createdAt: string;
  state: 'open' | 'settled';
  serverSeedHash: string;
  /** Null until the pair is rotated: then the verifier can replay the round. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  /** The inputs the verifier replays the round with (for a spinner: wheel and reward table). */
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
}

export interface RoundsPage {
  rounds: RoundDto[];
  nextBefore: string | null;
}

export interface SpinnerTableDto {
  rewardOptions: number[];
  weights: number[];
}

export interface GamesProgressDto {
  spinners: Record<SpinnerId, SpinnerTableDto>;
  /** When each wheel can be spun next (ISO); null when it never was. */
  cooldowns: Record<SpinnerId, string | null>;
  rpsStats: { wins: number; games: number };
  /** What running buffs do now: reward multiplier in hundredths (100 = none), slot luck in percent. */
  buffs: { rewardMultiplier: number; slotsLuck: number };
  serverTime: string;
}

export interface SpinResponse {
  /** Coins credited: the slice's reward plus what running reward multipliers added. */
  reward: number;
  /** The slice the wheel lands on (index into rewardOptions). */
  slice: number;
  /** The slice's own reward, before multipliers. */
  baseReward: number;
  bonus: number;
  nextSpin: string;
  serverTime: string;
  roundId: string;
  nonce: number;
  balance: number;
}

/** Public: every wheel's current table, for the fairness page's expected values. */
export type SpinnerTablesDto = Record<SpinnerId, SpinnerTableDto>;

/** Spec section 9 and the issue: casino bets are whole coins from 1 to 1,000,000. */
export const CASINO_MAX_BET = 1_000_000;

export const coinFlipBody = z.strictObject({
  betAmount: coinAmount('betAmount', CASINO_MAX_BET),
  guess: z.enum(['heads', 'tails'], { error: 'guess must be heads or tails' }),
});

export interface CoinFlipResponse {
  result: 'heads' | 'tails';
  win: boolean;
  /** Coins paid back: 2x the bet on a win (plus any reward-multiplier bonus), else 0. */
  payout: number;
  bonus: number;
  roundId: string;
  nonce: number;
  balance: number;
}

export const rouletteBody = z.strictObject({
  betAmount: coinAmount('betAmount', CASINO_MAX_BET),
  color: z.enum(['red', 'black', 'green'], { error: 'color must be red, black or green' }),
});

export interface RouletteResponse {
  result: 'red' | 'black' | 'green';
  /** 0 is green, 1-7 red, 8-14 black. */
  pocket: number;
  win: boolean;
  payout: number;
  bonus: number;
  roundId: string;
  nonce: number;
  balance: number;
}

export const slotsBody = z.strictObject({ betAmount: coinAmount('betAmount', CASINO_MAX_BET) });

export interface SlotsResponse {
  /** The three symbols on the line, e.g. ['cherry', 'lemon', 'cherry']. */
  reel: SlotSymbol[];
  /** Stop index of each reel, 0-20: the reels stop here. */
  stops: number[];
  combo: SlotCombo | null;
  win: boolean;
  payout: number;
  /** True when slot luck re-spun a losing first spin. */
  respun: boolean;
  /** The slot luck this spin played with, in percent. */
  luck: number;
  bonus: number;
  roundId: string;
  nonce: number;
  balance: number;
}

export const frenzyClickBody = z.strictObject({
  clicks: z.literal(1, { error: 'clicks must be 1: one click per request' }),
  emoji: z.enum(FRENZY_ANIMALS, { error: 'emoji must be one of the falling animals' }),
});

export interface FrenzyStatsDto {
  /** Clicks counted in the current UTC hour, out of limit. */
  frenzyTotal: number;
  limit: number;
  /** When the next hour (and a fresh count) starts. */
  nextHour: string;
  serverTime: string;
}

export interface FrenzyClickResponse extends FrenzyStatsDto {
  /** Coins this click paid, reward multipliers included. */
  reward: number;
  balance: number;
  clickId: string;
}

export const MINEFIELD_MAX_BET = 1_000_000;

export const minefieldStartBody = z
  .strictObject({
    betAmount: coinAmount('betAmount', MINEFIELD_MAX_BET),
    rows: z.number({ error: 'rows must be a number' }).int('rows must be a whole number').min(3, 'rows must be 3 to 12').max(12, 'rows must be 3 to 12'),
    cols: z.number({ error: 'cols must be a number' }).int('cols must be a whole number').min(3, 'cols must be 3 to 12').max(12, 'cols must be 3 to 12'),
    mines: z.number({ error: 'mines must be a number' }).int('mines must be a whole number').min(2, 'mines must be at least 2'),
  })
  .refine((b) => b.mines <= b.rows * b.cols - 1, { message: 'mines must be at most cells - 1', path: ['mines'] });

export const minefieldRevealBody = z.strictObject({
  sessionId: z.union([z.string(), z.number()], { error: 'sessionId is required' }).transform((v) => String(v)),
  cellIndex: z.number({ error: 'cellIndex must be a number' }).int('cellIndex must be a whole number').min(0, 'cellIndex must be 0 or more'),
});

export const minefieldCashoutBody = z.strictObject({
  sessionId: z.union([z.string(), z.number()], { error: 'sessionId is required' }).transform((v) => String(v)),
});

export interface MinefieldStartResponse {
  sessionId: string;
  /** Mines really placed (after mine reduction). */
  minesCount: number;
  extraSafeClicks: number;
  mineReduction: number;
  roundId: string;
  nonce: number;
  balance: number;
}

export interface MinefieldRevealResponse {
  exploded: boolean;
  /** Mine cells, only once the game has ended; null before. */
  mines: number[] | null;
  safeCount: number;
  extraSafeClicks: number;
  potentialReward: number;
  /** True when this reveal was a mine forgiven by an extra safe click. */
  forgiven: boolean;
  /** Set when revealing every safe cell cashed out automatically. */
  reward: number | null;
  balance: number | null;
}

export interface MinefieldCashoutResponse {
  reward: number;
  mines: number[];
  balance: number;
}

export interface MinefieldActiveDto {
  sessionId: string;
  betAmount: number;
  rows: number;
  cols: number;
  minesCount: number;
  revealed: number[];
  forgiven: number[];
  safeCount: number;
  extraSafeClicks: number;
  potentialReward: number;
}
