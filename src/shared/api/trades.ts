import { z } from 'zod';
import { idString } from './common';

/** Spec section 4: a trade's statuses; pending and responded are 'active'. */
export const tradeStatuses = ['pending', 'responded', 'accepted', 'denied', 'canceled'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];
export const activeTradeStatuses = ['pending', 'responded'] as const satisfies readonly TradeStatus[];

export const isActiveTrade = (status: TradeStatus): boolean => status === 'pending' || status === 'responded';

/** DESIGN.md section 6 and the rules: at most this many entries on each side of a trade. */
export const MAX_TRADE_ENTRIES = 20;
/** Far above any stock a store sells; keeps the sums in integer columns. */
export const MAX_TRADE_QUANTITY = 1_000_000;

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
    .refine((list) => new Set(list.map((e) => e.itemId)).size === list.length, `${field}: list each item once`);

export const requestTradeBody = z.strictObject({
  toUsername: z.string({ error: 'toUsername is required' }).trim().min(1, 'toUsername is required').max(100, 'toUsername must be at most 100 characters'),
  fromItems: tradeItems('fromItems').refine((list) => list.length > 0, 'fromItems: offer at least one item'),
});

/** The recipient may answer with no items (DESIGN.md section 6); a denial ignores toItems. */
export const respondTradeBody = z.strictObject({
  toItems: tradeItems('toItems').default([]),
  action: z.enum(['accept', 'deny'], { error: "action must be 'accept' or 'deny'" }),
});

export type RequestTradeBody = z.output<typeof requestTradeBody>;
export type RespondTradeBody = z.output<typeof respondTradeBody>;

/** One side's entry of a trade: the item as shown plus the quantity offered (spec section 3). */
export interface TradeItemDto {
  itemId: string;
  name: string;
  image: string | null;
  emoji: string | null;
  price: number;
  quantity: number;
}

export interface TradeDto {
  _id: string;
  status: TradeStatus;
  /** Usernames (spec section 3). */
  fromUser: string;
  toUser: string;
  fromItems: TradeItemDto[];
  toItems: TradeItemDto[];
  createdAt: string;
  respondedAt: string | null;
  closedAt: string | null;
}

export interface TradesDto {
  incoming: TradeDto[];
  outgoing: TradeDto[];
}

export interface CancelTradeResponse {
  message: string;
  trade: TradeDto;
}

/** What the trade form may offer: the caller's holdings with the units already offered elsewhere. */
export interface TradableItemDto {
  itemId: string;
  name: string;
  image: string | null;
  emoji: string | null;
  price: number;
  quantity: number;
  /** Units offered in active trades. */
  locked: number;
  /** quantity - locked: what a new offer or response may include. */
  available: number;
}

export interface TradeInventoryDto {
  inventory: TradableItemDto[];
}
