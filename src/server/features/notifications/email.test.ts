import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../shared/api/notifications';
import type { Config } from '../../config';
import { ManualClock } from '../../platform/clock';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import {
  call,
  registerUser,
  uniqueName,
  useTestServer,
  type TestServer,
  type TestUser,
} from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { MailServer, type ReceivedMail } from '../../testing/mailServer';
import { sendDigests } from './digest';
import { unsubscribeSig } from './email';
import { notify } from './inbox';

const SITE = 'https://play.example.test';

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const HOUR = 3600_000;

/** The links of a mail's text part that start with the site's address. */
const linksIn = (text: string): URL[] =>
  [...text.matchAll(/https:\/\/play\.example\.test\/\S+/g)].map((m) => new URL(m[0]));

/** The query of a link as the route's query object. */
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('e-mail', () => {
  const mail = new MailServer();
  const clock = new ManualClock();
  const overrides: Partial<Config> = { publicUrl: SITE };
  // Before the server's own beforeAll, which reads the overrides.
  beforeAll(async () => {
    overrides.smtpUrl = await mail.start();
  });
  afterAll(() => mail.close());
  const server = useTestServer(overrides, { clock });

  const setAddress = (user: TestUser, email: string) =>
    callRoute(server, 'POST /api/user/email', { token: user.token, body: { email } });

  /** The confirmation link of the newest mail to `email`. */
  function confirmLink(email: string): URL {
    const last = mail.to(email).at(-1);
    if (!last) throw new Error(`no mail to ${email}`);
    const link = linksIn(last.text).find((l) => l.pathname === '/email/confirm');
    if (!link) throw new Error(`no confirmation link in ${last.text}`);
    return link;
  }

  /** What /email/confirm does with the link's token: no session. */
  const openConfirm = (link: URL) =>
    callRouteRaw(server, 'GET /api/user/email/confirm', { query: queryOf(link) });

  async function confirmedPlayer(): Promise<TestUser & { email: string }> {
    const user = await registerUser(server);
    const email = `${user.username}@example.test`;
    expect((await setAddress(user, email)).status).toBe(200);
    expect((await openConfirm(confirmLink(email))).status).toBe(200);
    return { ...user, email };
  }

  let sequence = 0;
  const notice = (user: TestUser, kind: NotificationKind, title: string, link = '/dashboard') =>
    notify(server.db, [
      { userId: user.id, kind, title, body: `About ${title}.`, link, dedupeKey: `t${sequence++}` },
    ]);

  const preferencesOf = async (user: TestUser) =>
    (await callRoute(server, 'GET /api/notifications/preferences', { token: user.token })).body;

  describe('the address', () => {
    it('is confirmed by the link mailed to it, opened without a session', async () => {
      const user = await registerUser(server);
      const email = `${user.username}@Example.TEST`;
      expect((await callRoute(server, 'GET /api/user/email', { token: user.token })).body).toEqual({
        enabled: true,
        address: null,
      });

      const saved = await setAddress(user, ` ${email} `);
      expect(saved.status).toBe(200);
      expect(saved.body.address).toEqual({
        email: `${user.username}@example.test`,
        confirmed: false,
      });
      const [sent] = mail.to(`${user.username}@example.test`);
      expect(sent?.subject).toBe('Confirm your e-mail address for Fair & Square');
      expect(sent?.headers.from).toBe('"Fair & Square" <no-reply@localhost>');
      const link = confirmLink(`${user.username}@example.test`);
      expect(link.origin + link.pathname).toBe(`${SITE}/email/confirm`);
      expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sent?.html).toContain(link.href.replace(/&/g, '&amp;'));

      const confirmed = await openConfirm(link);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.email).toBe(`${user.username}@example.test`);
      expect(
        (await callRoute(server, 'GET /api/user/email', { token: user.token })).body.address,
      ).toEqual({ email: `${user.username}@example.test`, confirmed: true });
      // Opened twice (a mail scanner got there first): done, not an error.
      const again = await openConfirm(link);
      expect(again.status).toBe(200);
      expect(again.body.message).toMatch(/confirmed already/);
      // The same address again sends nothing.
      const same = await setAddress(user, `${user.username}@example.test`);
      expect(same.body.address.confirmed).toBe(true);
      expect(mail.to(`${user.username}@example.test`)).toHaveLength(1);
    });

    it('refuses a wrong, replaced or expired token', async () => {
      const user = await registerUser(server);
      const email = `${user.username}@example.test`;
      await setAddress(user, email);
      const first = confirmLink(email);
      expectError(
        await callRouteRaw(server, 'GET /api/user/email/confirm', {
          query: { token: 'x'.repeat(43) },
        }),
        404,
        { code: 'NOT_FOUND' },
      );
      expectBadField(
        await callRouteRaw(server, 'GET /api/user/email/confirm', { query: { token: 'short' } }),
        'token',
      );
      // A second mail within 5 minutes is refused, saying when.
      expectError(await setAddress(user, email), 429, {
        code: 'RATE_LIMITED',
        message: /5 minutes/,
      });
      clock.advance(25 * HOUR);
      expectError(await openConfirm(first), 410, { code: 'GONE', message: /expired/ });
      // A new mail: its link works, the old one no longer does.
      expect((await setAddress(user, email)).status).toBe(200);
      const second = confirmLink(email);
      expect(second.href).not.toBe(first.href);
      expectError(await openConfirm(first), 404, { code: 'NOT_FOUND' });
      expect((await openConfirm(second)).status).toBe(200);
    });

    it('starts over when changed, and can be removed', async () => {
      const user = await confirmedPlayer();
      clock.advance(6 * 60_000);
      const changed = await setAddress(user, `new-${user.email}`);
      expect(changed.body.address).toEqual({ email: `new-${user.email}`, confirmed: false });
      expect(mail.to(`new-${user.email}`)).toHaveLength(1);
      const removed = await callRoute(server, 'DELETE /api/user/email', { token: user.token });
      expect(removed.status).toBe(200);
      expect(
        (await callRoute(server, 'GET /api/user/email', { token: user.token })).body.address,
      ).toBeNull();
      expectError(await openConfirm(confirmLink(`new-${user.email}`)), 404);
    });

    it('must look like an address of at most 254 characters', async () => {
      const user = await registerUser(server);
      expectBadField(await setAddress(user, 'not an address'), 'email');
      expectBadField(await setAddress(user, `${'a'.repeat(64)}@${'b'.repeat(190)}.test`), 'email');
    });
  });

  describe('the digest', () => {
    let away: TestUser & { email: string };
    let digest: ReceivedMail;

    /** Every digest that went out since `before` mails had arrived, by recipient. */
    const digestsSince = (before: number) =>
      mail.mails.slice(before).filter((m) => m.subject.includes('waiting for you'));

    let present: TestUser & { email: string };

    it('goes once to a player who was away, not to one who is here or used the site', async () => {
      // Notifications are stamped with the database's time: the rules' clock reads it again.
      clock.set(Date.now());
      away = await confirmedPlayer();
      present = await confirmedPlayer();
      const visited = await confirmedPlayer();
      const muted = await confirmedPlayer();
      await callRoute(server, 'PUT /api/notifications/preferences', {
        token: muted.token,
        body: { preferences: [{ kind: 'coins_received', inbox: true, push: true, email: false }] },
      });

      await notice(away, 'coins_received', 'Ann sent you 5 coins');
      await notice(away, 'trade_offered', 'Bo offers a trade', '/trades');
      await notice(away, 'coins_received', 'Cy sent you 7 coins');
      await notice(away, 'security', 'A new sign-in', '/profile');
      await notice(away, 'duel_result', 'Read already');
      await callRoute(server, 'POST /api/notifications/read', {
        token: away.token,
        body: {
          ids: [
            (
              await server.db.rows<{ id: number }>(
                sql`select max(id)::int as id from notifications where user_id = ${away.id}`,
              )
            )[0]!.id,
          ],
        },
      });
      await notice(present, 'coins_received', 'Here sent you 1 coin');
      await notice(visited, 'coins_received', 'Vi sent you 1 coin');
      await notice(muted, 'coins_received', 'Mu sent you 1 coin');
      // `visited` comes back after it (a session used), `present` has the site open now.
      await server.db.rows(
        sql`update sessions set last_used_at = now() + interval '1 second' where user_id = ${visited.id}`,
      );
      const live = await openLive(server.url, await takeTicket(server.url, present.token));

      const before = mail.mails.length;
      await sendDigests(server.deps);
      expect(digestsSince(before), 'nothing is a day old yet').toEqual([]);

      clock.advance(25 * HOUR);
      await Promise.all([sendDigests(server.deps), sendDigests(server.deps)]);
      live.close();
      await until('the present player has left', async () => {
        const [row] = await server.db.rows<{ n: number }>(
          sql`select count(*)::int as n from live_presence where user_id = ${present.id}`,
        );
        return row?.n === 0;
      });
      const sent = digestsSince(before);
      expect(sent.map((m) => m.to)).toEqual([[away.email]]);
      digest = sent[0]!;
      expect(digest.subject).toBe('4 notifications waiting for you on Fair & Square');

      // Grouped by kind in the kinds' order, each line with its page, each kind with its stop link.
      const text = digest.text;
      const order = [
        'Bo offers a trade',
        'Ann sent you 5 coins',
        'Cy sent you 7 coins',
        'A new sign-in',
      ];
      expect(order.map((t) => text.indexOf(t))).toEqual(
        [...order.map((t) => text.indexOf(t))].sort((a, b) => a - b),
      );
      expect(text).not.toContain('Read already');
      expect(text).toContain(`${SITE}/trades`);
      expect(text).toContain(`${SITE}/dashboard`);
      const stops = linksIn(text).filter((l) => l.pathname === '/email/unsubscribe');
      expect(stops.map((l) => l.searchParams.get('kind'))).toEqual([
        'trade_offered',
        'coins_received',
        'all',
      ]);
      expect(text).toContain('Notices about your account itself are always sent.');
      for (const title of order) expect(digest.html).toContain(title);
      expect(digest.html).toContain('Stop e-mails about this');

      // RFC 8058: one https URL that takes the one-click POST.
      const header = digest.headers['list-unsubscribe'] ?? '';
      expect(header).toMatch(
        /^<https:\/\/play\.example\.test\/api\/notifications\/unsubscribe\?[^>]+>$/,
      );
      expect(new URL(header.slice(1, -1)).searchParams.get('kind')).toBe('all');
      expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      const [marks] = await server.db.rows<{ mailed: number; unmailed: number }>(sql`
        select count(*) filter (where mailed_at is not null)::int as mailed,
          count(*) filter (where mailed_at is null)::int as unmailed
        from notifications where user_id = ${away.id}`);
      expect(marks).toEqual({ mailed: 4, unmailed: 1 });
    });

    it('goes at most once a day, then with only what is new', async () => {
      const before = mail.mails.length;
      await notice(away, 'coins_received', 'Di sent you 9 coins');
      clock.advance(12 * HOUR);
      await sendDigests(server.deps);
      // The away player's last one went 12 hours ago; the one who was here has left since.
      expect(digestsSince(before).map((m) => m.to)).toEqual([[present.email]]);
      clock.advance(13 * HOUR);
      await sendDigests(server.deps);
      const sent = digestsSince(before).filter((m) => m.to.includes(away.email));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('1 notification waiting for you on Fair & Square');
      expect(sent[0]!.text).toContain('Di sent you 9 coins');
      expect(sent[0]!.text).not.toContain('Ann sent you 5 coins');
    });

    it("unsubscribes a kind from its link without a session: the page's GET asks, the POST does it", async () => {
      const link = linksIn(digest.text).find(
        (l) =>
          l.pathname === '/email/unsubscribe' && l.searchParams.get('kind') === 'coins_received',
      )!;
      const query = queryOf(link);
      const asked = await callRouteRaw(server, 'GET /api/notifications/unsubscribe', { query });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ kind: 'coins_received', fixed: false, subscribed: true });
      expect((await preferencesOf(away)).find((p) => p.kind === 'coins_received')?.email).toBe(
        true,
      );

      const done = await callRouteRaw(server, 'POST /api/notifications/unsubscribe', { query });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const prefs = await preferencesOf(away);
      expect(prefs.find((p) => p.kind === 'coins_received')).toMatchObject({
        inbox: true,
        push: true,
        email: false,
      });
      expect(prefs.find((p) => p.kind === 'trade_offered')?.email).toBe(true);

      // A link changed by hand does not work.
      for (const bad of [
        { ...query, kind: 'trade_offered' },
        { ...query, u: String(Number(query.u) + 1) },
        { ...query, sig: `${query.sig!.slice(0, 42)}${query.sig!.endsWith('A') ? 'B' : 'A'}` },
      ])
        expectError(
          await callRouteRaw(server, 'POST /api/notifications/unsubscribe', { query: bad }),
          404,
        );
    });

    it("takes the mail client's one-click POST on List-Unsubscribe: every kind that can be turned off", async () => {
      const url = new URL((digest.headers['list-unsubscribe'] ?? '').slice(1, -1));
      const res = await call(server, 'POST', url.pathname + url.search, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const prefs = await preferencesOf(away);
      expect(prefs.filter((p) => p.email).map((p) => p.kind)).toEqual(['security']);
      // As a multipart form too (RFC 8058 allows either).
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      expect(
        (await call(server, 'POST', url.pathname + url.search, { rawBody: form })).status,
      ).toBe(200);
    });

    it('keeps mailing notices about the account itself, saying so', async () => {
      const [row] = await server.db.rows<{ unsubscribe_secret: string }>(
        sql`select unsubscribe_secret from notification_emails where user_id = ${away.id}`,
      );
      const query = {
        u: String(away.id),
        kind: 'security',
        sig: unsubscribeSig(row!.unsubscribe_secret, away.id, 'security'),
      };
      const asked = await callRouteRaw(server, 'GET /api/notifications/unsubscribe', { query });
      expect(asked.body).toMatchObject({ kind: 'security', fixed: true, subscribed: true });
      expectError(
        await callRouteRaw(server, 'POST /api/notifications/unsubscribe', { query }),
        409,
        { message: /cannot be turned off/ },
      );
    });
  });
});

describe('e-mail on a site without SMTP_URL', () => {
  const server: TestServer = useTestServer();

  it('is refused with a 409 that says so, and no digest runs', async () => {
    const user = await registerUser(server, uniqueName('nomail'));
    expect((await callRoute(server, 'GET /api/user/email', { token: user.token })).body).toEqual({
      enabled: false,
      address: null,
    });
    expectError(
      await callRoute(server, 'POST /api/user/email', {
        token: user.token,
        body: { email: 'someone@example.test' },
      }),
      409,
      { code: 'CONFLICT', message: /e-mail is not set up on this site/i },
    );
    expect(await sendDigests(server.deps)).toBe(0);
  });
});
