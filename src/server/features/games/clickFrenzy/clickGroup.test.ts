import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FrenzyClickResponse } from '../../../../shared/games/clickFrenzy/contract';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { readStats } from '../../../platform/stats';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../../testing/harness';
import { whileUserRowHeld } from '../../../testing/rowHeld';
import { startBuff } from '../../items/buffs';
import { insertItem } from '../../store/builders';
import { click, clickGroupCounts, holdClickGroups } from './service';
import { groupCountsSince } from '../../../testing/groupCounts';

// Mid-hour, so nothing here crosses into the next hour.
const clock = new ManualClock('2026-06-01T12:10:00Z');
const server = useTestServer({}, { clock });

/** The click's answer, or the status of its refusal. */
const clickAs = (user: TestUser): Promise<FrenzyClickResponse | number> =>
  click(server.deps, user.id, '🐶').catch((err: unknown) => {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  });

async function trail(user: TestUser) {
  const [row] = await server.db.rows<{ clicks: number; postings: number; hour: number | null }>(sql`
    select (select count(*)::int from click_frenzy_clicks where user_id = ${user.id}) as clicks,
      (select count(*)::int from ledger where user_id = ${user.id} and ref_type = 'frenzy') as postings,
      (select clicks from click_frenzy_hours where user_id = ${user.id}) as hour`);
  return {
    clicks: row!.clicks,
    postings: row!.postings,
    hour: row!.hour ?? 0,
    counted: (await readStats(server.db, user.id)).frenzyClicks,
    balance: await balanceOf(server, user.id),
  };
}

describe('Click Frenzy clicks of many players in one statement', () => {
  it('counts each held click as alone: the hour, the click row, its reward through the ledger, the counter', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    // One of them has clicked this hour already, in an earlier second.
    expect(await clickAs(users[0]!)).toMatchObject({ frenzyTotal: 1 });
    clock.advance(1000);
    const since = groupCountsSince(() => clickGroupCounts(server.db));
    const release = holdClickGroups(server.db);
    const clicking = users.map(clickAs);
    release();
    const answers = (await Promise.all(clicking)) as FrenzyClickResponse[];

    expect(since()).toEqual({ statements: 1, done: 4, failed: 0 });
    expect(answers.map((a) => [a.frenzyTotal, a.balance])).toEqual([
      [2, 1002],
      [1, 1001],
      [1, 1001],
      [1, 1001],
    ]);
    expect(await trail(users[0]!)).toEqual({
      clicks: 2,
      postings: 2,
      hour: 2,
      counted: 2,
      balance: 1002,
    });
    for (const user of users.slice(1))
      expect(await trail(user)).toEqual({
        clicks: 1,
        postings: 1,
        hour: 1,
        counted: 1,
        balance: 1001,
      });
    const [refs] = await server.db.rows<{ n: number }>(sql`
      select count(*)::int as n from ledger l join click_frenzy_clicks c on l.ref_type = 'frenzy' and l.ref_id = c.id::text where c.user_id = ${users[1]!.id}`);
    expect(refs?.n).toBe(2);
    await expectLedgerBalanced(server);
  });

  it('a click the statement refuses drops out with nothing written and is made alone, with its own answer', async () => {
    const [ok, banned, full, fast, buffed] = await Promise.all(
      Array.from({ length: 5 }, () => registerUser(server)),
    );
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned!.id}`);
    const hour = '2026-06-01T12:00:00Z';
    const second = Math.floor(clock.now().getTime() / 1000);
    await server.db
      .rows(sql`insert into click_frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks) values
      (${full!.id}, ${hour}, 100, ${second - 5}, 1), (${fast!.id}, ${hour}, 8, ${second}, 8)`);
    const booster = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 200,
      price: 1000,
    });
    await startBuff(
      server.db,
      {
        userId: buffed!.id,
        itemId: booster.id,
        effectType: 'reward-multiplier',
        value: 200,
        itemPrice: 1000,
      },
      clock.now(),
    );
    const since = groupCountsSince(() => clickGroupCounts(server.db));
    const release = holdClickGroups(server.db);
    const clicking = [ok, banned, full, fast, buffed].map((u) => clickAs(u!));
    release();
    const answers = await Promise.all(clicking);

    expect(since()).toEqual({ statements: 1, done: 1, failed: 0 });
    expect(answers.map((a) => (typeof a === 'number' ? a : a.reward))).toEqual([
      1, 403, 409, 429, 2,
    ]);
    for (const user of [banned!, full!, fast!]) expect((await trail(user)).clicks).toBe(0);
    expect(await trail(buffed!)).toMatchObject({
      clicks: 1,
      postings: 1,
      counted: 1,
      balance: 1002,
    });
    await expectLedgerBalanced(server);
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a player whose row another transaction holds: the others count at once, that click waits alone',
    async () => {
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      let busyAnswer!: Promise<FrenzyClickResponse | number>;
      await whileUserRowHeld(server, busy!.id, async () => {
        const release = holdClickGroups(server.db);
        const freeAnswer = clickAs(free!);
        busyAnswer = clickAs(busy!);
        release();
        expect(((await freeAnswer) as FrenzyClickResponse).balance).toBe(1001);
        expect((await trail(busy!)).clicks).toBe(0);
      });
      expect(((await busyAnswer) as FrenzyClickResponse).balance).toBe(1001);
    },
  );
});
