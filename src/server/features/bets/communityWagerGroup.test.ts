import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlaceWagerResponse } from '../../../shared/api/bets';
import {
  expectLedgerBalanced,
  registerUser,
  useTestServer,
  type TestUser,
} from '../../testing/harness';
import { AppError } from '../../platform/errors';
import { addMembers, crew, type Crew } from '../communities/builders';
import { groupCountsSince } from '../../testing/groupCounts';
import { createCommunityBet } from './builders';
import {
  communityWagerGroupCounts,
  holdCommunityWagerGroups,
  placeCommunityWager,
} from './communityWagers';

/** Community wagers of many players in one statement (communityWagers.ts), against the treasury. */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

async function makeBet(c: Crew, options: { text: string; odds: number }[]) {
  const bet = await createCommunityBet(server, c.owner, c.slug, options);
  const [row] = await server.db.rows<{ account_id: string }>(
    sql`select account_id::text from bets where id = ${Number(bet._id)}`,
  );
  return { id: Number(bet._id), treasury: Number(row!.account_id) };
}

type Answer = { message: string; balance: number } | { status: number; message: string };

const place = (
  user: TestUser,
  bet: { id: number; treasury: number },
  choice: string,
  amount: number,
): Promise<Answer> =>
  placeCommunityWager(server.deps, user.id, bet.id, bet.treasury, choice, amount).then(
    (r: PlaceWagerResponse) => ({ message: r.message, balance: r.balance }),
    (err: unknown) => {
      if (err instanceof AppError) return { status: err.statusCode, message: err.message };
      throw err;
    },
  );

async function treasuryOf(id: number) {
  const [row] = await server.db.rows<{ balance: string; committed: string }>(
    sql`select balance::text, committed::text from ledger_accounts where id = ${id}`,
  );
  return { balance: Number(row!.balance), committed: Number(row!.committed) };
}

/** Each option's liability and the bet's exposure as stored, and as its wagers add up. */
async function promises(betId: number) {
  const rows = await server.db.rows<{
    text: string;
    liability: string;
    owed: string;
    exposure: string;
  }>(sql`
    select o.text, o.liability::text, b.exposure::text,
      (select coalesce(sum(w.stake * w.odds / 100), 0)::text from wagers w where w.option_id = o.id) as owed
    from bet_options o join bets b on b.id = o.bet_id where o.bet_id = ${betId} order by o.position`);
  return {
    stored: Object.fromEntries(rows.map((r) => [r.text, Number(r.liability)])),
    owed: Object.fromEntries(rows.map((r) => [r.text, Number(r.owed)])),
    exposure: Number(rows[0]!.exposure),
  };
}

describe('community wagers of many players in one statement', () => {
  it('places a funded treasury’s wagers as alone would, promising what they add, and the refused ones alone with their own answer', async () => {
    const [c1, c2] = [await crew(server), await crew(server)];
    const players = await Promise.all(Array.from({ length: 6 }, () => registerUser(server)));
    const [a, b, d, banned, short, f] = players as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    await addMembers(server, c1.owner, c1.slug, [a, b, d, banned, short]);
    await addMembers(server, c2.owner, c2.slug, [f]);
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned.id}`);
    const bet1 = await makeBet(c1, [
      { text: 'Yes', odds: 3 },
      { text: 'No', odds: 1.5 },
    ]);
    const bet2 = await makeBet(c2, [
      { text: 'Yes', odds: 2 },
      { text: 'No', odds: 2 },
    ]);
    const counts = groupCountsSince(() => communityWagerGroupCounts(server.db));
    const release = holdCommunityWagerGroups(server.db);
    // Treasury 1 (1,000 coins) could pay all three in full (750 against 1,350): Yes 100 and
    // No 200 promise 300 each, Yes 50 takes Yes to 450, so it promises 450, not 750.
    const placing = [
      place(a, bet1, 'Yes', 100),
      place(b, bet1, 'No', 200),
      place(d, bet1, 'Yes', 50),
      place(banned, bet1, 'Yes', 10),
      place(short, bet1, 'Yes', 1001),
      place(c2.outsider, bet1, 'Yes', 10),
      place(f, bet2, 'Yes', 100),
    ];
    release();
    const answers = await Promise.all(placing);

    expect(counts()).toEqual({ statements: 1, done: 4, failed: 0 });
    const summary = answers.map((x) => ('status' in x ? x.status : x.balance));
    expect(summary).toEqual([900, 800, 950, 403, 409, 404, 900]);
    expect(await treasuryOf(bet1.treasury)).toEqual({ balance: 1350, committed: 450 });
    expect(await treasuryOf(bet2.treasury)).toEqual({ balance: 1100, committed: 200 });
    expect(await promises(bet1.id)).toEqual({
      stored: { Yes: 450, No: 300 },
      owed: { Yes: 450, No: 300 },
      exposure: 450,
    });

    // Each wager: the player's stake row and the treasury's, whose balances run in order.
    const rows = await server.db.rows<{ after: string }>(sql`
      select balance_after::text as after from ledger
      where account_id = ${bet1.treasury} and ref_type = 'wager' order by id`);
    expect(rows.map((r) => Number(r.after))).toEqual([1100, 1300, 1350]);
    const [counted] = await server.db.rows<{ placed: string }>(
      sql`select bets_placed::text as placed from users where id = ${a.id}`,
    );
    expect(Number(counted!.placed)).toBe(1);
    await expectLedgerBalanced(server);
  });

  it('sends a treasury near its limit alone, where each wager is decided in turn', async () => {
    const c = await crew(server);
    const [e, g] = await Promise.all([registerUser(server), registerUser(server)]);
    await addMembers(server, c.owner, c.slug, [e, g]);
    const bet = await makeBet(c, [
      { text: 'Yes', odds: 3 },
      { text: 'No', odds: 1.5 },
    ]);
    const counts = groupCountsSince(() => communityWagerGroupCounts(server.db));
    const release = holdCommunityWagerGroups(server.db);
    // Paying both in full (1,950) is more than 1,000 + 700: neither goes in the group. Alone,
    // Yes 600 (a promise of 1,800) is refused in either order, and No 100 is placed.
    const placing = [place(e, bet, 'Yes', 600), place(g, bet, 'No', 100)];
    release();
    const [big, small] = await Promise.all(placing);

    expect(counts()).toEqual({ statements: 1, done: 0, failed: 0 });
    expect(big).toMatchObject({ status: 409 });
    expect((big as { message: string }).message).toMatch(
      /^amount: the treasury can cover at most 5[05]0 more coins on "Yes" now$/,
    );
    expect(small).toMatchObject({ balance: 900 });
    expect(await treasuryOf(bet.treasury)).toEqual({ balance: 1100, committed: 150 });
    await expectLedgerBalanced(server);
  });

  it('a player twice in one burst goes in the next statement, and both wagers count', async () => {
    const c = await crew(server);
    const bet = await makeBet(c, [
      { text: 'Yes', odds: 2 },
      { text: 'No', odds: 2 },
    ]);
    const release = holdCommunityWagerGroups(server.db);
    const placing = [
      place(c.member, bet, 'Yes', 10),
      place(c.member, bet, 'No', 20),
      place(c.moderator, bet, 'Yes', 30),
    ];
    release();
    const answers = await Promise.all(placing);
    expect(answers.every((x) => !('status' in x))).toBe(true);
    expect(await treasuryOf(bet.treasury)).toEqual({ balance: 1060, committed: 80 });
    expect((await promises(bet.id)).stored).toEqual({ Yes: 80, No: 40 });
    await expectLedgerBalanced(server);
  });
});
