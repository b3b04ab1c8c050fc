import { z } from 'zod';
import { coinAmount } from '../../api/common';
import { MINEFIELD_MAX_BET } from './rules';
import { defineRoutes } from '../../api/contract';

export { MINEFIELD_MAX_BET };

export const minefieldStartBody = z
  .strictObject({
    betAmount: coinAmount('betAmount', MINEFIELD_MAX_BET),
    rows: z
      .number({ error: 'rows must be a number' })
      .int('rows must be a whole number')
      .min(3, 'rows must be 3 to 12')
      .max(12, 'rows must be 3 to 12'),
    cols: z
      .number({ error: 'cols must be a number' })
      .int('cols must be a whole number')
      .min(3, 'cols must be 3 to 12')
      .max(12, 'cols must be 3 to 12'),
    mines: z
      .number({ error: 'mines must be a number' })
      .int('mines must be a whole number')
      .min(2, 'mines must be at least 2'),
  })
  .refine((b) => b.mines <= b.rows * b.cols - 1, {
    message: 'mines must be at most cells - 1',
    path: ['mines'],
  });

export const minefieldRevealBody = z.strictObject({
  sessionId: z
    .union([z.string(), z.number()], { error: 'sessionId is required' })
    .transform((v) => String(v)),
  cellIndex: z
    .number({ error: 'cellIndex must be a number' })
    .int('cellIndex must be a whole number')
    .min(0, 'cellIndex must be 0 or more'),
});

export const minefieldCashoutBody = z.strictObject({
  sessionId: z
    .union([z.string(), z.number()], { error: 'sessionId is required' })
    .transform((v) => String(v)),
});

export const minefieldStartResponse = z.object({
  sessionId: z.string(),
  /** Mines really placed (after mine reduction). */
  minesCount: z.number(),
  extraSafeClicks: z.number(),
  mineReduction: z.number(),
  roundId: z.string(),
  nonce: z.number(),
  balance: z.number(),
});
export type MinefieldStartResponse = z.infer<typeof minefieldStartResponse>;

export const minefieldRevealResponse = z.object({
  exploded: z.boolean(),
  /** Mine cells, only once the game has ended; null before. */
  mines: z.array(z.number()).nullable(),
  safeCount: z.number(),
  extraSafeClicks: z.number(),
  potentialReward: z.number(),
  /** True when this reveal was a mine forgiven by an extra safe click. */
  forgiven: z.boolean(),
  /** Set when revealing every safe cell cashed out automatically. */
  reward: z.number().nullable(),
  balance: z.number().nullable(),
});
export type MinefieldRevealResponse = z.infer<typeof minefieldRevealResponse>;

export const minefieldCashoutResponse = z.object({
  reward: z.number(),
  mines: z.array(z.number()),
  balance: z.number(),
});
export type MinefieldCashoutResponse = z.infer<typeof minefieldCashoutResponse>;

export const minefieldActiveDto = z.object({
  sessionId: z.string(),
  betAmount: z.number(),
  rows: z.number(),
  cols: z.number(),
  /** The mines the player asked for; minesCount is what was placed after mine reduction. */
  minesAsked: z.number(),
  minesCount: z.number(),
  mineReduction: z.number(),
  revealed: z.array(z.number()),
  forgiven: z.array(z.number()),
  safeCount: z.number(),
  extraSafeClicks: z.number(),
  potentialReward: z.number(),
});
export type MinefieldActiveDto = z.infer<typeof minefieldActiveDto>;

export const minefieldRoutes = defineRoutes({
  'POST /api/games/minefield/start': {
    auth: 'user',
    idempotent: true,
    summary: 'Start a Minefield game (the stake is held until it ends)',
    body: minefieldStartBody,
    reply: minefieldStartResponse,
  },
  'POST /api/games/minefield/reveal': {
    auth: 'user',
    idempotent: true,
    summary: 'Reveal a cell of your running game',
    body: minefieldRevealBody,
    reply: minefieldRevealResponse,
  },
  'POST /api/games/minefield/cashout': {
    auth: 'user',
    idempotent: true,
    summary: 'Cash out your running game (after at least one safe reveal)',
    body: minefieldCashoutBody,
    reply: minefieldCashoutResponse,
  },
  'GET /api/games/minefield/active': {
    auth: 'user',
    summary: 'Your running Minefield game, without its mines; null if none',
    reply: minefieldActiveDto.nullable(),
  },
});
