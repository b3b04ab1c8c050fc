import { z } from 'zod';
import { coinAmount } from './common';

export const sendMoneyBody = z.strictObject({
  recipientUsername: z
    .string({ error: 'recipientUsername is required' })
    .trim()
    .min(1, 'recipientUsername is required')
    .max(100),
  amount: coinAmount('amount'),
});

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
  'store_purchase',
  'service_escrow',
  'service_release',
  'service_refund',
  'task_reward',
  'achievement_reward',
  'game_stake',
  'game_payout',
  'game_refund',
  'spinner_reward',
  'frenzy_reward',
  'duel_buy_in',
  'duel_payout',
  'duel_refund',
  'puzzle_reward',
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
  store_purchase: 'Store purchase',
  service_escrow: 'Service bought (held in escrow)',
  service_release: 'Service payment received',
  service_refund: 'Service refunded',
  task_reward: 'Task reward',
  achievement_reward: 'Achievement reward',
  game_stake: 'Game stake',
  game_payout: 'Game win',
  game_refund: 'Game stake returned',
  spinner_reward: 'Spinner reward',
  frenzy_reward: 'Click Frenzy reward',
  duel_buy_in: 'Duel buy-in (held)',
  duel_payout: 'Duel winnings',
  duel_refund: 'Duel buy-in returned',
  puzzle_reward: 'Puzzle Rush reward',
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
