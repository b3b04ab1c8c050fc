import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, useTestServer, usingPostgres } from '../testing/harness';
import { callRoute } from '../testing/callRoute';
import { expectError } from '../testing/expectations';

/**
 * A TCP proxy between the server and PostgreSQL, standing in for the network: `cut` drops every
 * connection and refuses new ones (the database gone), `restore` lets them through again.
 */
class Proxy {
  readonly port: number;
  private server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private up = true;

  private constructor(
    private readonly target: { host: string; port: number },
    server: net.Server,
    port: number,
  ) {
    this.server = server;
    this.port = port;
  }

  static async start(target: { host: string; port: number }): Promise<Proxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new Proxy(target, server, (server.address() as net.AddressInfo).port);
    server.on('connection', (socket) => proxy.accept(socket));
    return proxy;
  }

  private accept(client: net.Socket): void {
    if (!this.up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  cut(): void {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.up = true;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let proxy: Proxy | undefined;
const proxyReady = usingPostgres()
  ? (() => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      return Proxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    })()
  : undefined;
if (proxyReady) proxy = await proxyReady;
afterAll(async () => {
  await proxy?.close();
});

// No session cache: each request reads its session, so each meets the database.
const server = useTestServer(
  { authCacheMs: 0 },
  {
    reachDatabase: (url) => {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(proxy!.port);
      return via.toString();
    },
  },
);

describe.skipIf(!usingPostgres())('with the database gone', () => {
  it('answers 503 in the one error shape, saying so, and serves again once it is back', async () => {
    const user = await registerUser(server);
    expect((await callRoute(server, 'GET /api/user/stats', { token: user.token })).status).toBe(
      200,
    );

    proxy!.cut();
    const refused = await callRoute(server, 'GET /api/user/stats', { token: user.token });
    expectError(refused, 503, { message: 'The database is not answering; try again in a moment' });
    expect(refused.body).toMatchObject({ code: 'UNAVAILABLE' });
    expect(refused.headers.get('retry-after')).toBe('1');
    const flip = await callRoute(server, 'POST /api/games/coin-flip', {
      token: user.token,
      body: { betAmount: 1, guess: 'heads' },
    });
    expect(flip.status).toBe(503);

    proxy!.restore();
    expect((await callRoute(server, 'GET /api/user/stats', { token: user.token })).status).toBe(
      200,
    );
  });
});
