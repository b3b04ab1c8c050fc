import { describe, expect, it } from 'vitest';
import parsePrometheus from 'parse-prometheus-text-format';
import type { AuditReportDto } from '../../shared/api/admin';
import { call, registerAdmin, registerUser, useTestServer } from '../testing/harness';
import { boughtService } from '../features/services/builders';
import { createCommunity } from '../features/communities/builders';

const TOKEN = 'metrics-token-0123456789';
const server = useTestServer({ metricsToken: TOKEN });

const scrape = async (headers: Record<string, string> = {}) => {
  const res = await call<string>(server, 'GET', '/metrics', { headers });
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parsePrometheus(res.body);
};

const family = (families: ReturnType<typeof parsePrometheus>, name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in /metrics`);
  return found;
};

describe('GET /metrics', () => {
  it('parses as Prometheus text, with requests per route pattern, the pool, sockets and returns', async () => {
    const user = await registerUser(server);
    for (let i = 0; i < 3; i++) {
      const flip = await call(server, 'POST', '/api/games/coin-flip', {
        token: user.token,
        body: { betAmount: 5, guess: 'heads' },
      });
      expect(flip.status).toBe(200);
    }
    expect((await call(server, 'GET', `/api/user/public/${user.username}`)).status).toBe(200);
    const families = await scrape();

    const requests = family(families, 'fs_http_requests_total').metrics;
    const flips = requests.find(
      (m) => m.labels?.route === '/api/games/coin-flip' && m.labels.status === '200',
    );
    expect(Number(flips?.value)).toBe(3);
    // The pattern, not the user's name: one series for every profile.
    expect(requests.some((m) => m.labels?.route === '/api/user/public/:username')).toBe(true);
    expect(requests.some((m) => m.labels?.route?.includes(user.username))).toBe(false);
    const latency = family(families, 'fs_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');

    const connections = family(families, 'fs_db_connections').metrics;
    expect(Number(connections.find((m) => m.labels?.state === 'open')?.value)).toBeGreaterThan(0);
    family(families, 'fs_db_waiting');
    expect(family(families, 'fs_live_sockets').metrics[0]?.value).toBe('0');

    const observed = family(families, 'fs_game_rtp_observed').metrics;
    expect(observed.find((m) => m.labels?.game === 'coin-flip')).toBeDefined();
    const rounds = family(families, 'fs_game_rounds_observed').metrics;
    expect(Number(rounds.find((m) => m.labels?.game === 'coin-flip')?.value)).toBe(3);
    const published = family(families, 'fs_game_rtp_published').metrics;
    const coinFlip = Number(published.find((m) => m.labels?.game === 'coin-flip')?.value);
    expect(coinFlip).toBeGreaterThan(0.5);
    expect(coinFlip).toBeLessThanOrEqual(1);
    family(families, 'fs_process_resident_memory_bytes');
    // Declared however quiet the process has been (their series appear with their first run).
    for (const name of [
      'fs_group_commit_batch_size',
      'fs_sweep_runs_total',
      'fs_sweep_duration_seconds',
      'fs_sweeps_late_total',
    ])
      family(families, name);
  });

  it("reports the economy's totals as the audit sums them from the ledger", async () => {
    // Coins in every place: players, the house, a treasury, escrow.
    const [provider, buyer, owner] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    await boughtService(server, provider, buyer, 150);
    await createCommunity(server, owner);
    const admin = await registerAdmin(server);
    const audit = await call<AuditReportDto>(server, 'GET', '/api/admin/audit', {
      token: admin.token,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.ok).toBe(true);
    // The economy is cached for a few seconds: a scrape after the audit may predate it only by
    // the grants of the admin registered above, which both sides then include.
    await new Promise((r) => setTimeout(r, 5_100));
    const coins = family(await scrape(), 'fs_coins').metrics;
    for (const c of audit.body.economy.coins)
      for (const holder of ['players', 'house', 'treasuries', 'escrow'] as const)
        expect(
          Number(
            coins.find((m) => m.labels?.currency === c.currency && m.labels.holder === holder)
              ?.value,
          ),
          `${c.currency} ${holder}`,
        ).toBe(c[holder]);
    const gold = audit.body.economy.coins.find((c) => c.currency === 'gold')!;
    expect(gold.players).toBeGreaterThan(0);
    expect(gold.escrow).toBe(150);
    expect(gold.treasuries).toBeGreaterThan(0);
    expect(gold.players + gold.house + gold.treasuries + gold.escrow).toBe(0);
    const units = family(await scrape(), 'fs_item_units').metrics[0]?.value;
    expect(Number(units)).toBe(audit.body.economy.itemUnits);
  });

  it('refuses a request from outside loopback without the token, and takes the token', async () => {
    const outside = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain('METRICS_TOKEN');

    const wrong = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toContain('not right');

    const right = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(() => parsePrometheus(right.body)).not.toThrow();
  });

  it('does not take a request a proxy on this machine forwards for a local one', async () => {
    const proxied = await call(server, 'GET', '/metrics', {
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(proxied.status).toBe(403);
  });
});
