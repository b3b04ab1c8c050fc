import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  FIXED_KINDS,
  NOTIFICATION_KINDS,
  notificationKinds,
  UNSUBSCRIBE_ALL,
  type EmailAddressDto,
  type NotificationKind,
} from '../../../shared/api/notifications';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/errors';
import { preferences } from './inbox';
import { escapeHtml, htmlPage, mailOff, sendMail } from './mail';

/** How long a confirmation link works. */
const CONFIRM_HOURS = 24;
/** A player's next confirmation mail waits this long after the last one. */
const RESEND_MS = 5 * 60_000;

type UnsubscribeKind = NotificationKind | typeof UNSUBSCRIBE_ALL;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The signature an unsubscribe link carries: HMAC-SHA256 of who and what, with the player's secret. */
export const unsubscribeSig = (secret: string, userId: number, kind: UnsubscribeKind): string =>
  createHmac('sha256', Buffer.from(secret, 'base64url'))
    .update(`unsubscribe ${userId} ${kind}`)
    .digest('base64url');

/** An unsubscribe link's query: who, what, signed. */
export const unsubscribeQuery = (secret: string, userId: number, kind: UnsubscribeKind): string =>
  `u=${userId}&kind=${kind}&sig=${unsubscribeSig(secret, userId, kind)}`;

interface AddressRow {
  email: string;
  confirmed_at: string | null;
}

const present = (row: AddressRow): EmailAddressDto => ({
  email: row.email,
  confirmed: row.confirmed_at !== null,
});

export async function address(
  deps: Deps,
  userId: number,
): Promise<{ enabled: boolean; address: EmailAddressDto | null }> {
  const [row] = await deps.db.rows<AddressRow>(
    sql`select email, confirmed_at from notification_emails where user_id = ${userId}`,
  );
  return { enabled: deps.config.smtpUrl !== undefined, address: row ? present(row) : null };
}

/** The domain part of an address is case-blind (RFC 5321); the local part is the mailbox's to read. */
const normalize = (email: string): string => {
  const at = email.lastIndexOf('@');
  return email.slice(0, at) + email.slice(at).toLowerCase();
};

/**
 * Sets the player's address (DESIGN.md section 12) and mails it a confirmation link; a new
 * address needs confirming again, the confirmed one already kept is left as it is. One mail per
 * RESEND_MS per player, so the form cannot be used to flood someone's mailbox. The mail goes
 * after the commit; if it cannot go, the player may ask again at once.
 */
export async function saveAddress(
  deps: Deps,
  user: { id: number; username: string },
  given: string,
): Promise<{ message: string; address: EmailAddressDto }> {
  const { config } = deps;
  if (!config.smtpUrl || !config.publicUrl) throw mailOff();
  const email = normalize(given);
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const hash = sha256(token);
  const kept = await deps.db.tx(async (tx) => {
    const [row] = await tx.rows<AddressRow & { confirm_sent_at: string | null }>(sql`
      select email, confirmed_at, confirm_sent_at from notification_emails
      where user_id = ${user.id} for update`);
    if (row && row.email === email && row.confirmed_at !== null) return row;
    const sent = row?.confirm_sent_at ? new Date(row.confirm_sent_at).getTime() : null;
    if (sent !== null && now.getTime() - sent < RESEND_MS) {
      const seconds = Math.ceil((sent + RESEND_MS - now.getTime()) / 1000);
      throw new AppError(
        429,
        'RATE_LIMITED',
        `A confirmation e-mail went out less than 5 minutes ago; you can ask for another in ${Math.ceil(seconds / 60)} min`,
        { retryAfterSeconds: seconds },
      );
    }
    const expires = new Date(now.getTime() + CONFIRM_HOURS * 3600_000);
    await tx.rows(sql`
      insert into notification_emails (user_id, email, confirm_token_hash, confirm_expires_at,
        confirm_sent_at, unsubscribe_secret)
      values (${user.id}, ${email}, ${hash}, ${expires.toISOString()}, ${now.toISOString()},
        ${randomBytes(32).toString('base64url')})
      on conflict (user_id) do update set email = excluded.email, confirmed_at = null,
        confirm_token_hash = excluded.confirm_token_hash,
        confirm_expires_at = excluded.confirm_expires_at,
        confirm_sent_at = excluded.confirm_sent_at`);
    return null;
  });
  if (kept) return { message: `${email} is confirmed already`, address: present(kept) };

  const link = `${config.publicUrl}/email/confirm?token=${token}`;
  try {
    await sendMail(config, {
      to: email,
      subject: 'Confirm your e-mail address for Fair & Square',
      text: [
        `Hello ${user.username},`,
        '',
        `Open this link to confirm ${email} for your Fair & Square notification digests:`,
        link,
        '',
        `The link works for ${CONFIRM_HOURS} hours. If you did not ask for this, ignore this e-mail: nothing more will be sent to this address.`,
      ].join('\n'),
      html: htmlPage(
        `<p>Hello ${escapeHtml(user.username)},</p>` +
          `<p>Open this link to confirm ${escapeHtml(email)} for your Fair &amp; Square notification digests:</p>` +
          `<p><a href="${escapeHtml(link)}">Confirm ${escapeHtml(email)}</a></p>` +
          `<p>The link works for ${CONFIRM_HOURS} hours. If you did not ask for this, ignore this e-mail: nothing more will be sent to this address.</p>`,
      ),
    });
  } catch (err) {
    deps.log.warn({ err, userId: user.id }, 'e-mail: a confirmation could not be sent');
    await deps.db.rows(sql`
      update notification_emails set confirm_sent_at = null
      where user_id = ${user.id} and confirm_token_hash = ${hash}`);
    throw new AppError(
      503,
      'UNAVAILABLE',
      'The confirmation e-mail could not be sent just now; try again in a few minutes',
    );
  }
  return {
    message: `A confirmation link is on its way to ${email}: open it within ${CONFIRM_HOURS} hours`,
    address: { email, confirmed: false },
  };
}

