import { z } from 'zod';
import { TYCOON_BUSINESSES, TYCOON_MAX_BUY } from './rules';
import { defineRoutes } from '../../api/contract';

/*
 * Coin Tycoon (issue 24, DESIGN.md section 9). The state lives on the server; a request carries
 * an intent, never an amount. Bucks are decimal strings (exact BigInts); the page parses them
 * with fromJson and animates with the same settle() the server pays by.
 */

const businessKeys = TYCOON_BUSINESSES.map((b) => b.key) as [string, ...string[]];
const businessField = z.enum(businessKeys, {
  error: `business must be one of ${businessKeys.join(', ')}`,
});

const businessStateDto = z.object({
  owned: z.number(),
  managed: z.boolean(),
  cycleStart: z.number().nullable(),
});

export const tycoonStateDto = z.object({
  bucks: z.string(),
  bucksFiftieths: z.number(),
  lifetimeBucks: z.string(),
  bucksSinceClaim: z.string(),
  investors: z.string(),
  businesses: z.record(z.string(), businessStateDto),
  lastSettled: z.number(),
  boostUntil: z.number(),
  lastClaimDay: z.string().nullable(),
  prestiges: z.number(),
});

export const tycoonDto = z.object({
  state: tycoonStateDto,
  serverTime: z.string(),
  /** Set once, on the first read after more than a minute away. */
  away: z.object({ awayMs: z.number(), cappedMs: z.number(), earned: z.string() }).nullable(),
  /** Coins the dividend would pay now (0 once claimed today). */
  dividend: z.number(),
  /** Investors a sale of the company would bring now (in all, after the sale). */
  investorsOnSale: z.string(),
});
export type TycoonDto = z.infer<typeof tycoonDto>;

export const tycoonActionResponse = tycoonDto.extend({ balance: z.number(), coins: z.number() });
export type TycoonActionResponse = z.infer<typeof tycoonActionResponse>;

export const tycoonBuyBody = z.strictObject({
  business: businessField,
  count: z.union(
    [
      z.literal('max'),
      z
        .number({ error: "count must be a number or 'max'" })
        .int('count must be a whole number')
        .min(1, 'count must be at least 1')
        .max(TYCOON_MAX_BUY, `count must be at most ${TYCOON_MAX_BUY}`),
    ],
    {
      error: "count must be a number or 'max'",
    },
  ),
});
export const tycoonBusinessBody = z.strictObject({ business: businessField });

export const coinTycoonRoutes = defineRoutes({
  'GET /api/games/coin-tycoon': {
    auth: 'user',
    summary: 'Your company, settled to the server clock (with an away summary after a minute away)',
    reply: tycoonDto,
  },
  'POST /api/games/coin-tycoon/buy': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy 1, n or as many units of a business as your bucks pay for',
    body: tycoonBuyBody,
    reply: tycoonActionResponse,
  },
  'POST /api/games/coin-tycoon/manager': {
    auth: 'user',
    idempotent: true,
    summary: 'Hire the manager of a business: it runs its cycles without you',
    body: tycoonBusinessBody,
    reply: tycoonActionResponse,
  },
  'POST /api/games/coin-tycoon/start': {
    auth: 'user',
    idempotent: true,
    summary: "Start a business's production cycle by hand",
    body: tycoonBusinessBody,
    reply: tycoonActionResponse,
  },
  'POST /api/games/coin-tycoon/prestige': {
    auth: 'user',
    idempotent: true,
    summary: 'Sell the company for investors (+2% income each)',
    reply: tycoonActionResponse,
  },
  'POST /api/games/coin-tycoon/claim': {
    auth: 'user',
    idempotent: true,
    summary: "Claim today's dividend in coins (at most 500, once a UTC day)",
    reply: tycoonActionResponse,
  },
  'POST /api/games/coin-tycoon/boost': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy a x2 income boost for 4 hours with 200 coins',
    reply: tycoonActionResponse,
  },
});
