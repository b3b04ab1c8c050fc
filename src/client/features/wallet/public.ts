/** What other features may use of wallet (DESIGN.md section 1a). */
export { LedgerStatement } from './LedgerStatement';
export { SendCoinsForm } from './SendCoinsForm';
