import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PlaceWagerResponse } from '../../../shared/api/bets';
import { AppError } from '../../platform/errors';
import {
  balanceOf,
  registerAdmin,
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../testing/harness';
import { whileUserRowHeld } from '../../testing/rowHeld';
import { closeBetByTime, createBet } from './builders';
import { holdWagerGroups, placeWager, wagerGroupCounts } from './service';

const server = useTestServer();

/** The wager's answer, or the status of its refusal. */
const place = (
  user: TestUser,
  betId: string,
  choice: string,
  amount: number,
): Promise<PlaceWagerResponse | number> =>
  placeWager(server.deps, user.id, Number(betId), choice, amount).catch((err: unknown) => {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  });

async function wagerTrail(user: TestUser) {
  const [row] = await server.db.rows<{
    placed: number;
    in_day: number;
    wagers: number;
    postings: number;
  }>(sql`
    select u.bets_placed as placed, u.placed_in_day as in_day,
      (select count(*)::int from wagers w where w.user_id = u.id) as wagers,
      (select count(*)::int from ledger l where l.user_id = u.id and l.ref_type = 'wager') as postings
    from users u where u.id = ${user.id}`);
  return {
    placed: Number(row!.placed),
    inDay: Number(row!.in_day),
    wagers: row!.wagers,
    postings: row!.postings,
  };
}

describe('wagers of many players in one statement', () => {
  it('places each held wager as alone: stake and its postings, the wager at the odds, the placement counters', async () => {
    const admin = await registerAdmin(server);
    const bet = await createBet(server, admin);
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(server)));
    const before = wagerGroupCounts(server.db);
    const release = holdWagerGroups(server.db);
    const placing = users.map((u, k) => place(u, bet._id, k % 2 ? 'No' : 'Yes', 10 + k));
    release();
    const answers = await Promise.all(placing);

    const after = wagerGroupCounts(server.db);
    expect({
      statements: after.statements - before.statements,
      done: after.done - before.done,
      failed: after.failed - before.failed,
    }).toEqual({ statements: 1, done: 5, failed: 0 });
    for (const [k, user] of users.entries()) {
      const answer = answers[k] as PlaceWagerResponse;
      expect(answer.message).toBe('Bet placed!');
      expect(answer.balance).toBe(1000 - (10 + k));
      expect(answer.wager.odds).toBe(k % 2 ? 1.5 : 2.5);
      expect(answer.wager.stake).toBe(10 + k);
      expect(await balanceOf(server, user.id)).toBe(1000 - (10 + k));
      expect(await wagerTrail(user)).toEqual({ placed: 1, inDay: 1, wagers: 1, postings: 1 });
      const postings = await server.db.rows<{
        user_id: number | null;
        delta: number;
        category: string;
      }>(sql`
        select user_id, delta, category from ledger where ref_type = 'wager' and ref_id = ${answer.wager._id} order by id`);
      expect(
        postings.map((p) => ({
          user_id: p.user_id === null ? null : Number(p.user_id),
          delta: Number(p.delta),
          category: p.category,
        })),
      ).toEqual([
        { user_id: user.id, delta: -(10 + k), category: 'bet_stake' },
        { user_id: null, delta: 10 + k, category: 'bet_stake' },
      ]);
    }
  });

  it('a wager the statement refuses drops out with nothing written and is placed alone, with its own answer', async () => {
    const admin = await registerAdmin(server);
    const [bet, closed] = [await createBet(server, admin), await createBet(server, admin)];
    await closeBetByTime(server, closed._id);
    const [ok, short, banned, unknown, late, twice] = await Promise.all(
      Array.from({ length: 6 }, () => registerUser(server)),
    );
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned!.id}`);
    const before = wagerGroupCounts(server.db);
    const release = holdWagerGroups(server.db);
    const placing = [
      place(ok!, bet._id, 'Yes', 5),
      place(short!, bet._id, 'Yes', 1001),
      place(banned!, bet._id, 'Yes', 5),
      place(unknown!, bet._id, 'Maybe', 5),
      place(late!, closed._id, 'Yes', 5),
      place(twice!, bet._id, 'Yes', 3),
      place(twice!, bet._id, 'No', 4),
    ];
    release();
    const answers = await Promise.all(placing);

    expect(answers.map((a) => (typeof a === 'number' ? a : a.message))).toEqual([
      'Bet placed!',
      409,
      403,
      400,
      409,
      'Bet placed!',
      'Bet placed!',
    ]);
    // The refused went alone; the second wager of one player came next, alone too (no other waited).
    const after = wagerGroupCounts(server.db);
    expect({
      statements: after.statements - before.statements,
      done: after.done - before.done,
    }).toEqual({ statements: 1, done: 2 });
    for (const user of [short!, banned!, unknown!, late!]) {
      expect(await balanceOf(server, user.id)).toBe(1000);
      expect(await wagerTrail(user)).toEqual({ placed: 0, inDay: 0, wagers: 0, postings: 0 });
    }
    expect(await balanceOf(server, twice!.id)).toBe(993);
    expect(await wagerTrail(twice!)).toEqual({ placed: 2, inDay: 2, wagers: 2, postings: 2 });
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'a wager alone that waits for a lock lets the next ones go',
    async () => {
      const admin = await registerAdmin(server);
      const bet = await createBet(server, admin);
      const [busy, a, b] = await Promise.all([
        registerUser(server),
        registerUser(server),
        registerUser(server),
      ]);
      let busyAnswer!: Promise<PlaceWagerResponse | number>;
      await whileUserRowHeld(server, busy!.id, async () => {
        // Nothing else waits, so this one goes alone, and waits for the row.
        busyAnswer = place(busy!, bet._id, 'Yes', 6);
        await new Promise((r) => setTimeout(r, 50));
        const answers = await Promise.all([
          place(a!, bet._id, 'Yes', 5),
          place(b!, bet._id, 'No', 4),
        ]);
        expect(answers.map((x) => (x as PlaceWagerResponse).balance)).toEqual([995, 996]);
        expect(await wagerTrail(busy!)).toEqual({ placed: 0, inDay: 0, wagers: 0, postings: 0 });
      });
      expect(((await busyAnswer) as PlaceWagerResponse).balance).toBe(994);
    },
  );

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a player whose row another transaction holds: the others are placed at once, that wager waits alone',
    async () => {
      const admin = await registerAdmin(server);
      const bet = await createBet(server, admin);
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      let busyAnswer!: Promise<PlaceWagerResponse | number>;
      await whileUserRowHeld(server, busy!.id, async () => {
        const release = holdWagerGroups(server.db);
        const freeAnswer = place(free!, bet._id, 'Yes', 7);
        busyAnswer = place(busy!, bet._id, 'Yes', 8);
        release();
        expect(((await freeAnswer) as PlaceWagerResponse).balance).toBe(993);
        expect(await wagerTrail(busy!)).toEqual({ placed: 0, inDay: 0, wagers: 0, postings: 0 });
      });
      expect(((await busyAnswer) as PlaceWagerResponse).balance).toBe(992);
    },
  );
});
