/**
 * What other features may use of accounts (DESIGN.md section 1a): the new-account rule that
 * guards every path passing coins or items on (wallet, trades, services).
 *
 * The SQL fragments come first, from a module that imports nothing of ours: accounts/service
 * uses wallet, which uses them, and platform/auth builds a statement with them at load.
 */
export { accountsSql } from './sql';
export { assertEstablished } from './newAccounts';
export { findUserByUsername, reactivate } from './queries';
/** Seeding (db/seed.ts) makes the admin and the demo players. */
export { createAccount } from './service';
export { users } from './tables';
