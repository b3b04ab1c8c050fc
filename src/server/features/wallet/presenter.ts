import { ledgerCategoryLabels, type LedgerCategory, type LedgerEntryDto } from '../../../shared/api/wallet';
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
}

export function presentLedgerEntry(row: LedgerRow): LedgerEntryDto {
  return {
    _id: String(row.id),
    delta: row.delta,
    balanceAfter: row.balance_after,
    category: row.category,
    label: ledgerCategoryLabels[row.category],
    refType: row.ref_type,
    refId: row.ref_id,
    // Deleted accounts keep their rows but not their name.
    counterparty: row.counterparty && !row.counterparty.startsWith('~') ? row.counterparty : row.counterparty ? 'deleted user' : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
