import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { callRoute } from '../testing/callRoute';

/**
 * With REDIS_URL two processes share one sign-in limit (DESIGN.md section 7); without it each
 * counts on its own. Redis listens on 127.0.0.1:6379 on the development and CI machines.
 */
describe('sign-in rate limits across processes', () => {
  let shared: TestServer[] = [];
  let separate: TestServer[] = [];
  beforeAll(async () => {
    const limits = { authRateLimit: 3, trustProxy: 1 } as const;
    shared = await Promise.all([1, 2].map(() => startTestServer({ ...limits, redisUrl: 'redis://127.0.0.1:6379' })));
    separate = await Promise.all([1, 2].map(() => startTestServer(limits)));
  });
  afterAll(async () => {
    await Promise.all([...shared, ...separate].map((s) => s.close()));
  });

  // A client address of its own per run, so runs on one machine never share a Redis counter.
  const attempt = (server: TestServer, ip: string) =>
    callRoute(server, 'POST /auth/login', { body: { username: 'nobody-here', password: 'wrong-password-1' }, headers: { 'x-forwarded-for': ip } });
  const freshIp = () => `10.${randomBytes(3).join('.')}`;

  it('counts attempts on both processes together when Redis is configured', async () => {
    const ip = freshIp();
    const statuses = [];
    for (const server of [shared[0]!, shared[1]!, shared[0]!, shared[1]!]) statuses.push((await attempt(server, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts per process without Redis', async () => {
    const ip = freshIp();
    const statuses = [];
    for (const server of [separate[0]!, separate[1]!, separate[0]!, separate[1]!]) statuses.push((await attempt(server, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});
