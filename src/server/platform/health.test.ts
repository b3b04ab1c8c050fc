import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer, type TestServer } from '../testing/harness';
import { openLive, takeTicket } from '../testing/liveClient';
import type { Lifecycle } from './health';

/** What a load balancer asks (issue 18): /healthz and /readyz, JSON from the server, and sockets closed with 1012. */
let server: TestServer;
let lifecycle: Lifecycle;

beforeAll(async () => {
  server = await startTestServer();
  lifecycle = server.lifecycle;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /healthz and /readyz', () => {
  it('answer JSON from the server, not the client page', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: server.db.kind,
      migrations: expect.any(Number),
    });
  });

  it('/readyz answers 503 in the one error shape while the process drains, /healthz still 200', async () => {
    lifecycle.draining = true;
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        message: 'Shutting down: send new requests to another process',
        code: 'UNAVAILABLE',
        details: { draining: true },
      });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });
});

describe('closing the server', () => {
  it('closes live sockets with 1012 (service restart), so pages reconnect elsewhere', async () => {
    const own = await startTestServer();
    try {
      const user = await registerUser(own);
      const socket = await openLive(own.url, await takeTicket(own.url, user.token));
      await own.app.close();
      expect((await socket.closed).code).toBe(1012);
    } finally {
      await own.close();
    }
  });
});
