import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveMessage } from '../../../../shared/api/live';
import type { QuizDuelDto } from '../../../../shared/games/quizDuel/contract';
import {
  QUIZ_LIVE_REVEAL_MS,
  QUIZ_QUESTION_MS,
  QUIZ_QUESTIONS,
} from '../../../../shared/games/quizDuel/rules';
import { ManualClock } from '../../../platform/clock';
import { balanceOf, useTestServer } from '../../../testing/harness';
import { openLive, takeTicket } from '../../../testing/liveClient';
import { closeDueLive } from './sweeps';
import { quizKit } from './testing';

// Races between answers, joins, cancels and the deadline sweep, on whichever database the run
// uses; the ledger audit runs when the file ends. Escrow: every duel's stakes come back or are
// paid out exactly once.
const clock = new ManualClock(Date.parse('2026-11-26T12:00:00Z'));
const server = useTestServer({ trustProxy: 1 }, { clock });
const kit = quizKit(server, clock);
const { player, challenge, join, view, answer, cancel, rightAnswers, wrong, wait } = kit;

/** Each duel's ledger rows by category: stakes in, and out exactly once as a payout or refunds. */
async function expectEscrowSettledOnce(): Promise<void> {
  const rows = await server.db.rows<{
    id: number;
    state: string;
    stakes: number;
    payouts: number;
    refunds: number;
    stake_sum: number;
    out_sum: number;
  }>(sql`
    select d.id, d.state,
      count(*) filter (where l.category = 'quiz_stake')::int as stakes,
      count(*) filter (where l.category = 'quiz_payout')::int as payouts,
      count(*) filter (where l.category = 'quiz_refund')::int as refunds,
      coalesce(-sum(l.delta) filter (where l.category = 'quiz_stake'), 0)::int as stake_sum,
      coalesce(sum(l.delta) filter (where l.category in ('quiz_payout', 'quiz_refund')), 0)::int as out_sum
    from quiz_duel_matches d left join ledger l on l.ref_type = 'quiz_duel' and l.ref_id = d.id::text and l.user_id is not null
    group by d.id, d.state`);
  for (const r of rows) {
    if (r.state === 'open')
      expect([r.stakes, r.payouts, r.refunds], `duel ${r.id}`).toEqual([1, 0, 0]);
    else if (r.state === 'playing')
      expect([r.stakes, r.payouts, r.refunds], `duel ${r.id}`).toEqual([2, 0, 0]);
    else if (r.state === 'canceled' || r.state === 'expired')
      expect([r.stakes, r.payouts, r.refunds, r.out_sum], `duel ${r.id}`).toEqual([
        1,
        0,
        1,
        r.stake_sum,
      ]);
    else
      expect(
        r.payouts === 1 ? r.refunds : r.refunds === 2 ? r.payouts : -1,
        `duel ${r.id} finished`,
      ).toBe(0);
  }
}

