import { sql, type SQL } from 'drizzle-orm';
import {
  FIXED_KINDS,
  NOTIFICATION_KINDS,
  notificationKinds,
  UNSUBSCRIBE_ALL,
  type NotificationKind,
} from '../../../shared/api/notifications';
import type { Config } from '../../config';
import type { Deps } from '../../platform/deps';
import { sessionUsedSince } from '../../platform/auth';
import { hasLiveSocket } from '../../platform/realtime/presence';
import { accountsSql } from '../accounts/public';
import { unsubscribeQuery } from './email';
import { channelOn } from './inbox';
import { escapeHtml, htmlPage, sendMail, type Mail } from './mail';

/** Players claimed at once. */
const BATCH = 50;
/** Lines one digest lists; the rest are counted, and all of them count as mailed. */
const MAX_LINES = 50;
/** At most one digest per player in this long. */
const DIGEST_EVERY_MS = 24 * 3600_000;

interface Claimed {
  user_id: number;
  email: string;
  unsubscribe_secret: string;
  username: string;
}

interface Line {
  id: number;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * A notification `n` of `e`'s player that may go in their digest: unread, never mailed, older
 * than DIGEST_AFTER_HOURS, newer than the address's confirmation (a new address does not get the
 * backlog), of a kind whose e-mail is on.
 */
const mailable = (cutoff: Date): SQL => sql`
  n.user_id = e.user_id and n.read_at is null and n.mailed_at is null
  and n.created_at <= ${cutoff.toISOString()}::timestamptz and n.created_at >= e.confirmed_at
  and ${channelOn('email', sql`n.user_id`, sql`n.kind`)}`;

/**
 * The e-mail digest (DESIGN.md section 12), run by a sweep in every process. A player with a
 * confirmed address gets at most one a day, listing what stayed unread for DIGEST_AFTER_HOURS,
 * only if they were away: no live socket on any process, and no session used since the oldest
 * notification it lists. The claim locks the address rows (FOR UPDATE SKIP LOCKED, so two
 * processes never take the same player) and marks the notifications mailed in the transaction
 * that records last_digest_at; the mails go after the commit, and a failed one is logged and
 * lost (the inbox still holds it all). Returns how many digests went out.
 */
export async function sendDigests(deps: Deps): Promise<number> {
  const { config } = deps;
  if (!config.smtpUrl || !config.publicUrl) return 0;
  let sent = 0;
  for (;;) {
    const { claimed, digests } = await claim(deps);
    for (const mail of digests) {
      try {
        await sendMail(config, mail);
        sent++;
      } catch (err) {
        deps.log.warn({ err }, 'e-mail: a digest could not be sent; it is not tried again');
      }
    }
    if (claimed < BATCH) return sent;
  }
}