export async function removeAddress(deps: Deps, userId: number): Promise<{ message: string }> {
  const [row] = await deps.db.rows<{ email: string }>(
    sql`delete from notification_emails where user_id = ${userId} returning email`,
  );
  return {
    message: row ? `${row.email} is removed: no more e-mail goes to it` : 'No address was kept',
  };
}

/**
 * The confirmation link, opened without signing in (the mail may be read on another device).
 * A second open of a used link says it is done; a link replaced by a newer one no longer works.
 */
export async function confirm(
  deps: Deps,
  token: string,
): Promise<{ message: string; email: string }> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{
      user_id: number;
      email: string;
      confirmed_at: string | null;
      expired: boolean;
    }>(sql`
      select user_id, email, confirmed_at, confirm_expires_at <= ${now.toISOString()}::timestamptz as expired
      from notification_emails where confirm_token_hash = ${sha256(token)} for update`);
    if (!row)
      throw notFound(
        'This confirmation link does not work: a newer one replaced it, or the address was removed',
        [{ field: 'token', rule: 'not_found' }],
      );
    if (row.confirmed_at !== null)
      return { message: `${row.email} is confirmed already`, email: row.email };
    if (row.expired)
      throw new AppError(
        410,
        'GONE',
        `This confirmation link has expired (they work for ${CONFIRM_HOURS} hours): ask for a new one in your notification settings`,
      );
    await tx.rows(
      sql`update notification_emails set confirmed_at = now() where user_id = ${row.user_id}`,
    );
    return {
      message: `${row.email} is confirmed: notifications you miss will come to it in a daily digest`,
      email: row.email,
    };
  });
}

/** The player whose signed link this is; a link of no one, or of a removed address, does not work. */
async function linkOwner(
  deps: Deps,
  query: { u: number; kind: UnsubscribeKind; sig: string },
): Promise<number> {
  const [row] = await deps.db.rows<{ unsubscribe_secret: string }>(
    sql`select unsubscribe_secret from notification_emails where user_id = ${query.u}`,
  );
  const expected = row && Buffer.from(unsubscribeSig(row.unsubscribe_secret, query.u, query.kind));
  const given = Buffer.from(query.sig);
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given))
    throw notFound(
      'This unsubscribe link does not work: it is not one we sent, or its address was removed (then no e-mail goes to it any more)',
      [{ field: 'sig', rule: 'not_found' }],
    );
  return query.u;
}

const labelOf = (kind: UnsubscribeKind): string =>
  kind === UNSUBSCRIBE_ALL
    ? 'Every notice in the e-mail digest that can be turned off'
    : NOTIFICATION_KINDS[kind].label;

const changeable = notificationKinds.filter((k) => !FIXED_KINDS.includes(k));

/** What the link would turn off, so its page can ask first (a mail scanner's GET changes nothing). */
export async function describeUnsubscribe(
  deps: Deps,
  query: { u: number; kind: UnsubscribeKind; sig: string },
): Promise<{ kind: string; label: string; fixed: boolean; subscribed: boolean }> {
  const userId = await linkOwner(deps, query);
  const prefs = await preferences(deps.db, userId);
  const kinds = query.kind === UNSUBSCRIBE_ALL ? changeable : [query.kind];
  return {
    kind: query.kind,
    label: labelOf(query.kind),
    fixed: query.kind !== UNSUBSCRIBE_ALL && FIXED_KINDS.includes(query.kind),
    subscribed: prefs.some((p) => kinds.includes(p.kind) && p.email),
  };
}

/**
 * Turns e-mail of the link's kind off (inbox and push stay as they are); `all` turns off every
 * kind that can be, which is what List-Unsubscribe does. Notices about the account itself are
 * always mailed: a link for them is refused, saying so.
 */
export async function unsubscribe(
  deps: Deps,
  query: { u: number; kind: UnsubscribeKind; sig: string },
): Promise<{ message: string }> {
  const userId = await linkOwner(deps, query);
  if (query.kind !== UNSUBSCRIBE_ALL && FIXED_KINDS.includes(query.kind))
    throw conflict(
      'Notices about your account itself (sanctions, appeals, sign-in notices) cannot be turned off: they are mailed to a confirmed address whatever else you choose. Remove the address in your notification settings to stop all e-mail.',
    );
  const kinds = query.kind === UNSUBSCRIBE_ALL ? changeable : [query.kind];
  await deps.db.rows(sql`
    insert into notification_preferences (user_id, kind, inbox, push, email)
    select ${userId}, k, true, true, false from unnest(${`{${kinds.join(',')}}`}::text[]) k
    on conflict (user_id, kind) do update set email = false`);
  return {
    message:
      query.kind === UNSUBSCRIBE_ALL
        ? 'You are unsubscribed: the digest will only tell you about your account itself (sanctions, appeals, sign-in notices)'
        : `You are unsubscribed from e-mails about: ${labelOf(query.kind)}`,
  };
}
