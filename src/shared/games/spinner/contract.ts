import { z } from 'zod';
import { SPINNER_IDS } from '../engine/catalog';
import { defineRoutes } from '../../api/contract';

export const spinnerTableDto = z.object({
  rewardOptions: z.array(z.number()),
  weights: z.array(z.number()),
});
export type SpinnerTableDto = z.infer<typeof spinnerTableDto>;

/** Public: every wheel's current table, for the fairness page's expected values. */
export const spinnerTablesDto = z.record(z.enum(SPINNER_IDS), spinnerTableDto);
export type SpinnerTablesDto = z.infer<typeof spinnerTablesDto>;

/** The wheels' part of GET /api/games/progress (shared/games/routes.ts). */
export const spinnerProgressDto = z.object({
  spinners: spinnerTablesDto,
  /** When each wheel can be spun next (ISO); null when it never was. */
  cooldowns: z.record(z.enum(SPINNER_IDS), z.string().nullable()),
});
export type SpinnerProgressDto = z.infer<typeof spinnerProgressDto>;

export const spinResponse = z.object({
  /** Coins credited: the slice's reward plus what running reward multipliers added. */
  reward: z.number(),
  /** The slice the wheel lands on (index into rewardOptions). */
  slice: z.number(),
  /** The slice's own reward, before multipliers. */
  baseReward: z.number(),
  bonus: z.number(),
  nextSpin: z.string(),
  serverTime: z.string(),
  roundId: z.string(),
  nonce: z.number(),
  balance: z.number(),
});
export type SpinResponse = z.infer<typeof spinResponse>;

export const spinnerRoutes = defineRoutes({
  // Under /api/fairness (the spec's path) but the spinner's own data: /fairness publishes each wheel's expected reward from it.
  'GET /api/fairness/spinners': {
    auth: 'public',
    summary: "Every spinner's reward table, for the published expected values",
    reply: spinnerTablesDto,
  },
  'POST /api/games/spinner': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the hourly wheel',
    reply: spinResponse,
  },
  'POST /api/games/spinner12': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the 12-hour wheel',
    reply: spinResponse,
  },
  'POST /api/games/spinnerDaily': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the daily wheel',
    reply: spinResponse,
  },
  'POST /api/games/spinnerWeekly': {
    auth: 'user',
    idempotent: true,
    summary: 'Spin the weekly wheel',
    reply: spinResponse,
  },
});
