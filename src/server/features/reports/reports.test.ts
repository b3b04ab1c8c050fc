import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '../../../shared/reports';
import { ManualClock } from '../../platform/clock';
import { useAdmin, useUser } from '../../testing/builders';
import { callRoute, callRouteRaw } from '../../testing/callRoute';
import { expectBadField, expectError } from '../../testing/expectations';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { createBet } from '../bets/builders';
import { crew, writePost } from '../communities/builders';
import { listService } from '../services/builders';
import { reportsModule } from './module';

/** Reports (issue 39): filing, the moderators' queue, escalation after 24 hours, the admins' queue. */
const clock = new ManualClock('2030-04-01T09:00:00Z');
const server = useTestServer({}, { clock });
const admin = useAdmin(server);
const player = useUser(server);

type Body = {
  targetType: 'user' | 'service' | 'post' | 'comment' | 'bet' | 'community';
  targetId: string;
  reason?: string;
  details?: string;
};
const report = (by: TestUser, body: Body) =>
  callRouteRaw(server, 'POST /api/reports', {
    token: by.token,
    body: { reason: 'spam', details: 'look at it', ...body },
  });
const adminQueue = (query: Record<string, string> = {}) =>
  callRoute(server, 'GET /api/admin/reports', { token: admin.token, query });
const adminResolve = (id: string, action = 'dismissed', note = 'checked') =>
  callRouteRaw(server, 'POST /api/admin/reports/:id/resolve', {
    token: admin.token,
    params: { id },
    body: { action, note },
  });
const modQueue = (slug: string, by: TestUser, query: Record<string, string> = {}) =>
  callRouteRaw(server, 'GET /api/communities/:slug/reports', {
    token: by.token,
    params: { slug },
    query,
  });
const inbox = async (user: TestUser) => {
  await server.deps.events.flush();
  return server.db.rows<{ kind: string; title: string; body: string }>(
    sql`select kind, title, body from notifications where user_id = ${user.id} and kind = 'report_resolved'`,
  );
};
const escalateSweep = () => reportsModule.sweeps[0].run(server.deps);

