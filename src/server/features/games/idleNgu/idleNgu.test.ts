import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  bossHp,
  firstKillCoins,
  IDLE_OFFLINE_CAP_MS,
} from '../../../../shared/games/idleNgu/rules';
import { ManualClock } from '../../../platform/clock';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { expectBadField, expectError } from '../../../testing/expectations';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';

const clock = new ManualClock(Date.parse('2026-11-26T08:00:00Z'));
const server = useTestServer({}, { clock });

const view = (u: TestUser) => callRoute(server, 'GET /api/games/idle-ngu', { token: u.token });
const allocate = (u: TestUser, allocations: Record<string, unknown>) =>
  callRouteRaw(server, 'POST /api/games/idle-ngu/allocate', {
    token: u.token,
    body: { allocations },
  });
const fight = (u: TestUser, boss: number) =>
  callRouteRaw(server, 'POST /api/games/idle-ngu/fight', { token: u.token, body: { boss } });
const rebirth = (u: TestUser) =>
  callRouteRaw(server, 'POST /api/games/idle-ngu/rebirth', { token: u.token });

/** Trains a player for `hours` with all energy on attack and defense. */
async function train(u: TestUser, hours: number): Promise<void> {
  expect((await allocate(u, { attack: 5, defense: 5, speed: 0, magic: 0 })).status).toBe(200);
  clock.advance(hours * 3600_000);
}

describe('idle trainer', () => {
  it('allocates energy, trains while away (12 h at most, summarised once), fights and is paid for a first kill only', async () => {
    const u = await registerUser(server);
    const first = await view(u);
    expect(first.status).toBe(200);
    expect(first.body.power).toBe('1');
    await train(u, 20);
    const back = await view(u);
    expect(back.body.away?.cappedMs).toBe(IDLE_OFFLINE_CAP_MS);
    expect(back.body.away!.levelsGained.attack).toBeGreaterThan(0);
    expect((await view(u)).body.away).toBeNull();
    // A page left open reads every 30 s, and each such read is saved: no away summary for watching.
    for (let i = 0; i < 4; i++) {
      clock.advance(31_000);
      expect((await view(u)).body.away).toBeNull();
    }
    const reach = back.body.strongestBeatable;
    expect(reach).toBeGreaterThan(1);
    expect(BigInt(back.body.power) >= bossHp(1)).toBe(true);
    const won = await fight(u, 1);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body).toMatchObject({ coins: firstKillCoins(1), balance: 1000 + firstKillCoins(1) });
    // Boss 1 again: no coins.
    expect((await fight(u, 1)).body).toMatchObject({ coins: 0, balance: 1012 });
    // A boss beyond reach, or one the power cannot beat, is refused and pays nothing.
    expectError(await fight(u, 3), 409, { message: 'beat boss 2 first' });
    let boss = 2;
    while (boss <= reach) expect((await fight(u, boss++)).status).toBe(200);
    expectError(await fight(u, boss), 409, { message: 'short of boss' });
    const paid = Array.from({ length: reach }, (_, i) => firstKillCoins(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(await balanceOf(server, u.id)).toBe(1000 + paid);
  });

  it('rebirth resets the trainings for a multiplier, and boss kills after it pay nothing twice', async () => {
    const u = await registerUser(server);
    expectError(await rebirth(u), 409, { message: 'beat a boss' });
    await train(u, 2);
    expect((await fight(u, 1)).status).toBe(200);
    const reborn = await rebirth(u);
    expect(reborn.status, JSON.stringify(reborn.body)).toBe(200);
    expect(reborn.body.state).toMatchObject({
      rebirths: 1,
      rebirthBoss: 1,
      allocations: { attack: 0, defense: 0, speed: 0, magic: 0 },
    });
    await train(u, 2);
    expect((await fight(u, 1)).body.coins).toBe(0);
  });

  it('refuses bad input, over-allocation and no token, changing nothing', async () => {
    const u = await registerUser(server);
    const before = (await view(u)).body.state;
    expectError(await allocate(u, { attack: 11, defense: 0, speed: 0, magic: 0 }), 409, {
      message: '10 energy',
    });
    expectBadField(
      await allocate(u, { attack: -1, defense: 0, speed: 0, magic: 0 }),
      'allocations.attack',
    );
    expectBadField(
      await allocate(u, { attack: 1.5, defense: 0, speed: 0, magic: 0 }),
      'allocations.attack',
    );
    expectBadField(await allocate(u, { attack: 1 }), 'allocations.defense');
    expectBadField(await fight(u, 0), 'boss');
    expectBadField(await fight(u, 101), 'boss');
    expectError(await fight(u, 1), 409, { message: 'short of boss' });
    expect((await view(u)).body.state).toEqual(before);
    expectError(await callRouteRaw(server, 'GET /api/games/idle-ngu'), 401);
    expectError(
      await callRouteRaw(server, 'POST /api/games/idle-ngu/fight', { body: { boss: 1 } }),
      401,
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/idle-ngu/allocate', {
        body: { allocations: { attack: 1, defense: 0, speed: 0, magic: 0 } },
      }),
      401,
    );
    expectError(await callRouteRaw(server, 'POST /api/games/idle-ngu/rebirth'), 401);
    // Another player's trainer is their own.
    const other = await registerUser(server);
    await train(other, 1);
    expect((await view(u)).body.state.allocations).toEqual(before.allocations);
  });

  it('ten parallel first kills of one boss pay once', async () => {
    const u = await registerUser(server);
    await train(u, 3);
    const results = await Promise.all(Array.from({ length: 10 }, () => fight(u, 1)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.coins > 0)).toHaveLength(1);
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from idle_ngu_kills where user_id = ${u.id} and boss = 1`,
    );
    expect(row!.n).toBe(1);
    expect(await balanceOf(server, u.id)).toBe(1000 + firstKillCoins(1));
  });
});
