import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { callRoute } from '../testing/callRoute';
import { freePort } from '../testing/processes';

/**
 * With REDIS_URL two processes share one sign-in limit (DESIGN.md section 7); without it each
 * counts on its own. Redis listens on 127.0.0.1:6379 on the development and CI machines.
 */
describe('sign-in rate limits across processes', () => {
  let shared: TestServer[] = [];
  let separate: TestServer[] = [];
  beforeAll(async () => {
    const limits = { authRateLimit: 3, trustProxy: 1 } as const;
    shared = await Promise.all(
      [1, 2].map(() => startTestServer({ ...limits, redisUrl: 'redis://127.0.0.1:6379' })),
    );
    separate = await Promise.all([1, 2].map(() => startTestServer(limits)));
  });
  afterAll(async () => {
    await Promise.all([...shared, ...separate].map((s) => s.close()));
  });

  // A client address of its own per run, so runs on one machine never share a Redis counter.
  const attempt = (server: TestServer, ip: string) =>
    callRoute(server, 'POST /auth/login', {
      body: { username: 'nobody-here', password: 'wrong-password-1' },
      headers: { 'x-forwarded-for': ip },
    });
  const freshIp = () => `10.${randomBytes(3).join('.')}`;

  it('counts attempts on both processes together when Redis is configured', async () => {
    const ip = freshIp();
    const statuses = [];
    for (const server of [shared[0]!, shared[1]!, shared[0]!, shared[1]!])
      statuses.push((await attempt(server, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts per process without Redis', async () => {
    const ip = freshIp();
    const statuses = [];
    for (const server of [separate[0]!, separate[1]!, separate[0]!, separate[1]!])
      statuses.push((await attempt(server, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});

/**
 * Redis down, as a deployment meets it (issue 18): sign-ins must not wait for Redis's
 * time-outs; each process counts on its own until Redis is back, then the count is shared again.
 */
describe('sign-in rate limits while Redis is down', () => {
  let servers: TestServer[] = [];
  let redisPort = 0;
  let redis: ChildProcess | undefined;
  beforeAll(async () => {
    redisPort = await freePort();
    const limits = {
      authRateLimit: 3,
      trustProxy: 1,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
    } as const;
    servers = await Promise.all([1, 2].map(() => startTestServer(limits)));
  });
  afterAll(async () => {
    redis?.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.close()));
  });

  const attempt = (server: TestServer, ip: string) =>
    callRoute(server, 'POST /auth/login', {
      body: { username: 'nobody-here', password: 'wrong-password-1' },
      headers: { 'x-forwarded-for': ip },
    });
  const freshIp = () => `10.${randomBytes(3).join('.')}`;
  const alternate = async (ip: string) => {
    const statuses = [];
    for (const server of [servers[0]!, servers[1]!, servers[0]!, servers[1]!])
      statuses.push((await attempt(server, ip)).status);
    return statuses;
  };

  it('answers sign-ins at once with nothing listening on the Redis port, and still limits each process', async () => {
    const ip = freshIp();
    const started = Date.now();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(servers[0]!, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Before the fallback each of these waited for ioredis's connect and retry time-outs (5-10 s).
    expect(Date.now() - started).toBeLessThan(4 * 1000);
    expect(await alternate(freshIp())).toEqual([401, 401, 401, 401]);
  });

  it('shares the count again once Redis comes up on that port', async () => {
    redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    // The client retries in the background (at most every 5 s); poll by behaviour, fresh address each time.
    const deadline = Date.now() + 20_000;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      statuses = await alternate(freshIp());
      if (statuses[3] === 429) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  }, 30_000);
});