describe('POST /api/reports', () => {
  it('files a report on each kind of target; those not on community content go to the admins', async () => {
    const reporter = await registerUser(server);
    const other = await registerUser(server);
    const c = await crew(server);
    const post = await writePost(server, c.member, c.slug, 'buy cheap coins at example.com');
    const bet = await createBet(server, admin);
    const service = await listService(server, other);
    const targets: Body[] = [
      { targetType: 'user', targetId: String(other.id) },
      { targetType: 'service', targetId: service._id },
      { targetType: 'bet', targetId: bet._id },
      { targetType: 'community', targetId: c.community._id },
      { targetType: 'post', targetId: post._id },
    ];
    for (const t of targets) {
      const res = await report(reporter, t);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const open = await adminQueue();
    const mine = open.body.reports.filter((r) => r.reporter === reporter.username);
    expect(mine.map((r) => [r.targetType, r.queue])).toEqual([
      ['user', 'admins'],
      ['service', 'admins'],
      ['bet', 'admins'],
      ['community', 'admins'],
    ]);
    expect(mine[0]?.target).toEqual({ label: other.username, link: `/profile/${other.username}` });
    const mods = await modQueue(c.slug, c.moderator);
    expect(mods.status).toBe(200);
    expect(mods.body.reports).toHaveLength(1);
    expect(mods.body.reports[0]).toMatchObject({
      targetType: 'post',
      queue: 'moderators',
      community: c.slug,
      target: { label: 'buy cheap coins at example.com', link: `/c/${c.slug}#post-${post._id}` },
      reason: 'spam',
      details: 'look at it',
      status: 'open',
      resolution: null,
    });
  });

  it('a second open report on one target is 409; a missing target is 404; bad input names the field', async () => {
    const reporter = await registerUser(server);
    const other = await registerUser(server);
    expect(
      (await report(reporter, { targetType: 'user', targetId: String(other.id) })).status,
    ).toBe(201);
    expectError(await report(reporter, { targetType: 'user', targetId: String(other.id) }), 409, {
      message: 'already reported',
    });
    expectError(await report(reporter, { targetType: 'bet', targetId: '99999999' }), 404, {
      message: 'No bet',
    });
    expectError(await report(reporter, { targetType: 'comment', targetId: '99999999' }), 404);
    expectBadField(
      await report(reporter, { targetType: 'planet' as 'user', targetId: '1' }),
      'targetType',
    );
    expectBadField(await report(reporter, { targetType: 'user', targetId: 'abc' }), 'targetId');
    expectBadField(
      await report(reporter, { targetType: 'user', targetId: String(other.id), reason: 'meh' }),
      'reason',
    );
    expectBadField(
      await report(reporter, {
        targetType: 'user',
        targetId: String(other.id),
        details: 'x'.repeat(1001),
      }),
      'details',
    );
    expectBadField(
      await report(reporter, { targetType: 'user', targetId: String(reporter.id) }),
      'targetId',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/reports', {
        body: { targetType: 'user', targetId: String(other.id), reason: 'spam' },
      }),
      401,
    );
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from reports where reporter_id = ${reporter.id}`,
    );
    expect(row?.n).toBe(1);
  });

  it('a private community’s post is no target for an outsider (404)', async () => {
    const c = await crew(server, { visibility: 'private' });
    const post = await writePost(server, c.member, c.slug, 'members only');
    expectError(await report(c.outsider, { targetType: 'post', targetId: post._id }), 404);
    expect((await report(c.member, { targetType: 'post', targetId: post._id })).status).toBe(201);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour, then 429 saying when`, async () => {
    const reporter = await registerUser(server);
    const targets = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 2 }, () => registerUser(server)),
    );
    const answers = await Promise.all(
      targets.map((t) => report(reporter, { targetType: 'user', targetId: String(t.id) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(REPORTS_PER_HOUR);
    const refused = answers.find((a) => a.status === 429)!;
    expectError(refused, 429, { code: 'RATE_LIMITED', message: 'try again in 60 min' });
    clock.advance(3_600_000);
    expect(
      (await report(reporter, { targetType: 'user', targetId: String(targets[0]!.id) })).status,
    ).toBeOneOf([201, 409]);
  });
});

describe('moderators and escalation', () => {
  it('a moderator resolves a post report; the reporter is told once; resolving again is 409', async () => {
    const c = await crew(server);
    const post = await writePost(server, c.member, c.slug, 'rude words');
    const filed = await report(c.outsider, { targetType: 'post', targetId: post._id });
    const id = (filed.body as { _id: string })._id;
    // Plain members and outsiders see no queue and decide nothing.
    expectError(await modQueue(c.slug, c.member), 403);
    expectError(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/resolve', {
        token: c.member.token,
        params: { slug: c.slug, id },
        body: { action: 'dismissed' },
      }),
      403,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/resolve', {
        token: c.moderator.token,
        params: { slug: c.slug, id },
        body: { action: 'nuked' },
      }),
      'action',
    );
    const resolve = () =>
      callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/resolve', {
        token: c.moderator.token,
        params: { slug: c.slug, id },
        body: { action: 'content_removed', note: 'removed it' },
      });
    const answers = await Promise.all([resolve(), resolve(), resolve()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body).toMatchObject({
      report: {
        status: 'resolved',
        resolution: { action: 'content_removed', note: 'removed it', by: c.moderator.username },
      },
    });
    const notices = await inbox(c.outsider);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toContain('rude words');
    expect(notices[0]?.body).toContain('The content was removed');
    const resolved = await modQueue(c.slug, c.owner, { status: 'resolved' });
    expect(resolved.body.reports.map((r) => r._id)).toEqual([id]);
    // Another community's moderator cannot reach it.
    const other = await crew(server);
    expectError(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/escalate', {
        token: other.moderator.token,
        params: { slug: other.slug, id },
      }),
      404,
    );
  });

  it('goes to the admins after 24 hours unresolved (the sweep, on the injected clock)', async () => {
    clock.set('2030-04-02T09:00:00Z');
    const c = await crew(server);
    const post = await writePost(server, c.member, c.slug, 'slow moderators');
    const comment = await callRoute(server, 'POST /api/communities/:slug/posts/:id/comments', {
      token: c.member.token,
      params: { slug: c.slug, id: post._id },
      body: { body: 'a comment' },
    });
    expect(comment.status).toBe(201);
    const filed = await report(c.outsider, { targetType: 'comment', targetId: comment.body._id });
    expect(filed.status).toBe(201);
    const id = (filed.body as { _id: string })._id;
    const inAdmins = async () =>
      (await adminQueue({ targetType: 'comment' })).body.reports.some((r) => r._id === id);
    clock.advance(23 * 3_600_000 + 59 * 60_000);
    await escalateSweep();
    expect(await inAdmins()).toBe(false);
    clock.advance(60_000);
    await Promise.all([escalateSweep(), escalateSweep()]);
    expect(await inAdmins()).toBe(true);
    const row = (await adminQueue({ targetType: 'comment' })).body.reports.find(
      (r) => r._id === id,
    );
    expect(row).toMatchObject({ queue: 'admins', escalatedAt: '2030-04-03T09:00:00.000Z' });
    // The moderators see it handed on and decide it no more.
    expectError(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/resolve', {
        token: c.moderator.token,
        params: { slug: c.slug, id },
        body: { action: 'dismissed' },
      }),
      409,
      { message: 'admins' },
    );
    expect((await adminResolve(id, 'warned')).status).toBe(200);
    expect(await inbox(c.outsider)).toHaveLength(1);
  });

  it('a moderator escalates at once; escalating twice is 409', async () => {
    const c = await crew(server);
    const post = await writePost(server, c.member, c.slug, 'hand it on');
    const filed = await report(c.outsider, { targetType: 'post', targetId: post._id });
    const id = (filed.body as { _id: string })._id;
    const escalate = () =>
      callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/escalate', {
        token: c.moderator.token,
        params: { slug: c.slug, id },
      });
    // A plain member may not; a malformed id is named.
    expectError(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/escalate', {
        token: c.member.token,
        params: { slug: c.slug, id },
      }),
      403,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/communities/:slug/reports/:id/escalate', {
        token: c.moderator.token,
        params: { slug: c.slug, id: 'first' },
      }),
      'id',
    );
    const first = await escalate();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ report: { queue: 'admins' } });
    expectError(await escalate(), 409);
    expect((await adminQueue({ targetType: 'post' })).body.reports.map((r) => r._id)).toContain(id);
  });
});

