import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RpsMove } from '../../../../shared/games/rps/contract';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../../../../shared/games/engine/sameAddress';
import { ManualClock } from '../../../platform/clock';
import { auditReport } from '../../audit/public';
import { readStats } from '../../../platform/stats';
import {
  balanceOf,
  expectLedgerBalanced,
  registerUser,
  useTestServer,
} from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { sweepExpired } from './service';
import { rpsKit } from './testing';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { ban, useAdmin } from '../../../testing/builders';

const clock = new ManualClock(Date.now());
const server = useTestServer({}, { clock });
const admin = useAdmin(server);

const {
  sha256,
  play,
  invites,
  challenges,
  history,
  cancel,
  progress,
  leaderboard,
  challenge,
  answer,
  pair,
  duelState,
  ledgerOf,
} = rpsKit(server);

describe('POST /api/games/rps: challenge and answer', () => {
  it('a challenge holds the buy-in in escrow; the answer pays the winner both buy-ins (challenger wins)', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 100, 'rock');
    expect(waiting).toMatchObject({ status: 'waiting', userPick: 'rock', balance: 900 });
    expect(waiting.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(waiting.expiresAt).getTime()).toBe(clock.now().getTime() + 24 * 3_600_000);
    expect(await balanceOf(server, a.id)).toBe(900);

    const inv = (await invites(b)).body;
    expect(inv).toEqual([
      {
        _id: waiting.duelId,
        fromUsername: a.username,
        buyIn: 100,
        commitment: waiting.commitment,
        createdAt: clock.now().toISOString(),
        expiresAt: waiting.expiresAt,
      },
    ]);
    expect((await challenges(a)).body).toEqual([
      expect.objectContaining({
        _id: waiting.duelId,
        toUsername: b.username,
        buyIn: 100,
        userPick: 'rock',
        commitment: waiting.commitment,
      }),
    ]);

    const result = await answer(b, a, 100, 'scissors');
    expect(result).toEqual({
      status: 'resolved',
      duelId: waiting.duelId,
      userPick: 'scissors',
      oppPick: 'rock',
      winner: 'opponent',
      outcome: 'lose',
      balance: 900,
    });
    expect(await balanceOf(server, a.id)).toBe(1100);
    expect(await balanceOf(server, b.id)).toBe(900);
    expect(await ledgerOf(waiting.duelId)).toEqual([
      { user_id: a.id, delta: -100, category: 'duel_buy_in' },
      { user_id: b.id, delta: -100, category: 'duel_buy_in' },
      { user_id: a.id, delta: 200, category: 'duel_payout' },
    ]);
    expect((await readStats(server.db, a.id)).rpsWins).toBe(1);
    expect((await readStats(server.db, b.id)).rpsWins).toBe(0);
    expect((await invites(b)).body).toEqual([]);
    expect((await challenges(a)).body).toEqual([]);
    expect(await duelState(waiting.duelId)).toBe('resolved');
  });

  it('the opponent wins when their move beats the committed one', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 250, 'paper');
    const result = await answer(b, a, 250, 'scissors');
    expect(result).toMatchObject({
      userPick: 'scissors',
      oppPick: 'paper',
      winner: 'user',
      outcome: 'win',
      balance: 1250,
    });
    expect(await balanceOf(server, a.id)).toBe(750);
    expect((await readStats(server.db, b.id)).rpsWins).toBe(1);
    expect((await readStats(server.db, a.id)).rpsWins).toBe(0);
    expect(await duelState(waiting.duelId)).toBe('resolved');
  });

  it('a draw refunds both buy-ins and counts no win', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 40, 'scissors');
    const result = await answer(b, a, 40, 'scissors');
    expect(result).toMatchObject({ winner: 'draw', outcome: 'draw', balance: 1000 });
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
    expect((await ledgerOf(waiting.duelId)).map((r) => r.category).sort()).toEqual([
      'duel_buy_in',
      'duel_buy_in',
      'duel_refund',
      'duel_refund',
    ]);
    expect(
      (await readStats(server.db, a.id)).rpsWins + (await readStats(server.db, b.id)).rpsWins,
    ).toBe(0);
    expect((await progress(a)).body.rpsStats).toEqual({ wins: 0, games: 1 });
  });

  it('answers only a challenge at exactly that buy-in, the oldest first; otherwise challenges back', async () => {
    const [a, b] = await pair();
    const first = await challenge(a, b, 10, 'rock');
    const second = await challenge(a, b, 10, 'paper');
    const other = await challenge(a, b, 20, 'rock');
    // 15 matches none of them: a new challenge from b to a.
    const back = await challenge(b, a, 15, 'rock');
    expect((await invites(a)).body.map((i) => i._id)).toEqual([back.duelId]);
    const res = await answer(b, a, 10, 'paper');
    expect(res.duelId).toBe(first.duelId);
    expect(res.oppPick).toBe('rock');
    expect((await invites(b)).body.map((i) => i._id)).toEqual([second.duelId, other.duelId]);
    // Cleanup keeps the escrow test below independent of this one.
    for (const id of [second.duelId, other.duelId]) expect((await cancel(a, id)).status).toBe(200);
    expect((await cancel(b, back.duelId)).status).toBe(200);
  });

  it('history shows both sides their picks, outcome and role, and the salt proves the commitment', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 30, 'paper');
    await answer(b, a, 30, 'rock');
    const [mine] = (await history(a)).body;
    const [theirs] = (await history(b)).body;
    expect(mine).toMatchObject({
      _id: waiting.duelId,
      opponent: b.username,
      buyIn: 30,
      yourPick: 'paper',
      theirPick: 'rock',
      outcome: 'win',
      role: 'challenger',
    });
    expect(theirs).toMatchObject({
      _id: waiting.duelId,
      opponent: a.username,
      buyIn: 30,
      yourPick: 'rock',
      theirPick: 'paper',
      outcome: 'lose',
      role: 'opponent',
    });
    expect(mine!.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(mine!.commitment).toBe(waiting.commitment);
    expect(sha256(`paper:${mine!.salt}`)).toBe(mine!.commitment);
    expect(theirs!.salt).toBe(mine!.salt);
    expect(sha256(`${theirs!.theirPick}:${theirs!.salt}`)).toBe(theirs!.commitment);
  });

  it("never shows the opponent the challenger's move or salt before the answer", async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 5, 'scissors');
    const [row] = await server.db.rows<{ salt: string }>(
      sql`select salt from rps_duels where id = ${waiting.duelId}`,
    );
    const salt = row!.salt;
    expect(sha256(`scissors:${salt}`)).toBe(waiting.commitment);
    expect(JSON.stringify(waiting)).not.toContain(salt);
    for (const res of [
      await invites(b),
      await history(b),
      await challenges(b),
      await progress(b),
      await leaderboard(b),
    ]) {
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(salt);
      expect(text).not.toMatch(/scissors|challengerMove|challenger_move|userPick/i);
    }
    // The challenger's own list shows their pick, never the salt.
    expect(JSON.stringify((await challenges(a)).body)).not.toContain(salt);
    const result = await answer(b, a, 5, 'rock');
    expect(result.oppPick).toBe('scissors');
    expect(JSON.stringify((await history(b)).body)).toContain(salt);
  });
});

