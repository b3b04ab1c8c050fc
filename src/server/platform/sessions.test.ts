import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer } from '../testing/harness';
import { expectError } from '../testing/expectations';
import {
  hashToken,
  holdSessionLookups,
  SESSION_IDLE_DAYS,
  sessionLookupCounts,
  sessionLookupsWaiting,
} from './auth';
import { callRoute } from '../testing/callRoute';

// No session cache: every request reads the session row, as a second process would.
const server = useTestServer({ authCacheMs: 0 });

const lastUsed = async (token: string) => {
  const [row] = await server.db.rows<{ last_used_at: Date | string }>(
    sql`select last_used_at from sessions where token_hash = ${hashToken(token)}`,
  );
  return new Date(row!.last_used_at).getTime();
};

describe('sessions expire after 30 days without use', () => {
  it('signs out a session unused for 31 days, with a message that says why', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`update sessions set last_used_at = now() - interval '31 days' where token_hash = ${hashToken(user.token)}`,
    );
    expectError(await callRoute(server, 'GET /api/user/stats', { token: user.token }), 401, {
      message: `${SESSION_IDLE_DAYS} days`,
    });
  });

  it('slides: a use after 29 days keeps the session and pushes its end back', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`update sessions set last_used_at = now() - interval '29 days' where token_hash = ${hashToken(user.token)}`,
    );
    const before = await lastUsed(user.token);
    expect((await callRoute(server, 'GET /api/user/stats', { token: user.token })).status).toBe(
      200,
    );
    await server.deps.sessions.touched();
    expect(await lastUsed(user.token)).toBeGreaterThan(before + 28 * 86_400_000);
  });

  it('writes the last use at most hourly, not on every request', async () => {
    const user = await registerUser(server);
    const first = await lastUsed(user.token);
    for (let i = 0; i < 3; i++)
      await callRoute(server, 'GET /api/user/stats', { token: user.token });
    await server.deps.sessions.touched();
    expect(await lastUsed(user.token)).toBe(first);
  });

  it('tells the owner when this sign-in ends', async () => {
    const user = await registerUser(server);
    const res = await callRoute(server, 'GET /api/user/session', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.idleDays).toBe(30);
    const days = (new Date(res.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expectError(await callRoute(server, 'GET /api/user/session'), 401);
  });

  it('tells a player back after two hours that the sign-in ends 30 days from now, its clock moved or on its way', async () => {
    const user = await registerUser(server);
    await server.db.rows(
      sql`update sessions set last_used_at = now() - interval '2 hours' where token_hash = ${hashToken(user.token)}`,
    );
    const res = await callRoute(server, 'GET /api/user/session', { token: user.token });
    expect(res.status).toBe(200);
    expect((new Date(res.body.expiresAt).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(
      29.99,
    );
  });
});

describe('look-ups of many sessions in one statement', () => {
  it('answers each as alone: a live session, a stale one (its clock moves), an idle, a revoked and a banned one', async () => {
    const [live, stale, idle, revoked, bannedUser] = await Promise.all(
      Array.from({ length: 5 }, () => registerUser(server)),
    );
    const setLastUsed = (token: string, ago: string) =>
      server.db.rows(
        sql`update sessions set last_used_at = now() - ${ago}::interval where token_hash = ${hashToken(token)}`,
      );
    await setLastUsed(stale!.token, '2 hours');
    await setLastUsed(idle!.token, '31 days');
    await server.db.rows(
      sql`update sessions set revoked_at = now() where token_hash = ${hashToken(revoked!.token)}`,
    );
    await server.db.rows(sql`update users set status = 'banned' where id = ${bannedUser!.id}`);
    const users = [live!, stale!, idle!, revoked!, bannedUser!];
    const before = await Promise.all(users.map((u) => lastUsed(u.token)));
    const counted = sessionLookupCounts(server.db);

    const release = holdSessionLookups(server.db);
    const calls = Promise.all(
      users.map((u) => callRoute(server, 'GET /api/user/stats', { token: u.token })),
    );
    await vi.waitFor(() => expect(sessionLookupsWaiting(server.db)).toBe(users.length));
    release();
    const answers = await calls;

    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 401, 403]);
    expectError(answers[2]!, 401, { message: `${SESSION_IDLE_DAYS} days` });
    const counts = sessionLookupCounts(server.db);
    expect({
      statements: counts.statements - counted.statements,
      keys: counts.keys - counted.keys,
    }).toEqual({ statements: 1, keys: 5 });
    await server.deps.sessions.touched();
    const after = await Promise.all(users.map((u) => lastUsed(u.token)));
    // Only the live session over an hour old moved; the idle one stays signed out.
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]! + 3_000_000);
    expect(after.slice(2)).toEqual(before.slice(2));
  });
});
