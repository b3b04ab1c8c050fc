import { z } from 'zod';
import { defineRoutes } from './contract';
import { idParams, idString } from './common';

/** Spec section 4: a trade's statuses; pending and responded are 'active'. */
export const tradeStatuses = ['pending', 'responded', 'accepted', 'denied', 'canceled'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];

/** DESIGN.md section 6 and the rules: at most this many entries on each side of a trade. */
const MAX_TRADE_ENTRIES = 20;
/** Far above any stock a store sells; keeps the sums in integer columns. */
const MAX_TRADE_QUANTITY = 1_000_000;

const tradeItem = z.strictObject({
  itemId: idString('itemId'),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_TRADE_QUANTITY, `quantity must be at most ${MAX_TRADE_QUANTITY}`),
});

const tradeItems = (field: string) =>
  z
    .array(tradeItem, { error: `${field} must be a list of { itemId, quantity }` })
    .max(MAX_TRADE_ENTRIES, `${field}: at most ${MAX_TRADE_ENTRIES} items a side`)
    .refine(
      (list) => new Set(list.map((e) => e.itemId)).size === list.length,
      `${field}: list each item once`,
    );

const requestTradeBody = z.strictObject({
  toUsername: z
    .string({ error: 'toUsername is required' })
    .trim()
    .min(1, 'toUsername is required')
    .max(100, 'toUsername must be at most 100 characters'),
  fromItems: tradeItems('fromItems').refine(
    (list) => list.length > 0,
    'fromItems: offer at least one item',
  ),
});

/** The recipient may answer with no items (DESIGN.md section 6); a denial ignores toItems. */
const respondTradeBody = z.strictObject({
  toItems: tradeItems('toItems').default([]),
  action: z.enum(['accept', 'deny'], { error: "action must be 'accept' or 'deny'" }),
});

/** One side's entry of a trade: the item as shown plus the quantity offered (spec section 3). */
const tradeItemDto = z.object({
  itemId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emoji: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
});
export type TradeItemDto = z.infer<typeof tradeItemDto>;

const tradeDto = z.object({
  _id: z.string(),
  status: z.enum(tradeStatuses),
  /** Usernames (spec section 3). */
  fromUser: z.string(),
  toUser: z.string(),
  fromItems: z.array(tradeItemDto),
  toItems: z.array(tradeItemDto),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type TradeDto = z.infer<typeof tradeDto>;

const tradesDto = z.object({ incoming: z.array(tradeDto), outgoing: z.array(tradeDto) });
export type TradesDto = z.infer<typeof tradesDto>;

const cancelTradeResponse = z.object({ message: z.string(), trade: tradeDto });
export type CancelTradeResponse = z.infer<typeof cancelTradeResponse>;

/** What the trade form may offer: the caller's holdings with the units already offered elsewhere. */
const tradableItemDto = z.object({
  itemId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emoji: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  /** Units offered in active trades. */
  locked: z.number(),
  /** quantity - locked: what a new offer or response may include. */
  available: z.number(),
});
export type TradableItemDto = z.infer<typeof tradableItemDto>;

const tradeInventoryDto = z.object({ inventory: z.array(tradableItemDto) });
export type TradeInventoryDto = z.infer<typeof tradeInventoryDto>;

export const tradesRoutes = defineRoutes({
  'GET /api/trades': {
    auth: 'user',
    summary: 'Your incoming and outgoing trades, active ones first',
    reply: tradesDto,
  },
  'GET /api/trades/inventory': {
    auth: 'user',
    summary: 'Your items with the units locked in active trades',
    reply: tradeInventoryDto,
  },
  'POST /api/trades/request': {
    auth: 'user',
    sanction: 'trading',
    idempotent: true,
    summary: 'Offer items to another user (locks the offered units)',
    body: requestTradeBody,
    reply: tradeDto,
    status: 201,
  },
  'POST /api/trades/:id/respond': {
    auth: 'user',
    sanction: 'trading',
    idempotent: true,
    summary:
      'Accept with items of yours (locked until the trade closes) or deny a pending incoming trade',
    params: idParams,
    body: respondTradeBody,
    reply: tradeDto,
  },
  'POST /api/trades/:id/cancel': {
    auth: 'user',
    idempotent: true,
    summary: 'Cancel a pending or responded trade (either side)',
    params: idParams,
    reply: cancelTradeResponse,
  },
  'POST /api/trades/:id/finalize': {
    auth: 'user',
    sanction: 'trading',
    idempotent: true,
    summary: 'Swap the items of a responded outgoing trade',
    params: idParams,
    reply: tradeDto,
  },
});
