import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SpinResponse } from '../../../../shared/games/spinner/contract';
import { SPINNER_INFO, type SpinnerId } from '../../../../shared/games/engine/catalog';
import { replayRound } from '../../../../shared/games/engine/verify';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../../testing/harness';
import { groupCountsSince } from '../../../testing/groupCounts';
import { whileUserRowHeld } from '../../../testing/rowHeld';
import { holdSpinGroups, spinGroupCounts, spinsWaiting, spinWheel } from './service';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

/** The spin's answer, or the status of its refusal. */
const spinAs = (user: TestUser, wheel: SpinnerId): Promise<SpinResponse | number> =>
  spinWheel(server.deps, user.id, wheel).catch((err: unknown) => {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  });

/** Starts `spins` while the spin statements are held, and lets them go once all are queued. */
async function together<T>(spins: (() => Promise<T>)[], queued = spins.length): Promise<T[]> {
  const release = holdSpinGroups(server.db);
  const answers = Promise.all(spins.map((s) => s()));
  // A spin reads the wheel's table before it joins the queue.
  await vi.waitFor(() => expect(spinsWaiting(server.db)).toBe(queued));
  release();
  return answers;
}

async function cooldownOf(user: TestUser, wheel: SpinnerId): Promise<string | null> {
  const [row] = await server.db.rows<{ next_spin_at: Date }>(
    sql`select next_spin_at from spinner_cooldowns where user_id = ${user.id} and spinner_id = ${wheel}`,
  );
  return row ? new Date(row.next_spin_at).toISOString() : null;
}

async function roundsOf(user: TestUser) {
  return server.db.rows<{ id: number; nonce: number; payout: number; outcome: { reward: number } }>(
    sql`select id, nonce, payout, outcome from game_rounds where user_id = ${user.id} and game = 'spinner' order by id`,
  );
}

describe('spins of many players in one statement', () => {
  it('settles each held spin as alone: the wheel on cooldown, the round at its nonce, the reward through the ledger', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    const wheels: SpinnerId[] = ['spinner', 'spinner12', 'spinnerDaily', 'spinnerWeekly'];
    const since = groupCountsSince(() => spinGroupCounts(server.db));
    const answers = (await together(
      users.map((u, k) => () => spinAs(u, wheels[k]!)),
    )) as SpinResponse[];

    expect(since()).toEqual({ statements: 1, done: 4, failed: 0 });
    for (const [k, user] of users.entries()) {
      const answer = answers[k]!;
      const next = new Date(
        clock.now().getTime() + SPINNER_INFO[wheels[k]!].cooldownMs,
      ).toISOString();
      expect(await cooldownOf(user, wheels[k]!)).toBe(next);
      const rounds = await roundsOf(user);
      expect(rounds.map((r) => [Number(r.nonce), Number(r.payout)])).toEqual([[0, answer.reward]]);
      expect(await balanceOf(server, user.id)).toBe(1000 + answer.reward);
      const replayed = await server.db.rows<{ server_seed: string; client_seed: string }>(sql`
        select server_seed, client_seed from fairness_seeds where user_id = ${user.id} and revealed_at is null`);
      const round = rounds[0]!;
      const [full] = await server.db.rows<{
        params: Record<string, unknown>;
        outcome: Record<string, unknown>;
      }>(sql`select params, outcome from game_rounds where id = ${round.id}`);
      expect(
        replayRound('spinner', replayed[0]!.server_seed, replayed[0]!.client_seed, 0, full!.params),
      ).toMatchObject({ reward: round.outcome.reward });
    }
    await expectLedgerBalanced(server);
  });

  it('a spin of a wheel on cooldown drops out with nothing written and is refused alone; a second spin of one wheel waits and is refused', async () => {
    const [fresh, cooling, twice] = await Promise.all(
      Array.from({ length: 3 }, () => registerUser(server)),
    );
    expect(typeof (await spinAs(cooling!, 'spinner'))).toBe('object');
    const since = groupCountsSince(() => spinGroupCounts(server.db));
    // twice's second spin waits behind its first (one player's rounds take turns), so three queue.
    const answers = await together(
      [
        () => spinAs(fresh!, 'spinner'),
        () => spinAs(cooling!, 'spinner'),
        () => spinAs(twice!, 'spinner'),
        () => spinAs(twice!, 'spinner'),
      ],
      3,
    );

    expect(answers.map((a) => (typeof a === 'number' ? a : 200))).toEqual([200, 409, 200, 409]);
    expect(since()).toMatchObject({ statements: 1, done: 2, failed: 0 });
    expect(await roundsOf(cooling!)).toHaveLength(1);
    expect(await roundsOf(twice!)).toHaveLength(1);
    await expectLedgerBalanced(server);
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a player whose row another transaction holds: the others spin at once, that spin waits alone',
    async () => {
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      // Their seed pairs exist (made by a first spin): making one would wait for the held row.
      for (const user of [free!, busy!])
        expect(typeof (await spinAs(user, 'spinner12'))).toBe('object');
      let busyAnswer!: Promise<SpinResponse | number>;
      await whileUserRowHeld(server, busy!.id, async () => {
        const release = holdSpinGroups(server.db);
        const freeAnswer = spinAs(free!, 'spinner');
        busyAnswer = spinAs(busy!, 'spinner');
        await vi.waitFor(() => expect(spinsWaiting(server.db)).toBe(2));
        release();
        expect(typeof (await freeAnswer)).toBe('object');
        expect(await roundsOf(busy!)).toHaveLength(1);
      });
      expect(typeof (await busyAnswer)).toBe('object');
      expect(await roundsOf(busy!)).toHaveLength(2);
    },
  );
});
