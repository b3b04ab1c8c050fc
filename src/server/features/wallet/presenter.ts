import {
  ledgerCategoryLabels,
  type LedgerCategory,
  type LedgerEntryDto,
} from '../../../shared/api/wallet';
import type { RefType } from './tables';

export interface LedgerRow {
  id: number;
  delta: number;
  balance_after: number;
  category: LedgerCategory;
  ref_type: RefType | null;
  ref_id: string | null;
  created_at: Date | string;
  counterparty: string | null;
  /** Rows grouped into this one (statement's Click Frenzy hours); 1 for a row alone. */
  n: number;
}

export function presentLedgerEntry(row: LedgerRow): LedgerEntryDto {
  const n = Number(row.n);
  return {
    _id: String(row.id),
    delta: Number(row.delta),
    balanceAfter: Number(row.balance_after),
    category: row.category,
    label:
      row.category === 'frenzy_reward' && n > 1
        ? `Click Frenzy: ${n} clicks`
        : ledgerCategoryLabels[row.category],
    count: n,
    refType: row.ref_type,
    refId: row.ref_id,
    // Deleted accounts keep their rows but not their name.
    counterparty:
      row.counterparty && !row.counterparty.startsWith('~')
        ? row.counterparty
        : row.counterparty
          ? 'deleted user'
          : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
