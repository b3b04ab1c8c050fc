/**
 * What other features may use of the audit (DESIGN.md section 1a): the books' check the admin
 * page, `npm run audit`, the chaos test and the test servers run.
 */
export { auditReport, describeReport, economyFromBalances } from './service';
