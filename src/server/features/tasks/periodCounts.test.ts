import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from '../../testing/harness';
import { useAdmin } from '../../testing/builders';
import { periodStart } from './periods';
import { periodCounts, recordPeriodMark } from './progress';
import { placeWager, winWager } from './builders';

/** The period counts without a pass over the user's history (issue 20): marks and daily wins. */
const server = useTestServer();
const admin = useAdmin(server);

const DAY_MS = 24 * 3600 * 1000;
const today = () => periodStart('daily', new Date());
const counts = (userId: number, dayStart: Date) => periodCounts(server.db, userId, dayStart, periodStart('weekly', dayStart));

describe('period counts', () => {
  it('counts wins from the day of their settlement: today, this week, and none from tomorrow on', async () => {
    const user = await registerUser(server);
    await winWager(server, admin, user);
    await winWager(server, admin, user);
    await placeWager(server, admin, user);
    const now = await counts(user.id, today());
    expect(now.daily).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    expect(now.weekly).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    expect(now.lifetime).toMatchObject({ betsPlaced: 3, betsWon: 2 });
    const tomorrow = await counts(user.id, new Date(today().getTime() + DAY_MS));
    expect(tomorrow.daily).toMatchObject({ betsPlaced: 0, betsWon: 0 });
    const [row] = await server.db.rows<{ wins: number }>(sql`select wins from wager_wins_daily where user_id = ${user.id}`);
    expect(row?.wins).toBe(2);
  });

  it("reads a period's wagers from the last mark before it starts, on", async () => {
    const user = await registerUser(server);
    await placeWager(server, admin, user);
    await placeWager(server, admin, user);
    const [second] = await server.db.rows<{ id: number }>(sql`select max(id) as id from wagers where user_id = ${user.id}`);
    await placeWager(server, admin, user);
    // A mark says every wager up to the second was made before it: the count starts after it.
    // (Marks are true by construction; this one is not, to show that the range is used.)
    const start = new Date(today().getTime() - 7 * DAY_MS);
    await server.db.rows(sql`insert into period_marks (at, wagers_id) values (${new Date(start.getTime() - 120_000).toISOString()}, ${second!.id})`);
    try {
      const counted = await periodCounts(server.db, user.id, start, start);
      expect(counted.weekly.betsPlaced).toBe(1);
      expect(counted.lifetime.betsPlaced).toBe(3);
      // A mark younger than two minutes before the start is not trusted.
      const later = new Date(start.getTime() - 90_000);
      expect((await periodCounts(server.db, user.id, later, later)).weekly.betsPlaced).toBe(3);
    } finally {
      await server.db.rows(sql`delete from period_marks where wagers_id = ${second!.id}`);
    }
  });

  it('records where the wagers sequence stands, one mark a minute however many processes ask at once', async () => {
    await placeWager(server, admin, await registerUser(server));
    await server.db.rows(sql`delete from period_marks`);
    await Promise.all([recordPeriodMark(server.db), recordPeriodMark(server.db), recordPeriodMark(server.db)]);
    await recordPeriodMark(server.db);
    const marks = await server.db.rows<{ at: Date | string; wagers_id: number }>(sql`select at, wagers_id from period_marks`);
    const [last] = await server.db.rows<{ id: number }>(sql`select max(id) as id from wagers`);
    // One mark for the minute (two if the calls straddled a minute's end), each where the sequence stands.
    const minutes = new Set(marks.map((m) => Math.floor(new Date(m.at).getTime() / 60_000)));
    expect(marks.length).toBeLessThanOrEqual(2);
    expect(minutes.size).toBe(marks.length);
    for (const m of marks) expect(Number(m.wagers_id)).toBe(Number(last!.id));
  });
});
