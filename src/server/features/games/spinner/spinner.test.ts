import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SpinResponse } from '../../../../shared/games/spinner/contract';
import { SPINNER_IDS, SPINNER_INFO, type SpinnerId } from '../../../../shared/games/engine/catalog';
import { sha256Hex } from '../../../../shared/games/engine/fairness';
import { replayRound } from '../../../../shared/games/engine/verify';
import { spinnerExpectation } from '../../../../shared/games/engine/rtp';
import { ManualClock } from '../../../platform/clock';
import {
  balanceOf,
  call,
  registerUser,
  useTestServer,
  type TestUser,
} from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { startBuff } from '../../items/buffs';
import { insertItem } from '../../store/builders';
import { DEFAULT_SPINNER_TABLES } from './defaults';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

const spinOnce = (
  user: TestUser | undefined,
  wheel: SpinnerId = 'spinner',
  headers: Record<string, string> = {},
) => callRoute(server, `POST /api/games/${wheel}`, { token: user?.token, headers });

const roundsOf = async (user: TestUser) =>
  (await callRoute(server, 'GET /api/games/rounds', { token: user.token })).body.rounds;

describe('GET /api/games/progress', () => {
  it("lists every wheel's table, no cooldowns before the first spin, and zero duel stats", async () => {
    const user = await registerUser(server);
    const res = await callRoute(server, 'GET /api/games/progress', { token: user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.spinners).sort()).toEqual([...SPINNER_IDS].sort());
    for (const id of SPINNER_IDS) {
      expect(res.body.spinners[id]).toEqual(DEFAULT_SPINNER_TABLES[id]);
      expect(res.body.cooldowns[id]).toBeNull();
    }
    expect(res.body.rpsStats).toEqual({ wins: 0, games: 0 });
    expect(res.body.buffs).toEqual({ rewardMultiplier: 100, slotsLuck: 0 });
    expect(res.body.serverTime).toBe(clock.now().toISOString());
  });

  it("shows an admin's edited table and the running buffs, combined", async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db, { effectType: 'reward-multiplier', effectValue: 150 });
    for (const value of [150, 200])
      await startBuff(
        server.db,
        {
          userId: user.id,
          itemId: item.id,
          effectType: 'reward-multiplier',
          value,
          itemPrice: 500,
        },
        clock.now(),
      );
    await startBuff(
      server.db,
      { userId: user.id, itemId: item.id, effectType: 'slots-luck', value: 2500, itemPrice: 500 },
      clock.now(),
    );
    await server.db.rows(sql`
      insert into spinner_tables (spinner_id, reward_options, weights) values ('spinner12', '{7,70}', '{3,1}')`);
    try {
      const res = await callRoute(server, 'GET /api/games/progress', { token: user.token });
      expect(res.body.spinners.spinner12).toEqual({ rewardOptions: [7, 70], weights: [3, 1] });
      expect(res.body.spinners.spinner).toEqual(DEFAULT_SPINNER_TABLES.spinner);
      expect(res.body.buffs).toEqual({ rewardMultiplier: 300, slotsLuck: 25 });
    } finally {
      await server.db.rows(sql`delete from spinner_tables where spinner_id = 'spinner12'`);
    }
  });

  it('needs a token', async () => {
    expectError(await callRoute(server, 'GET /api/games/progress'), 401);
  });

  it('publishes the default expected values the defaults file states', async () => {
    const coins = SPINNER_IDS.map((id) => spinnerExpectation(id, DEFAULT_SPINNER_TABLES[id]).coins);
    expect(coins).toEqual(['23.35', '106.75', '242.50', '1117.50']);
    const res = await callRoute(server, 'GET /api/fairness/spinners');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SPINNER_TABLES);
  });
});

