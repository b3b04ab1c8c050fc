/** What other features may use of notifications (DESIGN.md section 1a). */

/**
 * Notices at a moment a feature knows (an egg hatching, a claim opening, an idle cap filling):
 * scheduled and moved or dropped in the feature's own transaction.
 */
export { cancelNotice, scheduleNotice } from './schedule';
