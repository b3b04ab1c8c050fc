import type {
  TradableItemDto,
  TradeDto,
  TradeItemDto,
  TradeStatus,
} from '../../../shared/api/trades';

interface TradeItemRow {
  item_id: number;
  name: string;
  image: string | null;
  emoji: string | null;
  price: number;
  quantity: number;
}

export interface TradeRow {
  id: number;
  status: TradeStatus;
  from_user_id: number;
  to_user_id: number;
  from_username: string;
  to_username: string;
  from_status: string;
  to_status: string;
  created_at: Date | string;
  responded_at: Date | string | null;
  closed_at: Date | string | null;
  from_items: TradeItemRow[] | null;
  to_items: TradeItemRow[] | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A deleted account's username is a placeholder ('~deleted~12'); players read this instead. */
const shownName = (username: string, status: string) =>
  status === 'deleted' ? 'Deleted user' : username;

const presentItem = (row: TradeItemRow): TradeItemDto => ({
  itemId: String(row.item_id),
  name: row.name,
  image: row.image,
  emoji: row.emoji,
  price: Number(row.price),
  quantity: Number(row.quantity),
});

export function presentTrade(row: TradeRow): TradeDto {
  return {
    _id: String(row.id),
    status: row.status,
    fromUser: shownName(row.from_username, row.from_status),
    toUser: shownName(row.to_username, row.to_status),
    fromItems: (row.from_items ?? []).map(presentItem),
    toItems: (row.to_items ?? []).map(presentItem),
    createdAt: iso(row.created_at),
    respondedAt: row.responded_at === null ? null : iso(row.responded_at),
    closedAt: row.closed_at === null ? null : iso(row.closed_at),
  };
}

export interface TradableRow extends TradeItemRow {
  locked: number;
}

export function presentTradable(row: TradableRow): TradableItemDto {
  const quantity = Number(row.quantity);
  const locked = Number(row.locked);
  return { ...presentItem(row), quantity, locked, available: quantity - locked };
}