async function claim(deps: Deps): Promise<{ claimed: number; digests: Mail[] }> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.digestAfterHours * 3600_000);
  const dayAgo = new Date(now.getTime() - DIGEST_EVERY_MS);
  return deps.db.tx(async (tx) => {
    const players = await tx.rows<Claimed>(sql`
      select e.user_id, e.email, e.unsubscribe_secret, ${accountsSql.usernameOf(sql`e.user_id`)} as username
      from notification_emails e
      where e.confirmed_at is not null
        and (e.last_digest_at is null or e.last_digest_at <= ${dayAgo.toISOString()}::timestamptz)
        and ${accountsSql.isActive(sql`e.user_id`)}
        and exists (select 1 from notifications n where ${mailable(cutoff)})
        and not ${hasLiveSocket(sql`e.user_id`)}
        and not ${sessionUsedSince(
          sql`e.user_id`,
          sql`(select min(n.created_at) from notifications n where ${mailable(cutoff)})`,
        )}
      order by e.user_id limit ${BATCH}
      for update of e skip locked`);
    if (players.length === 0) return { claimed: 0, digests: [] };
    const ids = `{${players.map((p) => p.user_id).join(',')}}`;
    const lines = await tx.rows<Line>(sql`
      update notifications n set mailed_at = now()
      from notification_emails e
      where e.user_id = any(${ids}::bigint[]) and ${mailable(cutoff)}
      returning n.user_id, n.kind, n.title, n.body, n.link, n.id`);
    // A player who read them all meanwhile gets no mail, and may get one sooner.
    const mailed = [...new Set(lines.map((l) => l.user_id))];
    if (mailed.length > 0)
      await tx.rows(sql`
        update notification_emails set last_digest_at = ${now.toISOString()}
        where user_id = any(${`{${mailed.join(',')}}`}::bigint[])`);
    const digests = players.flatMap((p) => {
      const own = lines.filter((l) => l.user_id === p.user_id).sort((x, y) => x.id - y.id);
      return own.length > 0 ? [compose(deps.config, p, own)] : [];
    });
    return { claimed: players.length, digests };
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A notification's page, on this site (links are site paths; anything else opens the inbox). */
const siteLink = (publicUrl: string, link: string) =>
  publicUrl + (link.startsWith('/') && !link.startsWith('//') ? link : '/notifications');

/**
 * The digest's two parts: grouped by kind (in the kinds' order), each kind with its link to stop
 * mails of it (a page on the site that asks first), and List-Unsubscribe (RFC 8058 one-click)
 * turning off every kind that can be: a mail client's button means "no more of these".
 */
function compose(config: Config, player: Claimed, lines: Line[]): Mail {
  const publicUrl = config.publicUrl ?? '';
  const stopLink = (kind: NotificationKind | typeof UNSUBSCRIBE_ALL) =>
    `${publicUrl}/email/unsubscribe?${unsubscribeQuery(player.unsubscribe_secret, player.user_id, kind)}`;
  const inbox = `${publicUrl}/notifications`;
  const settings = `${publicUrl}/notifications/settings`;
  let room = MAX_LINES;
  const groups = notificationKinds.flatMap((kind) => {
    const all = lines.filter((l) => l.kind === kind);
    const shown = all.slice(0, Math.max(0, room));
    room -= shown.length;
    return all.length > 0 ? [{ kind, shown, hidden: all.length - shown.length }] : [];
  });
  const hidden = groups.reduce((n, g) => n + g.hidden, 0);
  const fixedNote = 'Notices about your account itself are always sent.';

  const text = [
    `Hello ${player.username},`,
    '',
    `While you were away, ${plural(lines.length, 'notification')} waited for you on Fair & Square:`,
    ...groups.flatMap((g) => [
      '',
      `== ${NOTIFICATION_KINDS[g.kind].label} ==`,
      ...g.shown.flatMap((l) => [
        `- ${l.title}${l.body ? `: ${l.body}` : ''}`,
        `  ${siteLink(publicUrl, l.link)}`,
      ]),
      ...(g.hidden > 0 ? [`- and ${g.hidden} more`] : []),
      FIXED_KINDS.includes(g.kind) ? fixedNote : `Stop e-mails about this: ${stopLink(g.kind)}`,
    ]),
    '',
    ...(hidden > 0 ? [`All of them are in your inbox: ${inbox}`] : [`Your inbox: ${inbox}`]),
    `Choose what reaches you: ${settings}`,
    `Stop every digest e-mail: ${stopLink(UNSUBSCRIBE_ALL)}`,
  ].join('\n');

  const a = (href: string, words: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(words)}</a>`;
  const html = htmlPage(
    `<p>Hello ${escapeHtml(player.username)},</p>` +
      `<p>While you were away, ${plural(lines.length, 'notification')} waited for you on Fair &amp; Square:</p>` +
      groups
        .map(
          (g) =>
            `<h3 style="margin:16px 0 4px">${escapeHtml(NOTIFICATION_KINDS[g.kind].label)}</h3><ul>` +
            g.shown
              .map(
                (l) =>
                  `<li>${a(siteLink(publicUrl, l.link), l.title)}${l.body ? ` ${escapeHtml(l.body)}` : ''}</li>`,
              )
              .join('') +
            (g.hidden > 0 ? `<li>and ${g.hidden} more</li>` : '') +
            `</ul><p style="font-size:13px;color:#64748b">${
              FIXED_KINDS.includes(g.kind)
                ? escapeHtml(fixedNote)
                : a(stopLink(g.kind), 'Stop e-mails about this')
            }</p>`,
        )
        .join('') +
      `<p>${a(inbox, 'Open your inbox')} · ${a(settings, 'Choose what reaches you')} · ${a(stopLink(UNSUBSCRIBE_ALL), 'Stop every digest e-mail')}</p>`,
  );

  return {
    to: player.email,
    subject: `${plural(lines.length, 'notification')} waiting for you on Fair & Square`,
    text,
    html,
    unsubscribeUrl: `${publicUrl}/api/notifications/unsubscribe?${unsubscribeQuery(player.unsubscribe_secret, player.user_id, UNSUBSCRIBE_ALL)}`,
  };
}
