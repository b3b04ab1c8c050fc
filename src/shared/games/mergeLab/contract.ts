import { z } from 'zod';
import { BOARD_CELLS, ORDER_SLOTS } from './rules';
import { defineRoutes } from '../../api/contract';

/*
 * Merge Lab (issue 24, DESIGN.md section 9). The board lives on the server and every tap, merge,
 * move, sale and delivery is checked there by the shared rules (shared/games/mergeLab/rules.ts); a tap's
 * drop is a fair round of the player's stream.
 */

const item = z.object({ c: z.enum(['potion', 'crystal', 'plant']), t: z.number() });
export const mergeLabStateDto = z.object({
  board: z.array(item.nullable()),
  energy: z.number(),
  energyAt: z.number(),
  orders: z.array(item),
  orderCounter: z.number(),
  taps: z.number(),
  coinsEarned: z.number(),
  /** The UTC day paidToday counts (whole days since 1970-01-01). */
  paidDay: z.number(),
  /** Coins paid that day, orders and sales together, against the daily cap. */
  paidToday: z.number(),
});

export const mergeLabDto = z.object({
  state: mergeLabStateDto,
  serverTime: z.string(),
  /** When the next energy point arrives (ms), or null at a full bar. */
  nextEnergyAt: z.number().nullable(),
});
export type MergeLabDto = z.infer<typeof mergeLabDto>;
export const mergeLabActionResponse = mergeLabDto.extend({
  balance: z.number(),
  coins: z.number(),
  /** A tap's drop and the round that decided it. */
  drop: z.object({ chain: z.string(), cell: z.number(), roundId: z.string() }).nullable(),
});
export type MergeLabActionResponse = z.infer<typeof mergeLabActionResponse>;

const cell = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be from 0 to ${BOARD_CELLS - 1}`)
    .max(BOARD_CELLS - 1, `${name} must be from 0 to ${BOARD_CELLS - 1}`);
export const mergeLabPairBody = z.strictObject({ from: cell('from'), to: cell('to') });
export const mergeLabSellBody = z.strictObject({ cell: cell('cell') });
export const mergeLabDeliverBody = z.strictObject({
  order: z
    .number({ error: 'order must be a number' })
    .int('order must be a whole number')
    .min(0, `order must be from 0 to ${ORDER_SLOTS - 1}`)
    .max(ORDER_SLOTS - 1, `order must be from 0 to ${ORDER_SLOTS - 1}`),
  cell: cell('cell'),
});

export const mergeLabRoutes = defineRoutes({
  'GET /api/games/merge-lab': {
    auth: 'user',
    summary: 'Your board, energy (settled to the server clock) and order cards',
    reply: mergeLabDto,
  },
  'POST /api/games/merge-lab/tap': {
    auth: 'user',
    idempotent: true,
    summary: 'Spend 1 energy: a tier-1 item lands in a random empty cell (a fair round)',
    reply: mergeLabActionResponse,
  },
  'POST /api/games/merge-lab/merge': {
    auth: 'user',
    idempotent: true,
    summary: 'Merge two identical items into the next tier',
    body: mergeLabPairBody,
    reply: mergeLabActionResponse,
  },
  'POST /api/games/merge-lab/move': {
    auth: 'user',
    idempotent: true,
    summary: 'Move an item to an empty cell',
    body: mergeLabPairBody,
    reply: mergeLabActionResponse,
  },
  'POST /api/games/merge-lab/sell': {
    auth: 'user',
    idempotent: true,
    summary: 'Sell an item for a little (0.1 coin per energy it embodies, rounded down)',
    body: mergeLabSellBody,
    reply: mergeLabActionResponse,
  },
  'POST /api/games/merge-lab/deliver': {
    auth: 'user',
    idempotent: true,
    summary: 'Deliver the item an order card asks for, for its coins',
    body: mergeLabDeliverBody,
    reply: mergeLabActionResponse,
  },
});
