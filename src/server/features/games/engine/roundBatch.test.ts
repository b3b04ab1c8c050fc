import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { coinFlip } from '../../../../shared/games/casino/coinflip';
import { replayRound } from '../../../../shared/games/engine/verify';
import { ManualClock } from '../../../platform/clock';
import { readStats } from '../../../platform/stats';
import {
  balanceOf,
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../../testing/harness';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { whileUserRowHeld } from '../../../testing/rowHeld';
import { startBuff } from '../../items/buffs';
import { insertItem } from '../../store/builders';
import {
  batchCounts,
  holdBatches,
  settleInBatch,
  type BatchRound,
  type SettleRow,
} from './roundBatch';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

interface Seed {
  id: number;
  server_seed: string;
  client_seed: string;
  nonce: number;
}

async function activeSeed(user: TestUser): Promise<Seed> {
  await callRoute(server, 'GET /api/fairness', { token: user.token });
  const [seed] = await server.db.rows<Seed>(sql`
    select id, server_seed, client_seed, nonce from fairness_seeds where user_id = ${user.id} and revealed_at is null`);
  return { ...seed!, id: Number(seed!.id), nonce: Number(seed!.nonce) };
}

/** A coin flip round as engine/oneStatement.ts hands it over, played from `seed` at `nonce`. */
function flipRound(user: TestUser, seed: Seed, stake: number, nonce = seed.nonce): BatchRound {
  const r = coinFlip(seed.server_seed, seed.client_seed, nonce, { choice: 'heads', stake });
  return {
    userId: user.id,
    seedId: seed.id,
    nonce,
    clientSeed: seed.client_seed,
    game: 'coin-flip',
    stake,
    payout: r.payout,
    payoutCategory: 'game_payout',
    params: { choice: 'heads', stake },
    outcome: { result: r.result, win: r.win, payout: r.payout, bonus: 0, multiplier: 100 },
    buffTypes: r.payout > stake ? ['reward-multiplier'] : [],
    now: clock.now().toISOString(),
    ...(r.win ? { stat: 'casino_wins' as const } : {}),
  };
}

/** A round's fallback: records that it went alone, and answers as a stale pair would (nothing). */
function aloneSpy() {
  const alone: number[] = [];
  const make = (userId: number) => async (): Promise<SettleRow[]> => {
    alone.push(userId);
    return [];
  };
  return { alone, make };
}

describe('settled rounds of many players in one statement', () => {
  it('settles each waiting round as the one-round statement would: nonce, round, postings, counter', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    const seeds = await Promise.all(users.map(activeSeed));
    const before = batchCounts(server.db);
    const { alone, make } = aloneSpy();
    const release = holdBatches(server.db);
    const rounds = users.map((u, k) => flipRound(u, seeds[k]!, 10 + k));
    const settling = rounds.map((round) => settleInBatch(server.db, round, make(round.userId)));
    release();
    const results = await Promise.all(settling);

    expect(alone).toEqual([]);
    const after = batchCounts(server.db);
    expect(after.done - before.done).toBe(6);
    expect(after.statements - before.statements).toBe(1);
    expect(after.failed).toBe(before.failed);
    for (const [k, user] of users.entries()) {
      const round = rounds[k]!;
      const [row] = results[k]!;
      const expected = 1000 - round.stake + round.payout;
      expect(row!.balance).toBe(expected);
      expect(await balanceOf(server, user.id)).toBe(expected);
      const [recorded] = await server.db.rows<{
        id: number;
        nonce: number;
        stake: number;
        payout: number;
        outcome: Record<string, unknown>;
      }>(sql`
        select id, nonce, stake, payout, outcome from game_rounds where user_id = ${user.id}`);
      expect(Number(recorded!.id)).toBe(row!.round_id);
      expect({
        nonce: Number(recorded!.nonce),
        stake: Number(recorded!.stake),
        payout: Number(recorded!.payout),
      }).toEqual({ nonce: 0, stake: round.stake, payout: round.payout });
      expect(
        replayRound('coin-flip', seeds[k]!.server_seed, seeds[k]!.client_seed, 0, round.params),
      ).toEqual({
        result: recorded!.outcome.result,
        win: recorded!.outcome.win,
        payout: recorded!.outcome.payout,
      });
      const [seed] = await server.db.rows<{ nonce: number }>(
        sql`select nonce from fairness_seeds where id = ${round.seedId}`,
      );
      expect(Number(seed!.nonce)).toBe(1);
      const postings = await server.db.rows<{
        user_id: number | null;
        delta: number;
        balance_after: number | null;
        category: string;
      }>(sql`
        select user_id, delta, balance_after, category from ledger where ref_type = 'round' and ref_id = ${String(row!.round_id)} order by id`);
      expect(
        postings.map((p) => ({
          ...p,
          user_id: p.user_id === null ? null : Number(p.user_id),
          delta: Number(p.delta),
          balance_after: p.balance_after === null ? null : Number(p.balance_after),
        })),
      ).toEqual([
        {
          user_id: user.id,
          delta: -round.stake,
          balance_after: 1000 - round.stake,
          category: 'game_stake',
        },
        { user_id: null, delta: round.stake, balance_after: null, category: 'game_stake' },
        ...(round.payout > 0
          ? [
              {
                user_id: user.id,
                delta: round.payout,
                balance_after: expected,
                category: 'game_payout',
              },
              { user_id: null, delta: -round.payout, balance_after: null, category: 'game_payout' },
            ]
          : []),
      ]);
      expect((await readStats(server.db, user.id)).casinoWins).toBe(round.stat ? 1 : 0);
    }
  });

  it('lets a round that cannot settle drop out with nothing written, and plays it alone; the others settle', async () => {
    const [ok, short, banned, stale, buffed, twice] = await Promise.all(
      Array.from({ length: 6 }, () => registerUser(server)),
    );
    const seedOf = new Map<number, Seed>();
    for (const u of [ok, short, banned, stale, buffed, twice])
      seedOf.set(u!.id, await activeSeed(u!));
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned!.id}`);
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 1000,
    });
    await startBuff(
      server.db,
      {
        userId: buffed!.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 1000,
      },
      clock.now(),
    );
    const buffedRound = {
      ...flipRound(buffed!, seedOf.get(buffed!.id)!, 5),
      buffTypes: ['reward-multiplier'],
    };

    const { alone, make } = aloneSpy();
    const release = holdBatches(server.db);
    const rounds = [
      flipRound(ok!, seedOf.get(ok!.id)!, 7),
      flipRound(short!, seedOf.get(short!.id)!, 1001),
      flipRound(banned!, seedOf.get(banned!.id)!, 1),
      // Another tab or process played nonce 0 first.
      flipRound(stale!, { ...seedOf.get(stale!.id)! }, 1, 1),
      buffedRound,
      flipRound(twice!, seedOf.get(twice!.id)!, 2),
      flipRound(twice!, seedOf.get(twice!.id)!, 3),
    ];
    const settling = rounds.map((round) => settleInBatch(server.db, round, make(round.userId)));
    release();
    const results = await Promise.all(settling);

    // The second round of one player waits for the next statement (its pair has moved on by then).
    expect(alone.sort()).toEqual([short!.id, banned!.id, stale!.id, buffed!.id, twice!.id].sort());
    expect(results.map((r) => r.length)).toEqual([1, 0, 0, 0, 0, 1, 0]);
    for (const u of [short!, banned!, stale!, buffed!]) {
      expect(await balanceOf(server, u.id)).toBe(1000);
      const [n] = await server.db.rows<{ rounds: number; postings: number; nonce: number }>(sql`
        select (select count(*)::int from game_rounds where user_id = ${u.id}) as rounds,
          (select count(*)::int from ledger where user_id = ${u.id} and ref_type = 'round') as postings,
          (select nonce from fairness_seeds where user_id = ${u.id} and revealed_at is null) as nonce`);
      expect({ ...n, nonce: Number(n!.nonce) }).toEqual({ rounds: 0, postings: 0, nonce: 0 });
    }
    expect(await balanceOf(server, ok!.id)).toBe(1000 - 7 + rounds[0]!.payout);
    expect(await balanceOf(server, twice!.id)).toBe(1000 - 2 + rounds[5]!.payout);
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a player whose row another transaction holds: that round goes alone, the others settle without waiting',
    async () => {
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      const [freeSeed, busySeed] = [await activeSeed(free!), await activeSeed(busy!)];
      await whileUserRowHeld(server, busy!.id, async () => {
        const { alone, make } = aloneSpy();
        const release = holdBatches(server.db);
        const settling = [flipRound(free!, freeSeed, 4), flipRound(busy!, busySeed, 4)].map(
          (round) => settleInBatch(server.db, round, make(round.userId)),
        );
        release();
        // Both answer while the other transaction still holds the row.
        const [freeRows, busyRows] = await Promise.all(settling);
        expect(freeRows).toHaveLength(1);
        expect(busyRows).toEqual([]);
        expect(alone).toEqual([busy!.id]);
      });
      expect(await balanceOf(server, busy!.id)).toBe(1000);
      const [seed] = await server.db.rows<{ nonce: number }>(
        sql`select nonce from fairness_seeds where id = ${busySeed.id}`,
      );
      expect(Number(seed!.nonce)).toBe(0);
    },
  );

  // PGlite answers one statement at a time and blocks the event loop meanwhile, so there rounds
  // seldom meet in a statement; on PostgreSQL they do.
  it('under load over HTTP: every round replays, nonces gapless, balances and counters exact', async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => registerUser(server)));
    const before = batchCounts(server.db);
    const flips = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 3 }, () =>
          callRouteRaw(server, 'POST /api/games/coin-flip', {
            token: u.token,
            body: { betAmount: 2, guess: 'tails' },
          }),
        ),
      ),
    );
    for (const f of flips) expect(f.status).toBe(200);
    const after = batchCounts(server.db);
    expect(after.failed).toBe(before.failed);
    for (const u of users) {
      await callRoute(server, 'POST /api/fairness/rotate', { token: u.token });
      const rounds = (await callRoute(server, 'GET /api/games/rounds', { token: u.token })).body
        .rounds;
      expect(rounds.map((r) => r.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2]);
      let balance = 1000;
      for (const round of rounds) {
        expect(
          replayRound('coin-flip', round.serverSeed!, round.clientSeed, round.nonce, round.params),
        ).toEqual({
          result: round.outcome.result,
          win: round.outcome.win,
          payout: round.outcome.payout,
        });
        balance += Number(round.outcome.payout) - 2;
      }
      expect(await balanceOf(server, u.id)).toBe(balance);
      expect((await readStats(server.db, u.id)).casinoWins).toBe(
        rounds.filter((r) => r.outcome.win).length,
      );
    }
  });
});
