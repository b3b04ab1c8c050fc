/*
 * Reports' constants (DESIGN.md section 13), zod-free so the browser's report dialog and the
 * admin queue use them; the contract (api/reports.ts) builds its schemas from these.
 */

export const REPORT_TARGET_TYPES = {
  user: 'player',
  service: 'service',
  post: 'post',
  comment: 'comment',
  bet: 'bet',
  community: 'community',
} as const;
export type ReportTargetType = keyof typeof REPORT_TARGET_TYPES;
export const reportTargetTypes = Object.keys(REPORT_TARGET_TYPES) as [
  ReportTargetType,
  ...ReportTargetType[],
];

export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  abuse: 'Abuse or harassment',
  cheating: 'Cheating or exploiting a bug',
  scam: 'A scam: taking coins or items unfairly',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const reportReasons = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** What a moderator or admin did about a report; the reporter is told in these words. */
export const REPORT_ACTIONS = {
  dismissed: 'No action: nothing against the rules was found',
  content_removed: 'The content was removed',
  warned: 'Its author was warned',
  sanctioned: 'Its author was sanctioned',
} as const;
export type ReportAction = keyof typeof REPORT_ACTIONS;
export const reportActions = Object.keys(REPORT_ACTIONS) as [ReportAction, ...ReportAction[]];

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;
/** Reports one player may file in an hour. */
export const REPORTS_PER_HOUR = 10;
/** A report on a community's post or comment waits this long for its moderators, then goes to the admins. */
export const REPORT_ESCALATE_HOURS = 24;
