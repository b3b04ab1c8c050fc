import { z } from 'zod';
import { defineRoutes } from './contract';
import { idString, messageResponse } from './common';

/*
 * Notifications (DESIGN.md section 12): one inbox per player, written by the notifications
 * feature when it hears a domain event (or a scheduled moment arrives), pushed live, to a
 * subscribed browser while the player is away, and in an e-mail digest.
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
  security: { group: 'Account', label: 'Sanctions, appeals and sign-in notices' },
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
/** The newest this many are kept per player. */
export const INBOX_KEEP = 1000;
export const INBOX_PAGE = 30;

const kindEnum = z.enum(notificationKinds, {
  error: `kind must be one of ${notificationKinds.join(', ')}`,
});

const listQuery = z.strictObject({
  cursor: z.string().max(40, 'cursor must be at most 40 characters').optional(),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  kind: kindEnum.optional(),
});

const notificationDto = z.object({
  _id: z.string(),
  kind: kindEnum,
  title: z.string(),
  body: z.string(),
  /** The page that acts on it (a path of this site). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

const readBody = z.union(
  [
    z.strictObject({
      ids: z
        .array(idString('ids'), { error: 'ids must be a list of notification ids' })
        .min(1, 'ids must name at least one notification')
        .max(100, 'ids must name at most 100 notifications'),
    }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true' }) }),
  ],
  { error: 'send { ids: [...] } or { all: true }' },
);

const preferenceDto = z.object({
  kind: kindEnum,
  inbox: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  /** Security notices cannot be turned off. */
  fixed: z.boolean(),
});
export type NotificationPreferenceDto = z.infer<typeof preferenceDto>;

const preferencesBody = z.strictObject({
  preferences: z
    .array(
      z.strictObject({
        kind: kindEnum,
        inbox: z.boolean({ error: 'preferences.inbox must be true or false' }),
        push: z.boolean({ error: 'preferences.push must be true or false' }),
        email: z.boolean({ error: 'preferences.email must be true or false' }),
      }),
      { error: 'preferences must be a list' },
    )
    .min(1, 'preferences must name at least one kind')
    .max(
      notificationKinds.length,
      `preferences must name at most ${notificationKinds.length} kinds`,
    ),
});

/** What a push carries: the notification's words and page, nothing else of the player's. */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
}

/** A browser's PushSubscription.toJSON(), as the Push API gives it. */
const pushSubscriptionBody = z.strictObject({
  endpoint: z
    .string({ error: 'endpoint must be the push service URL' })
    .max(2000, 'endpoint must be at most 2000 characters')
    .regex(/^https?:\/\/[^\s]+$/, 'endpoint must be an https URL'),
  // Browsers also send expirationTime (mostly null); the server does not need it.
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    {
      // An uncompressed P-256 point (65 bytes, first 0x04) and a 16-byte secret, in base64url.
      p256dh: z
        .string({ error: 'keys.p256dh must be a string' })
        .regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a P-256 public key in base64url'),
      auth: z
        .string({ error: 'keys.auth must be a string' })
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be a 16-byte secret in base64url'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});

export const notificationsRoutes = defineRoutes({
  'GET /api/notifications': {
    auth: 'user',
    summary: 'Your notifications, newest first, with the unread count',
    query: listQuery,
    reply: z.object({
      notifications: z.array(notificationDto),
      unread: z.number(),
      nextCursor: z.string().nullable(),
    }),
  },
  'POST /api/notifications/read': {
    auth: 'user',
    summary: 'Mark notifications read: { ids } or { all: true }',
    body: readBody,
    reply: z.object({ message: z.string(), unread: z.number() }),
  },
  'GET /api/notifications/preferences': {
    auth: 'user',
    summary: 'Which kinds reach you on which channel (inbox, push, email)',
    reply: z.array(preferenceDto),
  },
  'PUT /api/notifications/preferences': {
    auth: 'user',
    summary: 'Change which kinds reach you on which channel (security notices stay on)',
    body: preferencesBody,
    reply: z.array(preferenceDto),
  },
  'DELETE /api/notifications/:id': {
    auth: 'user',
    summary: 'Remove a notification from your inbox',
    params: z.strictObject({ id: idString('id') }),
    reply: messageResponse,
  },
  'GET /api/push/key': {
    auth: 'user',
    summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
    reply: z.object({ publicKey: z.string() }),
  },
  'POST /api/push/subscriptions': {
    auth: 'user',
    summary: "Push notifications to this browser while you are away (its PushSubscription's JSON)",
    body: pushSubscriptionBody,
    reply: messageResponse,
  },
  'DELETE /api/push/subscriptions': {
    auth: 'user',
    summary: 'Stop pushing to this browser',
    body: z.strictObject({
      endpoint: z
        .string({ error: 'endpoint must be the push service URL' })
        .max(2000, 'endpoint must be at most 2000 characters'),
    }),
    reply: messageResponse,
  },
});
