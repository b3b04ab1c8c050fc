import { z } from 'zod';
import { BOX_OPEN_COUNTS, MYSTERY_BOXES } from './rules';
import { idString } from '../../api/common';
import { defineRoutes } from '../../api/contract';

const boxIds = MYSTERY_BOXES.map((b) => b.id) as [string, ...string[]];

export const boxDropDto = z.object({
  itemId: z.string(),
  key: z.string(),
  name: z.string(),
  emoji: z.string(),
  value: z.number(),
});
export const mysteryBoxDto = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  price: z.number(),
  /** Return to player, exact: '94.81%' and the fraction. */
  rtp: z.string(),
  rtpFraction: z.string(),
  tiers: z.array(
    z.object({
      name: z.string(),
      weight: z.number(),
      notable: z.boolean(),
      drops: z.array(boxDropDto),
    }),
  ),
});
export type MysteryBoxDto = z.infer<typeof mysteryBoxDto>;
export const mysteryBoxesDto = z.object({ boxes: z.array(mysteryBoxDto) });

export const openBoxesBody = z.strictObject({
  boxId: z.enum(boxIds, { error: `boxId must be one of ${boxIds.join(', ')}` }),
  count: z.union([z.literal(BOX_OPEN_COUNTS[0]), z.literal(BOX_OPEN_COUNTS[1])], {
    error: `count must be ${BOX_OPEN_COUNTS.join(' or ')}`,
  }),
});
export const openBoxesResponse = z.object({
  results: z.array(
    z.object({
      roundId: z.string(),
      nonce: z.number(),
      tier: z.string(),
      notable: z.boolean(),
      item: z.object({ _id: z.string(), name: z.string(), emoji: z.string(), value: z.number() }),
    }),
  ),
  balance: z.number(),
});
export type OpenBoxesResponse = z.infer<typeof openBoxesResponse>;

export const sellCollectibleBody = z.strictObject({
  itemId: idString('itemId'),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(1000, 'quantity must be at most 1000')
    .default(1),
});
export const sellCollectibleResponse = z.object({
  message: z.string(),
  paid: z.number(),
  balance: z.number(),
  left: z.number(),
});
export type SellCollectibleResponse = z.infer<typeof sellCollectibleResponse>;

export const mysteryBoxRoutes = defineRoutes({
  'GET /api/games/mystery-box': {
    auth: 'user',
    summary: 'The mystery boxes: price, return to player and contents table',
    reply: mysteryBoxesDto,
  },
  'POST /api/games/mystery-box/open': {
    auth: 'user',
    idempotent: true,
    summary: 'Open 1 or 5 boxes: each a fair round dropping a collectible',
    body: openBoxesBody,
    reply: openBoxesResponse,
  },
  'POST /api/games/mystery-box/sell': {
    auth: 'user',
    idempotent: true,
    summary: 'Sell collectibles back at their published value (units offered in a trade excluded)',
    body: sellCollectibleBody,
    reply: sellCollectibleResponse,
  },
});
