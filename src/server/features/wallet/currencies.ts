/**
 * The currencies the ledger keeps (DESIGN.md section 3). Gold is the coin balance, stored on
 * the users row because every wager, purchase and payout changes it (one row to lock and
 * update, no join). Every other currency keeps its balances in `balances` (user_id, currency,
 * amount CHECK >= 0) and its movements in the same `ledger` table, told apart by `currency`,
 * so `post`, `balanceOf` and the audit work for it unchanged.
 *
 * Adding a currency: add its name here, then `npm run db:generate` writes the migration that
 * widens the CHECKs of ledger.currency and balances.currency (they are generated from this
 * list). Its ledger categories join ledgerCategories in shared/api/wallet.ts.
 */
export const currencies = ['gold', 'pet_coins', 'shards'] as const;
export type Currency = (typeof currencies)[number];

/** The currency stored on users.balance; the one-statement hot paths post only this one. */
export const GOLD = 'gold' satisfies Currency;
