import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';

/** A player's browsers beyond this many: the oldest subscription goes. */
const MAX_PER_USER = 20;

/** Addresses a push service never has: this machine, private networks, link-local. */
const inside = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  inside.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  inside.addSubnet(net, bits, 'ipv6');

const loopback = (host: string): boolean =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host === '::1' ||
  (isIP(host) === 4 && host.startsWith('127.'));

const insideAddress = (host: string): boolean => {
  const family = isIP(host);
  return loopback(host) || (family !== 0 && inside.check(host, family === 4 ? 'ipv4' : 'ipv6'));
};

/**
 * The server posts to whatever endpoint a player gives, so only to a push service's: https, on
 * a public name. PUSH_ALLOW_LOOPBACK (tests, a local push service) also takes http and https
 * on this machine; never a private network's address.
 */
export function checkEndpoint(endpoint: string, allowLoopback: boolean, field = 'endpoint'): void {
  const refuse = (why: string) =>
    badRequest(`${field} ${why}`, [{ field, rule: 'format', message: why }]);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse('must be an https URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.username || url.password) throw refuse('must not carry a user name or password');
  const onThisMachine = allowLoopback && loopback(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && onThisMachine))
    throw refuse('must be an https URL');
  if (insideAddress(host) && !onThisMachine)
    throw refuse("must be a push service's address, not a local or private one");
}

/**
 * Pushes for `userId` go to this browser from now on: one row per endpoint, so a browser that
 * subscribed under another account moves to this one (with its fresh keys).
 */
export async function subscribe(
  deps: Deps,
  userId: number,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<{ message: string }> {
  checkEndpoint(body.endpoint, deps.config.pushLoopback);
  await deps.db.tx(async (tx) => {
    await tx.rows(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${userId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
        auth = excluded.auth, created_at = now()`);
    await tx.rows(sql`
      delete from push_subscriptions where user_id = ${userId} and id not in (
        select id from push_subscriptions where user_id = ${userId}
        order by created_at desc, id desc limit ${MAX_PER_USER})`);
  });
  return { message: 'Push notifications are on for this browser' };
}

/**
 * The browser replaced its subscription (pushsubscriptionchange, in the service worker, which
 * holds no session): the row of the old endpoint takes the new one, for the same player. The
 * old endpoint is a capability URL only that browser and this server know, so it is the proof.
 */
export async function renew(
  deps: Deps,
  body: {
    oldEndpoint: string;
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  },
): Promise<{ message: string }> {
  const next = body.subscription;
  checkEndpoint(next.endpoint, deps.config.pushLoopback, 'subscription.endpoint');
  const [row] = await deps.db.rows<{ id: number }>(sql`
    with gone as (
      delete from push_subscriptions where endpoint = ${next.endpoint}
        and ${next.endpoint} <> ${body.oldEndpoint}
        and exists (select 1 from push_subscriptions where endpoint = ${body.oldEndpoint})
    )
    update push_subscriptions set endpoint = ${next.endpoint}, p256dh = ${next.keys.p256dh},
      auth = ${next.keys.auth}, created_at = now()
    where endpoint = ${body.oldEndpoint} returning id`);
  if (!row)
    throw notFound('oldEndpoint: no browser is subscribed with that endpoint; subscribe again');
  return { message: 'Push notifications go to the renewed subscription' };
}

/** This browser gets no more pushes for `userId` (another account's subscription stays). */
export async function unsubscribe(
  deps: Deps,
  userId: number,
  endpoint: string,
): Promise<{ message: string }> {
  await deps.db.rows(
    sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}`,
  );
  return { message: 'Push notifications are off for this browser' };
}
