/**
 * What other features may use of accounts (DESIGN.md section 1a): the new-account rule that
 * guards every path passing coins or items on (wallet, trades, services).
 */
export { assertEstablished } from './newAccounts';
export { findUserByUsername } from './queries';
export { users } from './tables';
