import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ledgerCategories } from '../../../shared/api/wallet';
import { GAME_REF_TYPES, type GameRefType } from '../../../shared/games';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';
import { currencies } from './currencies';

/**
 * What a ledger row's ref_id names: the business row the coins moved for (DESIGN.md section 3).
 * - user: registration grant and account closure (the account itself)
 * - seed: demo funds granted by the first start's seed (ref_id is the user)
 * - transfer: send-money (transfers.id)
 * - admin_log: an admin's balance adjustment (the admin_logs row written with it)
 * - wager, parlay: a stake (wagers.id, parlays.id)
 * - bet: a settlement's payouts and refunds (the bet being settled, the business row of a
 *   settlement; each user's row sums all their wagers or parlays on it)
 * - purchase: a store purchase (purchases.id)
 * - service: a service's escrow, release or refund (services.id)
 * - task_claim, achievement_claim: a reward (the claim row)
 * - round: a game round's stake or payout (game_rounds.id)
 * - community: a community treasury's founding fee, donations and closing refunds (communities.id)
 * - and each hub game's own, documented beside them in its shared/games/<key>/meta.ts
 */
const coreRefTypes = [
  'user',
  'seed',
  'transfer',
  'admin_log',
  'wager',
  'parlay',
  'bet',
  'purchase',
  'service',
  'task_claim',
  'achievement_claim',
  'round',
  'community',
] as const;
/** Every ref type: the core ones, then each hub game's from its line in GAMES. */
export const refTypes = [...coreRefTypes, ...GAME_REF_TYPES] as const;
export type RefType = (typeof coreRefTypes)[number] | GameRefType;

/** What a ledger account that is not a user's is for. */
export const ledgerAccountKinds = ['community_treasury'] as const;

/**
 * Accounts that hold coins but are nobody's balance: a community's treasury (DESIGN.md section
 * 11). Each has its own ledger rows (ledger.account_id), so the audit checks it like a user's,
 * and its balance can never go below zero, so it never mints.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * What the account may still have to pay (a treasury's open community bets' exposure):
     * never above the balance, so every promise is covered.
     */
    committed: bigint('committed', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_accounts_balance_non_negative', sql`${t.balance} >= 0`),
    check(
      'ledger_accounts_committed_covered',
      sql`${t.committed} >= 0 and ${t.committed} <= ${t.balance}`,
    ),
    check('ledger_accounts_kind_known', oneOf(t.kind, ledgerAccountKinds)),
  ],
);

/**
 * Every balance change. user_id NULL is the house, which takes the other side of mints and
 * burns so that sum(delta) over the whole table is always zero. The house keeps no stored
 * balance: that would make one row every payout has to lock.
 */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    category: text('category', { enum: ledgerCategories }).notNull(),
    refType: text('ref_type', { enum: refTypes }),
    refId: text('ref_id'),
    counterpartyId: bigint('counterparty_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A row of a ledger account that is not a user's (user_id is then null). */
    accountId: bigint('account_id', { mode: 'number' }).references(() => ledgerAccounts.id),
    /** Which balance the row moves (wallet/currencies.ts); the gold hot paths leave the default. */
    currency: text('currency', { enum: currencies }).notNull().default('gold'),
  },
  (t) => [
    // The house's rows (user_id null, half of every posting) are never looked up by user: left
    // out, each round or transfer writes one index entry less per house row.
    index('ledger_user_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} is not null`),
    index('ledger_account_idx')
      .on(t.accountId, t.id)
      .where(sql`${t.accountId} is not null`),
    check('ledger_currency_known', oneOf(t.currency, currencies)),
    check('ledger_account_not_user', sql`${t.accountId} is null or ${t.userId} is null`),
    check('ledger_delta_nonzero', sql`${t.delta} <> 0`),
    // Added NOT VALID by migration 0003 and validated there when every older row could be
    // given its business row (always, for data this code wrote); new rows are checked either way.
    check(
      'ledger_ref_known',
      sql`${t.refType} is not null and ${oneOf(t.refType, refTypes)} and ${t.refId} is not null`,
    ),
  ],
);

/**
 * Balances of every currency but gold (which lives on users.balance), written only by the
 * ledger; a row appears with a user's first movement of that currency.
 */
export const balances = pgTable(
  'balances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency', { enum: currencies }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('balances_amount_non_negative', sql`${t.amount} >= 0`),
    check(
      'balances_currency_known',
      sql`${oneOf(t.currency, currencies)} and ${t.currency} <> 'gold'`,
    ),
  ],
);

/** Coins one user sent another (send-money); both ledger rows of a transfer reference it. */
export const transfers = pgTable(
  'transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('transfers_amount_positive', sql`${t.amount} > 0`)],
);
