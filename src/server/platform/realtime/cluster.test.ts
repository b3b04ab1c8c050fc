import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, usingPostgres } from '../../testing/harness';
import { openLive, takeTicket } from '../../testing/liveClient';
import { startServerProcess, stopProcess, type ServerProcess } from '../../testing/processes';

/**
 * Two app processes on one PostgreSQL database behave as one (DESIGN.md section 7): a change
 * made through one reaches a socket held by the other, and a ban through one holds on the
 * other, each within a second. Runs on PostgreSQL only: PGlite is one process by design.
 */
describe.runIf(usingPostgres())('two processes on one PostgreSQL database', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      ADMIN_PASSWORD: 'two-processes-1',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT: '1000',
      DATA_DIR: '/tmp/fs-cluster-test',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });

  afterAll(async () => {
    await Promise.all([a && stopProcess(a.child), b && stopProcess(b.child)]);
    await drop?.();
  });

  const post = async <T>(base: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const register = async (base: string, username: string) =>
    (
      await post<{ token: string }>(base, '/auth/register', {
        username,
        password: 'correct-horse-9',
      })
    ).body.token;

  it('pushes a balance changed through one process to a socket on the other within a second', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const [senderToken, receiverToken] = await Promise.all([
      register(a.url, `snd${suffix}`),
      register(a.url, `rcv${suffix}`),
    ]);
    const live = await openLive(b.url, await takeTicket(b.url, receiverToken));
    expect(live.messages[0]?.kind).toBe('hello');
    const started = Date.now();
    const sent = await post(
      a.url,
      '/api/user/send-money',
      { recipientUsername: `rcv${suffix}`, amount: 40 },
      senderToken,
    );
    expect(sent.status).toBe(200);
    const message = await live.next((m) => m.kind === 'balance', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(message).toEqual({ kind: 'balance', payload: { balance: 1040 } });
    // Through the outbox: delivered by one of the two processes' dispatchers, once.
    const received = await live.next((m) => m.kind === 'coins.received', 1000);
    expect(received).toEqual({
      kind: 'coins.received',
      payload: { transferId: expect.any(String), from: `snd${suffix}`, amount: 40 },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.messages.filter((m) => m.kind === 'coins.received')).toHaveLength(1);
    live.close();
  });

  it('makes a ban through one process hold on the other within a second', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const userToken = await register(a.url, `ban${suffix}`);
    const admin = (
      await post<{ token: string }>(a.url, '/auth/login', {
        username: 'admin',
        password: 'two-processes-1',
      })
    ).body.token;
    // B has the session cached and a socket open.
    expect(
      (
        await fetch(`${b.url}/api/user/stats`, {
          headers: { authorization: `Bearer ${userToken}` },
        })
      ).status,
    ).toBe(200);
    const live = await openLive(b.url, await takeTicket(b.url, userToken));
    const banned = await fetch(`${a.url}/api/admin/status/user/ban${suffix}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ status: 'banned' }),
    });
    expect(banned.status).toBe(200);
    const started = Date.now();
    expect((await live.closed).code).toBe(4401);
    let status = 200;
    while (Date.now() - started < 1000) {
      status = (
        await fetch(`${b.url}/api/user/stats`, {
          headers: { authorization: `Bearer ${userToken}` },
        })
      ).status;
      if (status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(403);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