describe('quiz duel races', () => {
  it('ten parallel joins of one open challenge: exactly one joins and pays', async () => {
    const a = await player();
    const joiners = await Promise.all(Array.from({ length: 10 }, () => player()));
    const id = (await challenge(a, { stake: 100, mode: 'async' })).body.duel._id;
    const results = await Promise.all(joiners.map((j) => join(j, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.status, JSON.stringify(r.body)).toBe(409);
    const balances = await Promise.all(joiners.map((j) => balanceOf(server, j.id)));
    expect(balances.filter((b) => b === 900)).toHaveLength(1);
    expect(balances.filter((b) => b === 1000)).toHaveLength(9);
    await expectEscrowSettledOnce();
  });

  it('two answers to one question at once: the first is final, the other refused', async () => {
    for (const mode of ['live', 'async'] as const) {
      const [a, b] = await Promise.all([player(), player()]);
      const id = (await challenge(a, { opponentUsername: b.username, stake: 10, mode })).body.duel
        ._id;
      await join(b, id);
      wait(3000);
      const right = await rightAnswers(id);
      const [one, two] = await Promise.all([
        answer(a, id, 0, right[0]!),
        answer(a, id, 0, wrong(right[0]!)),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 409]);
      const [row] = await server.db.rows<{ n: number; choice: number }>(
        sql`select count(*)::int as n, min(choice)::int as choice from quiz_duel_answers where duel_id = ${Number(id)} and user_id = ${a.id} and q = 0`,
      );
      expect(row!.n).toBe(1);
      const winner = one.status === 200 ? right[0]! : wrong(right[0]!);
      expect(row!.choice).toBe(winner);
    }
  });

  it('an answer racing the deadline sweep: one outcome, counted once', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const [a, b] = await Promise.all([player(), player()]);
      const id = (await challenge(a, { opponentUsername: b.username, stake: 10, mode: 'live' }))
        .body.duel._id;
      await join(b, id);
      // Right at the deadline: the answer is in time, the sweep may already close.
      wait(3000 + QUIZ_QUESTION_MS);
      const right = await rightAnswers(id);
      const [answered, swept] = await Promise.all([
        answer(a, id, 0, right[0]!),
        closeDueLive(server.deps, [Number(id)]),
      ]);
      const seen = (await view(a, id)).body.questions[0]!;
      expect(seen.closed).toBe(true);
      if (answered.status === 200) {
        // The answer got in first: the close (by the sweep, or by nobody yet) reveals it.
        expect(seen.yourChoice).toBe(right[0]);
        expect(seen.yourPoints).toBe(10);
        outcomes.add('answered');
      } else {
        expect(answered.status).toBe(409);
        expect(swept).toBe(1);
        expect(seen.yourChoice).toBeNull();
        outcomes.add('swept');
      }
      expect((await kit.duelRow(id)).current_q).toBe(1);
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
    await expectEscrowSettledOnce();
  });

  it('a cancel racing a join: one of them, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([player(), player()]);
      const id = (await challenge(a, { opponentUsername: b.username, stake: 50, mode: 'live' }))
        .body.duel._id;
      const [joined, canceled] = await Promise.all([join(b, id), cancel(a, id)]);
      expect([joined.status, canceled.status].sort()).toEqual([200, 409]);
      const state = (await kit.duelRow(id)).state;
      expect(state).toBe(joined.status === 200 ? 'playing' : 'canceled');
      expect((await balanceOf(server, a.id)) + (await balanceOf(server, b.id))).toBe(
        joined.status === 200 ? 1900 : 2000,
      );
    }
    await expectEscrowSettledOnce();
  });
});

describe('quiz duel: what a player receives', () => {
  it('no right answer in any response or live message before its question closed for that player', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const sockets = await Promise.all(
      [a, b].map(async (u) => openLive(server.url, await takeTicket(server.url, u.token))),
    );
    const received: { who: string; duel: QuizDuelDto }[] = [];
    const keep = (who: string, duel: QuizDuelDto | undefined) =>
      duel && received.push({ who, duel });

    const made = await challenge(a, { opponentUsername: b.username, stake: 20, mode: 'live' });
    keep('a', made.body.duel);
    keep('b', (await join(b, made.body.duel._id)).body.duel);
    const id = made.body.duel._id;
    const right = await rightAnswers(id);
    for (let q = 0; q < QUIZ_QUESTIONS; q++) {
      wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
      keep('a', (await view(a, id)).body);
      keep('b', (await view(b, id)).body);
      const first = await answer(a, id, q, right[q]!);
      keep('a', first.body.duel);
      // The first answer's response says nothing of right or wrong.
      expect(first.body.correct).toBeNull();
      keep('b', (await view(b, id)).body);
      const second = await answer(b, id, q, wrong(right[q]!));
      keep('b', second.body.duel);
      keep('a', (await view(a, id)).body);
    }
    // The socket's frames: every quizDuel.update each player got.
    const finished = (m: LiveMessage) =>
      m.kind === 'quizDuel.update' && m.payload.duel.state === 'finished';
    for (const s of sockets) if (!s.messages.some(finished)) await s.next(finished, 5000);
    sockets.forEach((s, i) => {
      for (const m of s.messages as LiveMessage[])
        if (m.kind === 'quizDuel.update') keep(i === 0 ? 'a' : 'b', m.payload.duel);
    });
    expect(received.filter((r) => r.duel.questions.length > 0).length).toBeGreaterThan(20);
    for (const { who, duel } of received) {
      for (const question of duel.questions) {
        if (!question.closed) {
          expect({
            who,
            q: question.index,
            answer: question.answer,
            theirChoice: question.theirChoice,
            yourPoints: question.yourPoints,
          }).toEqual({
            who,
            q: question.index,
            answer: null,
            theirChoice: null,
            yourPoints: null,
          });
        }
      }
      // Never a question beyond what has opened for this player.
      expect(duel.questions.length).toBeLessThanOrEqual(QUIZ_QUESTIONS);
    }
    sockets.forEach((s) => s.close());
  });
});