describe('POST /api/games/{spinner, spinner12, spinnerDaily, spinnerWeekly}', () => {
  it('pays one slice of the wheel through the ledger, against the round, and starts the cooldown', async () => {
    const user = await registerUser(server);
    const res = await spinOnce(user);
    expect(res.status).toBe(200);
    const table = DEFAULT_SPINNER_TABLES.spinner;
    expect(table.rewardOptions[res.body.slice]).toBe(res.body.baseReward);
    expect(res.body).toMatchObject({
      reward: res.body.baseReward,
      bonus: 0,
      nonce: 0,
      balance: 1000 + res.body.baseReward,
    });
    expect(res.body.serverTime).toBe(clock.now().toISOString());
    expect(res.body.nextSpin).toBe(new Date(clock.now().getTime() + 3_600_000).toISOString());
    expect(await balanceOf(server, user.id)).toBe(1000 + res.body.reward);
    const ledgerRows = await server.db.rows<{
      delta: number;
      category: string;
      ref_type: string;
      ref_id: string;
    }>(sql`
      select delta, category, ref_type, ref_id from ledger where user_id = ${user.id} and category = 'spinner_reward'`);
    expect(ledgerRows).toEqual([
      {
        delta: res.body.reward,
        category: 'spinner_reward',
        ref_type: 'round',
        ref_id: res.body.roundId,
      },
    ]);
    const progress = await callRoute(server, 'GET /api/games/progress', { token: user.token });
    expect(progress.body.cooldowns.spinner).toBe(res.body.nextSpin);
    expect(progress.body.cooldowns.spinner12).toBeNull();
    const [round] = await roundsOf(user);
    expect(round).toMatchObject({
      _id: res.body.roundId,
      game: 'spinner',
      stake: 0,
      payout: res.body.reward,
      nonce: 0,
      serverSeed: null,
    });
    expect(round?.params).toEqual({ wheel: 'spinner', ...table });
    expect(round?.outcome).toMatchObject({
      slice: res.body.slice,
      reward: res.body.baseReward,
      bonus: 0,
    });
  });

  it.each(SPINNER_IDS.map((id) => [id, SPINNER_INFO[id].cooldownMs] as const))(
    '%s refuses a second spin until its cooldown has passed (ManualClock)',
    async (wheel, cooldownMs) => {
      const user = await registerUser(server);
      const local = new ManualClock(clock.now());
      expect((await spinOnce(user, wheel)).status).toBe(200);
      const early = await spinOnce(user, wheel);
      expectError(early, 409, { code: 'CONFLICT', message: 'spun again' });
      clock.advance(cooldownMs - 1000);
      expectError(await spinOnce(user, wheel), 409);
      clock.advance(1000);
      const again = await spinOnce(user, wheel);
      expect(again.status).toBe(200);
      expect(again.body.nonce).toBe(1);
      expect(again.body.nextSpin).toBe(
        new Date(local.now().getTime() + 2 * cooldownMs).toISOString(),
      );
      // Each wheel has its own cooldown: the others are untouched.
      const progress = await callRoute(server, 'GET /api/games/progress', { token: user.token });
      for (const other of SPINNER_IDS)
        if (other !== wheel) expect(progress.body.cooldowns[other]).toBeNull();
    },
  );

  it('20 parallel spins of one wheel pay exactly one reward', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => spinOnce(user, 'spinnerDaily')),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expectError(r, 409);
    expect(await balanceOf(server, user.id)).toBe(1000 + ok[0]!.body.reward);
    const [count] = await server.db.rows<{ rounds: number; rewards: number }>(sql`
      select (select count(*)::int from game_rounds where user_id = ${user.id}) as rounds,
             (select count(*)::int from ledger where user_id = ${user.id} and category = 'spinner_reward') as rewards`);
    expect(count).toEqual({ rounds: 1, rewards: 1 });
  });

  it('applies a running reward multiplier and records the extra it paid on the buff', async () => {
    const user = await registerUser(server);
    // Priced above the weekly wheel's top slice: the extra an item pays stops at its price.
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 200,
      price: 100_000,
    });
    const buff = await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 200,
        itemPrice: 100_000,
      },
      clock.now(),
    );
    const res = await spinOnce(user, 'spinnerWeekly');
    expect(res.status).toBe(200);
    expect(res.body.bonus).toBe(res.body.baseReward);
    expect(res.body.reward).toBe(2 * res.body.baseReward);
    expect(await balanceOf(server, user.id)).toBe(1000 + res.body.reward);
    const [row] = await server.db.rows<{ extra_paid: number }>(
      sql`select extra_paid from buffs where id = ${buff.id}`,
    );
    expect(Number(row?.extra_paid)).toBe(res.body.bonus);
    const [round] = await roundsOf(user);
    expect(round?.payout).toBe(res.body.reward);
    expect(round?.outcome).toMatchObject({ bonus: res.body.bonus, multiplier: 200 });
  });

  it('answers a repeat with the same Idempotency-Key with the first answer and spins once', async () => {
    const user = await registerUser(server);
    const headers = { 'idempotency-key': `spin-key-${user.id}-0001` };
    const first = await spinOnce(user, 'spinner12', headers);
    const second = await spinOnce(user, 'spinner12', headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await roundsOf(user)).toHaveLength(1);
  });

  it('outcomes replay from (server seed, client seed, nonce) once the seed is revealed', async () => {
    const user = await registerUser(server);
    const spins: SpinResponse[] = [];
    for (const wheel of SPINNER_IDS) spins.push((await spinOnce(user, wheel)).body);
    const before = (await callRoute(server, 'GET /api/fairness', { token: user.token })).body;
    expect(before.nonce).toBe(4);
    const rotated = await callRoute(server, 'POST /api/fairness/rotate', { token: user.token });
    expect(rotated.status).toBe(200);
    expect(sha256Hex(rotated.body.revealed.serverSeed)).toBe(before.serverSeedHash);
    const rounds = await roundsOf(user);
    expect(rounds).toHaveLength(4);
    for (const round of rounds) {
      expect(round.serverSeed).toBe(rotated.body.revealed.serverSeed);
      const replay = replayRound(
        'spinner',
        round.serverSeed!,
        round.clientSeed,
        round.nonce,
        round.params,
      );
      expect(replay).toEqual({ slice: round.outcome.slice, reward: round.outcome.reward });
      const spun = spins.find((s) => s.roundId === round._id);
      expect(spun?.slice).toBe(replay.slice);
    }
  });

  it('needs a token; an unknown wheel is not a route', async () => {
    expectError(await spinOnce(undefined), 401);
    expectError(await spinOnce(undefined, 'spinnerDaily'), 401);
    const user = await registerUser(server);
    // Not in the route table, so only a raw call can send it.
    expectError(
      await call(server, 'POST', '/api/games/spinnerMonthly', { token: user.token }),
      404,
    );
    expect(await balanceOf(server, user.id)).toBe(1000);
  });
});