describe('expiry and cancel', () => {
  it('a challenge unanswered for 24 hours is refunded once, and an answer after it starts a new challenge', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 300, 'rock');
    clock.advance(24 * 3_600_000 - 1000);
    expect((await invites(b)).body.map((i) => i._id)).toEqual([waiting.duelId]);
    clock.advance(1000);
    expect((await invites(b)).body).toEqual([]);
    expect(await duelState(waiting.duelId)).toBe('expired');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect((await ledgerOf(waiting.duelId)).map((r) => [r.category, r.delta])).toEqual([
      ['duel_buy_in', -300],
      ['duel_refund', 300],
    ]);
    // Already expired: another sweep, a late cancel and a late answer change nothing of it.
    await sweepExpired(server.deps);
    expectError(await cancel(a, waiting.duelId), 409, { message: 'expired' });
    const late = await play(b, a.username, 300, 'paper');
    expect(late.body.status).toBe('waiting');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(700);
    expect((await cancel(b, late.body.duelId)).status).toBe(200);
    expect(await balanceOf(server, b.id)).toBe(1000);
  });

  it('the timer sweep expires challenges of users who read nothing', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 60, 'paper');
    clock.advance(24 * 3_600_000 + 1);
    expect(await sweepExpired(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await duelState(waiting.duelId)).toBe('expired');
    expect(await balanceOf(server, a.id)).toBe(1000);
    const events = await server.db.rows<{ user_id: number }>(sql`
      select user_id from realtime_events where kind = 'duel.canceled' and payload->>'duelId' = ${waiting.duelId}`);
    expect(events.map((e) => Number(e.user_id))).toContain(b.id);
  });

  it('only the challenger cancels (others 404), once (then 409), and gets the buy-in back', async () => {
    const [a, b] = await pair();
    const c = await registerUser(server);
    const waiting = await challenge(a, b, 120, 'rock');
    expectError(await cancel(b, waiting.duelId), 404);
    expectError(await cancel(c, waiting.duelId), 404);
    expectError(await cancel(a, '999999999'), 404);
    expectBadField(await cancel(a, 'abc'), 'id');
    const res = await cancel(a, waiting.duelId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ duelId: waiting.duelId, balance: 1000 });
    expectError(await cancel(a, waiting.duelId), 409, { message: 'canceled' });
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect((await invites(b)).body).toEqual([]);
    const events = await server.db.rows<{ user_id: number }>(sql`
      select user_id from realtime_events where kind = 'duel.canceled' and payload->>'duelId' = ${waiting.duelId}`);
    expect(events.map((e) => Number(e.user_id))).toContain(b.id);
    // b's answer at that buy-in now challenges a instead.
    const back = await play(b, a.username, 120, 'rock');
    expect(back.body.status).toBe('waiting');
    expect((await cancel(b, back.body.duelId)).status).toBe(200);
  });
});

