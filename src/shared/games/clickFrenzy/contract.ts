import { z } from 'zod';
import { FRENZY_ANIMALS } from '../engine/catalog';
import { defineRoutes } from '../../api/contract';

export const frenzyClickBody = z.strictObject({
  clicks: z.literal(1, { error: 'clicks must be 1: one click per request' }),
  emoji: z.enum(FRENZY_ANIMALS, { error: 'emoji must be one of the falling animals' }),
});

export const frenzyStatsDto = z.object({
  /** Clicks counted in the current UTC hour, out of limit. */
  frenzyTotal: z.number(),
  limit: z.number(),
  /** When the next hour (and a fresh count) starts. */
  nextHour: z.string(),
  serverTime: z.string(),
});
export type FrenzyStatsDto = z.infer<typeof frenzyStatsDto>;

export const frenzyClickResponse = frenzyStatsDto.extend({
  /** Coins this click paid, reward multipliers included. */
  reward: z.number(),
  balance: z.number(),
  clickId: z.string(),
});
export type FrenzyClickResponse = z.infer<typeof frenzyClickResponse>;

export const clickFrenzyRoutes = defineRoutes({
  'GET /api/games/click-frenzy': {
    auth: 'user',
    summary: 'Your Click Frenzy count this UTC hour',
    reply: frenzyStatsDto,
  },
  'POST /api/games/click-frenzy': {
    auth: 'user',
    idempotent: true,
    summary: 'One Click Frenzy click (100 an hour, 8 a second): pays a coin',
    body: frenzyClickBody,
    reply: frenzyClickResponse,
  },
});
