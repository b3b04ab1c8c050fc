import { z } from 'zod';

export const MAX_COIN_AMOUNT = 1_000_000_000;

export const coinAmount = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number of coins`)
    .min(1, `${field} must be at least 1`)
    .max(MAX_COIN_AMOUNT, `${field} must be at most ${MAX_COIN_AMOUNT}`);

export const sendMoneyBody = z.strictObject({
  recipientUsername: z
    .string({ error: 'recipientUsername is required' })
    .trim()
    .min(1, 'recipientUsername is required')
    .max(100),
  amount: coinAmount('amount'),
});
export type SendMoneyBody = z.infer<typeof sendMoneyBody>;

export interface SendMoneyResponse {
  message: string;
  balance: number;
}

/** Closed list of reasons a balance can change; every ledger row names one. */
export const ledgerCategories = [
  'registration_grant',
  'transfer_out',
  'transfer_in',
  'admin_grant',
  'account_closed',
  'seed_grant',
  'bet_stake',
  'bet_payout',
  'bet_refund',
  'parlay_stake',
  'parlay_payout',
  'parlay_refund',
] as const;
export type LedgerCategory = (typeof ledgerCategories)[number];

export const ledgerCategoryLabels: Record<LedgerCategory, string> = {
  registration_grant: 'Welcome bonus',
  transfer_out: 'Coins sent',
  transfer_in: 'Coins received',
  admin_grant: 'Admin adjustment',
  account_closed: 'Account closed',
  seed_grant: 'Demo funds',
  bet_stake: 'Wager placed',
  bet_payout: 'Wager won',
  bet_refund: 'Wager refunded',
  parlay_stake: 'Parlay placed',
  parlay_payout: 'Parlay won',
  parlay_refund: 'Parlay refunded',
};

export const ledgerQuery = z.strictObject({
  before: z.coerce
    .number({ error: 'before must be a number' })
    .int('before must be an integer')
    .positive('before must be positive')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(50),
});

export interface LedgerEntryDto {
  _id: string;
  delta: number;
  balanceAfter: number;
  category: LedgerCategory;
  label: string;
  refType: string | null;
  refId: string | null;
  counterparty: string | null;
  createdAt: string;
}

export interface LedgerPage {
  entries: LedgerEntryDto[];
  nextBefore: string | null;
}