describe('validation', () => {
  it('refuses bad input with a 4xx and changes no balance', async () => {
    const [a, b] = await pair();
    const banned = await registerUser(server);
    await ban(server, admin, banned);
    const cases: [unknown, unknown, unknown, number, string][] = [
      [a.username, 10, 'rock', 400, 'yourself'],
      ['nobody-here-xyz', 10, 'rock', 404, 'No such user'],
      [banned.username, 10, 'rock', 409, 'banned'],
      [b.username, 0, 'rock', 400, 'buyIn'],
      [b.username, 1.5, 'rock', 400, 'buyIn'],
      [b.username, 1_000_001, 'rock', 400, 'buyIn'],
      [b.username, undefined, 'rock', 400, 'buyIn'],
      [b.username, '10', 'rock', 400, 'buyIn'],
      [b.username, 10, 'lizard', 400, 'userChoice'],
      [b.username, 10, undefined, 400, 'userChoice'],
      [undefined, 10, 'rock', 400, 'opponentUsername'],
      ['', 10, 'rock', 400, 'opponentUsername'],
      [b.username, 1001, 'rock', 409, 'Insufficient balance'],
    ];
    for (const [opponent, buyIn, choice, status, message] of cases) {
      const res = await callRouteRaw(server, 'POST /api/games/rps', {
        token: a.token,
        body: { opponentUsername: opponent, buyIn, userChoice: choice },
      });
      expectError(res, status, { message });
    }
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
    expect((await invites(b)).body).toEqual([]);
    expectError(
      await callRoute(server, 'POST /api/games/rps', {
        body: { opponentUsername: b.username, buyIn: 1, userChoice: 'rock' },
      }),
      401,
    );
    for (const name of [
      'GET /api/games/rps/invites',
      'GET /api/games/rps/challenges',
      'GET /api/games/rps/history',
    ] as const)
      expectError(await callRoute(server, name), 401);
    expectError(
      await callRoute(server, 'POST /api/games/rps/:id/cancel', { params: { id: '1' } }),
      401,
    );
  });

  it('an answer the opponent cannot cover is refused and leaves the challenge open', async () => {
    const [a, b] = await pair();
    const c = await registerUser(server);
    const waiting = await challenge(a, b, 1000, 'rock');
    await challenge(b, c, 500, 'paper');
    expectError(await play(b, a.username, 1000, 'paper'), 409, { message: 'Insufficient balance' });
    expect(await balanceOf(server, b.id)).toBe(500);
    expect(await duelState(waiting.duelId)).toBe('open');
    expect((await invites(b)).body.map((i) => i._id)).toEqual([waiting.duelId]);
  });

  it('a ban refunds every open duel of the banned user, either side', async () => {
    const [a, b] = await pair();
    const c = await registerUser(server);
    const outgoing = await challenge(a, b, 70, 'rock');
    const incoming = await challenge(c, a, 80, 'paper');
    await ban(server, admin, a);
    expect(await duelState(outgoing.duelId)).toBe('canceled');
    expect(await duelState(incoming.duelId)).toBe('canceled');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, c.id)).toBe(1000);
    expect((await invites(b)).body).toEqual([]);
  });
});

