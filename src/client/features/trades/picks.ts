import type { TradeStatus } from '../../../shared/api/trades';

/** Quantities picked per item id, as typed (strings) so a field can be empty while editing. */
export type Picks = Record<string, string>;

/**
 * Spec section 5: a trade quantity is clamped between 0 and the unlocked quantity. Anything
 * that is not a number counts as 0; fractions round down. Empty stays empty while typing.
 */
export function clampQuantity(typed: string, available: number): string {
  if (typed.trim() === '') return '';
  const n = Math.floor(Number(typed));
  if (!Number.isFinite(n) || n <= 0) return '0';
  return String(Math.min(n, Math.max(0, available)));
}

/** Only items with a quantity above 0 are sent (spec section 5). */
export function pickedEntries(picks: Picks): { itemId: string; quantity: number }[] {
  return Object.entries(picks)
    .map(([itemId, typed]) => ({ itemId, quantity: Math.floor(Number(typed)) }))
    .filter((e) => Number.isFinite(e.quantity) && e.quantity > 0);
}

/**
 * Spec section 4: pending and responded trades are 'active'. Written here rather than imported
 * from shared/api/trades.ts, whose zod schemas must stay out of the browser bundle.
 */
export const isActiveTrade = (status: TradeStatus): boolean =>
  status === 'pending' || status === 'responded';
