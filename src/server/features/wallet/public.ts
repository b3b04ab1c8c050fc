/** What other features may use of wallet (DESIGN.md section 1a). */
export type { Currency } from './currencies';
export type { RefType } from './tables';
/** The coins module: every balance change goes through it (DESIGN.md section 3). */
export * as ledger from './ledger';
/** Postings of many players in one statement, for group-committed hot writes. */
export * as groupPostings from './groupPostings';
/** Accounts that are nobody's balance (community treasuries), for the tables that name one. */
export { ledgerAccounts } from './tables';
/** Where each currency's coins are (players, house, treasuries, escrow), two ways. */
export { holdingsFromBalances, holdingsFromLedger } from './economy';
