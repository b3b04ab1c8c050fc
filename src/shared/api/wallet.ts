import { z } from 'zod';
import { defineRoutes } from './contract';
import { coinAmount, pageQuery } from './common';
import { GAME_LEDGER_LABELS, type GameLedgerCategory } from '../games';

const sendMoneyBody = z.strictObject({
  recipientUsername: z
    .string({ error: 'recipientUsername is required' })
    .trim()
    .min(1, 'recipientUsername is required')
    // Its own message: the schema's `error` above would otherwise word this one too.
    .max(100, 'recipientUsername is too long: 100 characters at most'),
  amount: coinAmount('amount'),
});

const sendMoneyResponse = z.object({ message: z.string(), balance: z.number() });
export type SendMoneyResponse = z.infer<typeof sendMoneyResponse>;

/** Reasons a balance can change outside the hub games (each game adds its own in GAMES). */
const coreLedgerCategories = [
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
  'community_founding',
  'community_donation',
  'community_refund',
  'treasury_in',
  'treasury_out',
] as const;
export type LedgerCategory = (typeof coreLedgerCategories)[number] | GameLedgerCategory;
/** Closed list of reasons a balance can change; every ledger row names one. */
export const ledgerCategories = [
  ...coreLedgerCategories,
  ...(Object.keys(GAME_LEDGER_LABELS) as GameLedgerCategory[]),
] as const;

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
  community_founding: 'Community founded',
  community_donation: 'Donated to a community',
  community_refund: 'Community treasury returned',
  treasury_in: 'Into a community treasury',
  treasury_out: 'Out of a community treasury',
  ...GAME_LEDGER_LABELS,
};

const ledgerQuery = pageQuery;

const ledgerEntryDto = z.object({
  _id: z.string(),
  delta: z.number(),
  balanceAfter: z.number(),
  category: z.enum(ledgerCategories),
  label: z.string(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  counterparty: z.string().nullable(),
  /** The newest row's time when the entry stands for several. */
  createdAt: z.string(),
  /**
   * Rows this entry stands for: Click Frenzy's rewards of one UTC hour, back to back, are one
   * entry (delta their sum, balanceAfter the newest's); every other entry is one row.
   */
  count: z.number(),
});
export type LedgerEntryDto = z.infer<typeof ledgerEntryDto>;

const ledgerPage = z.object({
  entries: z.array(ledgerEntryDto),
  nextBefore: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const walletRoutes = defineRoutes({
  'POST /api/user/send-money': {
    auth: 'user',
    sanction: 'sending',
    idempotent: true,
    summary: 'Send coins to another user',
    body: sendMoneyBody,
    reply: sendMoneyResponse,
  },
  'GET /api/user/ledger': {
    auth: 'user',
    summary: 'Your statement, newest first',
    query: ledgerQuery,
    reply: ledgerPage,
  },
});
