import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer } from '../testing/harness';
import { expectError } from '../testing/expectations';
import { hashToken, SESSION_IDLE_DAYS } from './auth';
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
    await server.db.rows(sql`update sessions set last_used_at = now() - interval '31 days' where token_hash = ${hashToken(user.token)}`);
    expectError(await callRoute(server, 'GET /api/user/stats', { token: user.token }), 401, { message: `${SESSION_IDLE_DAYS} days` });
  });

  it('slides: a use after 29 days keeps the session and pushes its end back', async () => {
    const user = await registerUser(server);
    await server.db.rows(sql`update sessions set last_used_at = now() - interval '29 days' where token_hash = ${hashToken(user.token)}`);
    const before = await lastUsed(user.token);
    expect((await callRoute(server, 'GET /api/user/stats', { token: user.token })).status).toBe(200);
    expect(await lastUsed(user.token)).toBeGreaterThan(before + 28 * 86_400_000);
  });

  it('writes the last use at most hourly, not on every request', async () => {
    const user = await registerUser(server);
    const first = await lastUsed(user.token);
    for (let i = 0; i < 3; i++) await callRoute(server, 'GET /api/user/stats', { token: user.token });
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
});
