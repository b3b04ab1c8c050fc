/*
 * Notifications' constants (DESIGN.md section 12), zod-free so the browser can use them (the
 * inbox's filter and the preferences table); the contract (api/notifications.ts) builds its
 * schemas from these and re-exports them.
 */

/** Every kind, with the group the inbox filter and the preferences show it under. */
export const NOTIFICATION_KINDS = {
  trade_offered: { group: 'Trades', label: 'A trade is offered to you' },
  trade_answered: { group: 'Trades', label: 'Your trade offer is answered' },
  trade_finalized: { group: 'Trades', label: 'A trade is completed' },
  trade_cancelled: { group: 'Trades', label: 'A trade is cancelled' },
  coins_received: { group: 'Coins', label: 'Someone sends you coins' },
  admin_grant: { group: 'Coins', label: 'An admin changes your balance' },
  bet_settled: { group: 'Bets', label: 'A bet you wagered on is settled' },
  community_bet_settled: { group: 'Bets', label: 'A community bet you wagered on is settled' },
  service_bought: { group: 'Services', label: 'Someone buys your service' },
  service_finalized: { group: 'Services', label: 'A service you bought is delivered' },
  service_accepted: { group: 'Services', label: 'Your payment for a service is released' },
  service_refunded: { group: 'Services', label: 'A service is refunded' },
  duel_challenge: { group: 'Duels', label: 'You are challenged to a duel' },
  duel_result: { group: 'Duels', label: 'A duel of yours ends' },
  egg_ready: { group: 'Pets', label: 'An egg is ready to hatch' },
  claim_ready: { group: 'Pets', label: 'Your sanctuary claim is ready' },
  idle_full: { group: 'Idle games', label: 'An idle game stops filling up' },
  achievement_claimable: { group: 'Achievements', label: 'An achievement can be claimed' },
  mention: { group: 'Communities', label: 'Someone mentions you' },
  community: { group: 'Communities', label: 'Your requests and roles in communities' },
  season_result: { group: 'Communities', label: 'You finish a season near the top of a community' },
  security: { group: 'Account', label: 'Sanctions, appeals and sign-in notices' },
  report_resolved: { group: 'Account', label: 'A report you made is resolved' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const notificationKinds = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

/** Kinds nobody can turn off on any channel: what happens to the account itself. */
export const FIXED_KINDS: readonly NotificationKind[] = ['security'];
export const notificationChannels = ['inbox', 'push', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
/** An e-mail unsubscribe link's kind besides the kinds: every kind that can be turned off. */
export const UNSUBSCRIBE_ALL = 'all';
/** The newest this many are kept per player. */
export const INBOX_KEEP = 1000;
export const INBOX_PAGE = 30;

export type NotificationGroup = (typeof NOTIFICATION_KINDS)[NotificationKind]['group'];
/** The groups, in the order of their first kind: the inbox filters by one of these. */
export const notificationGroups = [
  ...new Set(notificationKinds.map((kind) => NOTIFICATION_KINDS[kind].group)),
] as [NotificationGroup, ...NotificationGroup[]];

export function kindsOfGroup(group: NotificationGroup): NotificationKind[] {
  return notificationKinds.filter((kind) => NOTIFICATION_KINDS[kind].group === group);
}