describe('the admins’ queue', () => {
  it('resolves once (racing resolutions: one 200), logs it, tells the reporter once', async () => {
    const reporter = await registerUser(server);
    const other = await registerUser(server);
    const filed = await report(reporter, { targetType: 'user', targetId: String(other.id) });
    const id = (filed.body as { _id: string })._id;
    const answers = await Promise.all([
      adminResolve(id, 'sanctioned', 'a week off'),
      adminResolve(id, 'dismissed'),
      adminResolve(id, 'warned'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expectError(
      answers.find((a) => a.status === 409)!,
      409,
      { message: 'already resolved' },
    );
    const notices = await inbox(reporter);
    expect(notices).toHaveLength(1);
    const logs = await callRoute(server, 'GET /api/admin/logs', { token: admin.token });
    expect(logs.body.filter((l) => l.target === `report:${id}`).map((l) => l.action)).toEqual([
      'resolve_report',
    ]);
    const resolved = await adminQueue({ status: 'resolved' });
    expect(resolved.body.reports.find((r) => r._id === id)?.resolution?.by).toBe(admin.username);
    expectError(await adminResolve('99999999'), 404);
  });

  it('pages with a cursor; bad input names the field; no token 401; a player 403', async () => {
    const reporter = await registerUser(server);
    const targets = await Promise.all([0, 1, 2].map(() => registerUser(server)));
    for (const t of targets)
      expect((await report(reporter, { targetType: 'user', targetId: String(t.id) })).status).toBe(
        201,
      );
    // More than a page of them (written directly: filing is limited to ten an hour).
    await server.db.rows(sql`
      insert into reports (reporter_id, target_type, target_id, target_label, reason, queue, created_at)
      select ${player.id}, 'bet', n, 'bet ' || n, 'other', 'admins', now()
      from generate_series(1, 35) n`);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adminQueue(cursor ? { cursor } : {});
      seen.push(...page.body.reports.map((r) => r._id));
      cursor = page.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => Number(a) - Number(b)));
    expect(new Set(seen).size).toBe(seen.length);
    expectBadField(
      await callRouteRaw(server, 'GET /api/admin/reports', {
        token: admin.token,
        query: { status: 'closed' },
      }),
      'status',
    );
    expectBadField(
      await callRouteRaw(server, 'GET /api/admin/reports', {
        token: admin.token,
        query: { cursor: '-1' },
      }),
      'cursor',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/admin/reports/:id/resolve', {
        token: admin.token,
        params: { id: seen[0] },
        body: { action: 'dismissed', note: 'x'.repeat(1001) },
      }),
      'note',
    );
    for (const [name, input] of [
      ['GET /api/admin/reports', {}],
      [
        'POST /api/admin/reports/:id/resolve',
        { params: { id: '1' }, body: { action: 'dismissed' } },
      ],
    ] as const) {
      expectError(await callRouteRaw(server, name, input), 401);
      expectError(await callRouteRaw(server, name, { ...input, token: player.token }), 403);
    }
    for (const name of [
      'POST /api/communities/:slug/reports/:id/resolve',
      'POST /api/communities/:slug/reports/:id/escalate',
    ] as const)
      expectError(
        await callRouteRaw(server, name, {
          params: { slug: 'x', id: '1' },
          body: { action: 'dismissed' },
        }),
        401,
      );
    expectError(
      await callRouteRaw(server, 'GET /api/communities/:slug/reports', { params: { slug: 'x' } }),
      401,
    );
  });
});
