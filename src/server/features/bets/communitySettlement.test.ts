import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../testing/callRoute';
import { expectError } from '../../testing/expectations';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  uniqueName,
  usingPostgres,
  useTestServer,
  type TestServer,
} from '../../testing/harness';
import { addMembers, createCommunity, crew, type Crew } from '../communities/builders';
import { auditReport } from '../audit/public';
import { communityOptionId, createCommunityBet, predict, treasuryOf } from './builders';

/**
 * Community bets against their treasury: what a race of wagers may take, settlement once across
 * two processes, and a closing community's open bets, each followed by the audit.
 */
const server = useTestServer({ newAccountHours: 0, newAccountActions: 0 });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const makeBet = (s: TestServer, c: Crew, options?: { text: string; odds: number }[]) =>
  createCommunityBet(s, c.moderator, c.slug, options);
const optionOf = communityOptionId;
const treasury = treasuryOf;

describe('exposure under a race', () => {
  it('takes only what the treasury covers out of 100 concurrent wagers, and the audit passes', async () => {
    const c = await crew(server);
    const bettors = await Promise.all(Array.from({ length: 20 }, () => registerUser(server)));
    await addMembers(server, c.owner, c.slug, bettors);
    const evens = [
      { text: 'Yes', odds: 2 },
      { text: 'No', odds: 2 },
    ];
    const bet = await makeBet(server, c, evens);
    const other = await makeBet(server, c, evens);
    // Each Yes wager of 50 pays 100: committed +100, balance +50, so 20 of 100 fit, spread over
    // two bets of the one treasury.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        predict(server, bettors[i % 20]!, (i % 2 ? other : bet)._id, 'Yes', 50),
      ),
    );
    const accepted = results.filter((r) => r.status === 200).length;
    for (const r of results.filter((x) => x.status !== 200))
      expectError(r, 409, { message: 'the treasury can' });
    expect(accepted).toBe(20);
    const t = await treasury(server, c.slug);
    expect(t).toEqual({ balance: 1000 + 50 * accepted, committed: 100 * accepted });
    expect(t.committed).toBeLessThanOrEqual(t.balance);
    await expectLedgerBalanced(server);
    for (const b of [bet, other]) {
      const res = await callRoute(server, 'POST /api/communities/:slug/bets/:betId/finalize', {
        token: c.owner.token,
        params: { slug: c.slug, betId: b._id },
        body: { optionId: optionOf(b, 'Yes') },
      });
      expect(res.status).toBe(200);
    }
    expect(await treasury(server, c.slug)).toEqual({ balance: 0, committed: 0 });
    await expectLedgerBalanced(server);
  });
});

describe('a closing community and the audit', () => {
  it('voids the open bets of a community that closes, refunding stakes before the treasury is shared out', async () => {
    const owner = await registerUser(server);
    const member = await registerUser(server);
    const community = await createCommunity(server, owner);
    await addMembers(server, owner, community.slug, [member]);
    const res = await callRoute(server, 'POST /api/communities/:slug/bets', {
      token: owner.token,
      params: { slug: community.slug },
      body: {
        title: uniqueName('cb'),
        endTime: inAnHour(),
        options: [
          { text: 'Yes', odds: 2.5 },
          { text: 'No', odds: 1.5 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await predict(server, member, res.body.bet._id, 'Yes', 300)).status).toBe(200);
    const deleted = await callRoute(server, 'DELETE /api/user', {
      token: owner.token,
      body: { password: owner.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [bet] = await server.db.rows<{ status: string }>(
      sql`select status from bets where id = ${Number(res.body.bet._id)}`,
    );
    expect(bet?.status).toBe('voided');
    expect(await balanceOf(server, member.id)).toBe(1000);
    expect(await treasury(server, community.slug)).toEqual({ balance: 0, committed: 0 });
    await expectLedgerBalanced(server);
  });

  it('finds a treasury whose committed coins differ from its open bets’ exposure', async () => {
    const c = await crew(server);
    const bet = await makeBet(server, c);
    await predict(server, c.member, bet._id, 'Yes', 100);
    await server.db.rows(
      sql`update bets set exposure = exposure - 1 where id = ${Number(bet._id)}`,
    );
    const report = await auditReport(server.db, server.deps.modules);
    expect(report.problem).toMatch(/committed 300 but its open promises add up to 299/);
    await server.db.rows(
      sql`update bets set exposure = exposure + 1 where id = ${Number(bet._id)}`,
    );
    await expectLedgerBalanced(server);
  });
});

describe.runIf(usingPostgres())('settlement on two processes', () => {
  const other = useTestServer({}, { databaseOf: server, audit: false });

  it('finalizes and voids exactly once when both apps settle at once', async () => {
    const c = await crew(server);
    const [a, b] = [await makeBet(server, c), await makeBet(server, c)];
    await predict(server, c.member, a._id, 'Yes', 100);
    await predict(other, c.moderator, b._id, 'No', 100);
    const finals = await Promise.all(
      [server, other, server, other].map((s) =>
        callRoute(s, 'POST /api/communities/:slug/bets/:betId/finalize', {
          token: c.owner.token,
          params: { slug: c.slug, betId: a._id },
          body: { optionId: optionOf(a, 'Yes') },
        }),
      ),
    );
    expect(finals.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const voids = await Promise.all(
      [other, server, other, server].map((s) =>
        callRoute(s, 'POST /api/communities/:slug/bets/:betId/void', {
          token: c.moderator.token,
          params: { slug: c.slug, betId: b._id },
        }),
      ),
    );
    expect(voids.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(server, c.member.id)).toBe(1200);
    expect(await balanceOf(server, c.moderator.id)).toBe(1000);
    expect(await treasury(server, c.slug)).toEqual({ balance: 800, committed: 0 });
    await Promise.all([server.deps.events.flush(), other.deps.events.flush()]);
    const notes = await server.db.rows<{ n: number }>(sql`
      select count(*)::int as n from notifications where kind = 'community_bet_settled' and user_id in (${c.member.id}, ${c.moderator.id})`);
    expect(notes[0]?.n).toBe(2);
    await expectLedgerBalanced(server);
  });

  it('keeps the treasury covered when both apps take wagers on its bets at once', async () => {
    const c = await crew(server);
    const bettors = await Promise.all(Array.from({ length: 20 }, () => registerUser(server)));
    await addMembers(server, c.owner, c.slug, bettors);
    const evens = [
      { text: 'Yes', odds: 2 },
      { text: 'No', odds: 2 },
    ];
    const [a, b] = [await makeBet(server, c, evens), await makeBet(other, c, evens)];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        predict(i % 2 ? other : server, bettors[i % 20]!, (i % 3 ? a : b)._id, 'Yes', 50),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(await treasury(server, c.slug)).toEqual({ balance: 2000, committed: 2000 });
    await expectLedgerBalanced(server);
  });
});