describe('account deletion', () => {
  it('refunds the open duels of a deleted account to their challengers', async () => {
    const [a, b] = await pair();
    const c = await registerUser(server);
    const outgoing = await challenge(a, b, 90, 'rock');
    const incoming = await challenge(c, a, 40, 'scissors');
    const res = await callRoute(server, 'DELETE /api/user', {
      token: a.token,
      body: { password: a.password },
    });
    expect(res.status).toBe(200);
    expect(await duelState(outgoing.duelId)).toBe('canceled');
    expect(await duelState(incoming.duelId)).toBe('canceled');
    expect(await balanceOf(server, c.id)).toBe(1000);
    expect(await balanceOf(server, a.id)).toBe(0);
    expect((await invites(b)).body).toEqual([]);
  });
});

describe('same address', () => {
  it('two accounts on one address may duel; the winner takes at most the daily cap from the other, the rest goes back', async () => {
    // Every call of this file comes from 127.0.0.1: one network, as a household's would.
    const [a, b] = await pair();
    await challenge(a, b, 800, 'rock');
    const resolved = await answer(b, a, 800, 'scissors');
    expect(resolved.balance).toBe(1000 - 800 + (800 - SAME_ADDRESS_DAILY_WIN_CAP));
    expect(await balanceOf(server, a.id)).toBe(1000 + SAME_ADDRESS_DAILY_WIN_CAP);
    // The cap is spent for today: the next win returns the stake and nothing more.
    await challenge(a, b, 100, 'paper');
    await answer(b, a, 100, 'rock');
    expect(await balanceOf(server, a.id)).toBe(1000 + SAME_ADDRESS_DAILY_WIN_CAP);
    // The other way round is a cap of its own.
    await challenge(b, a, 100, 'paper');
    await answer(a, b, 100, 'rock');
    expect(await balanceOf(server, b.id)).toBe(1000 - SAME_ADDRESS_DAILY_WIN_CAP + 100);
    await expectLedgerBalanced(server);
  });
});

describe('stats and leaderboard', () => {
  it('fills rpsStats and the rps leaderboard (wins, then games; active players only)', async () => {
    const [champ, rival] = await pair();
    const [drawn, loser] = await pair();
    const moves: [RpsMove, RpsMove][] = [
      ['rock', 'paper'],
      ['paper', 'scissors'],
      ['scissors', 'rock'],
    ];
    // champ answers rival's challenges with the winning move, 9 times.
    for (let i = 0; i < 9; i++) {
      const [theirs, winning] = moves[i % 3]!;
      await challenge(rival, champ, 1, theirs);
      await answer(champ, rival, 1, winning);
    }
    await challenge(champ, drawn, 1, 'rock');
    await answer(drawn, champ, 1, 'rock');
    await challenge(loser, champ, 2, 'rock');
    await answer(champ, loser, 2, 'paper');
    expect((await progress(champ)).body.rpsStats).toEqual({ wins: 10, games: 11 });
    expect((await progress(rival)).body.rpsStats).toEqual({ wins: 0, games: 9 });
    const fresh = await registerUser(server);
    expect((await progress(fresh)).body.rpsStats).toEqual({ wins: 0, games: 0 });

    const board = (await leaderboard(fresh)).body.rps;
    expect(board.length).toBeLessThanOrEqual(10);
    expect(board[0]).toEqual({
      _id: String(champ.id),
      username: champ.username,
      profileImage: null,
      wins: 10,
      games: 11,
    });
    for (let i = 1; i < board.length; i++) {
      const [prev, cur] = [board[i - 1]!, board[i]!];
      expect(prev.wins > cur.wins || (prev.wins === cur.wins && prev.games >= cur.games)).toBe(
        true,
      );
    }
    await ban(server, admin, champ);
    expect((await leaderboard(fresh)).body.rps.map((e) => e.username)).not.toContain(
      champ.username,
    );
  });
});

describe('conservation', () => {
  it('the ledger audit passes after all of the above', async () => {
    await sweepExpired(server.deps);
    await expectLedgerBalanced(server);
    const report = await auditReport(server.db, server.deps.modules);
    expect(report.ok, report.problem ?? '').toBe(true);
    expect(report.notes).toEqual([]);
    // Every open duel's buy-in is still held: the house's duel_buy_in net equals the open escrow.
    const [row] = await server.db.rows<{ held: string; open: string }>(sql`
      select (select coalesce(-sum(delta), 0) from ledger where ref_type = 'duel' and user_id is not null)::text as held,
             (select coalesce(sum(buy_in), 0) from rps_duels where state = 'open')::text as open`);
    expect(row!.held).toBe(row!.open);
  });
});