describe('GET /api/games/rounds', () => {
  it('pages newest first and shows only your own rounds', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    for (const wheel of SPINNER_IDS) expect((await spinOnce(user, wheel)).status).toBe(200);
    const first = await callRoute(server, 'GET /api/games/rounds', {
      token: user.token,
      query: { limit: '3' },
    });
    expect(first.body.rounds.map((r) => r.nonce)).toEqual([3, 2, 1]);
    expect(first.body.nextBefore).toBe(first.body.rounds[2]?._id);
    const second = await callRoute(server, 'GET /api/games/rounds', {
      token: user.token,
      query: { limit: '3', before: first.body.nextBefore },
    });
    expect(second.body.rounds.map((r) => r.nonce)).toEqual([0]);
    expect(second.body.nextBefore).toBeNull();
    expect(await roundsOf(other)).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['before=-1', 'before'],
    ['other=1', 'other'],
  ])('rejects %s naming %s', async (qs, field) => {
    const user = await registerUser(server);
    expectBadField(
      await callRouteRaw(server, 'GET /api/games/rounds', {
        token: user.token,
        query: Object.fromEntries(new URLSearchParams(qs)),
      }),
      field,
    );
  });

  it('needs a token', async () => {
    expectError(await callRoute(server, 'GET /api/games/rounds'), 401);
  });
});
