import { z } from 'zod';
import { defineRoutes } from './contract';
import { idString, messageResponse } from './common';
import { notificationGroups, notificationKinds, UNSUBSCRIBE_ALL } from '../notifications';

/*
 * Notifications (DESIGN.md section 12): one inbox per player, written by the notifications
 * feature when it hears a domain event (or a scheduled moment arrives), pushed live, to a
 * subscribed browser while the player is away, and in an e-mail digest.
 */

export * from '../notifications';

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
  /** A group of kinds (NOTIFICATION_KINDS' groups), as the inbox's filter offers them. */
  group: z
    .enum(notificationGroups, { error: `group must be one of ${notificationGroups.join(', ')}` })
    .optional(),
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

/** An e-mail address, as a mail server takes it (RFC 5321 caps a path at 254 characters). */
const emailBody = z.strictObject({
  email: z
    .string({ error: 'email must be an e-mail address' })
    .trim()
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'email must be an e-mail address' })),
});

const emailAddressDto = z.object({
  email: z.string(),
  /** Digests go only to a confirmed address. */
  confirmed: z.boolean(),
});
export type EmailAddressDto = z.infer<typeof emailAddressDto>;

const unsubscribeQuery = z.strictObject({
  u: idString('u'),
  kind: z.enum([...notificationKinds, UNSUBSCRIBE_ALL], {
    error: `kind must be one of ${notificationKinds.join(', ')} or ${UNSUBSCRIBE_ALL}`,
  }),
  sig: z
    .string({ error: 'sig is required' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'sig must be the signature the link came with'),
});

export const notificationsRoutes = defineRoutes({
  'GET /api/notifications': {
    auth: 'user',
    summary:
      'Your notifications, newest first, with the unread count (filtered by unread, kind or group)',
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
  'POST /api/push/subscriptions/renew': {
    auth: 'public',
    summary:
      "The service worker's pushsubscriptionchange: the browser replaced a subscription, so its pushes go to the new one (the old endpoint, a secret only that browser and this server know, names it; no sign-in in a worker)",
    body: z.strictObject({
      oldEndpoint: z
        .string({ error: 'oldEndpoint must be the replaced push service URL' })
        .max(2000, 'oldEndpoint must be at most 2000 characters'),
      subscription: pushSubscriptionBody,
    }),
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
  'GET /api/user/email': {
    auth: 'user',
    summary: 'Your address for the e-mail digest, and whether this site sends e-mail at all',
    reply: z.object({
      /** The site has SMTP_URL set; without it no e-mail goes out. */
      enabled: z.boolean(),
      address: emailAddressDto.nullable(),
    }),
  },
  'POST /api/user/email': {
    auth: 'user',
    summary:
      'Set your address for the e-mail digest: a link to confirm it is mailed to it (409 when this site sends no e-mail; at most one mail per 5 minutes)',
    body: emailBody,
    reply: z.object({ message: z.string(), address: emailAddressDto }),
  },
  'DELETE /api/user/email': {
    auth: 'user',
    summary: 'Remove your e-mail address: no more digests',
    reply: messageResponse,
  },
  'GET /api/user/email/confirm': {
    auth: 'public',
    summary:
      "Confirm an address with the confirmation mail's token (the link in it opens /email/confirm, which calls this)",
    query: z.strictObject({
      token: z
        .string({ error: 'token is required' })
        .regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the one the confirmation link came with'),
    }),
    reply: z.object({ message: z.string(), email: z.string() }),
  },
  'GET /api/notifications/unsubscribe': {
    auth: 'public',
    summary:
      "What an e-mail's unsubscribe link would turn off (signed, no sign-in): the link opens /email/unsubscribe, which shows this and asks",
    query: unsubscribeQuery,
    reply: z.object({
      kind: z.string(),
      /** The kind's words (or "every e-mail digest notice" for all). */
      label: z.string(),
      /** Notices about the account itself are always mailed. */
      fixed: z.boolean(),
      /** Whether e-mail of it is on now (for all: of any kind that can be turned off). */
      subscribed: z.boolean(),
    }),
  },
  'POST /api/notifications/unsubscribe': {
    auth: 'public',
    summary:
      'Turn e-mail of a kind (or of all) off from a signed link, without signing in; also the RFC 8058 one-click target (body List-Unsubscribe=One-Click)',
    query: unsubscribeQuery,
    // RFC 8058: mail clients post the form field List-Unsubscribe=One-Click; the POST itself is the intent.
    body: z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).nullish(),
    reply: messageResponse,
  },
});
