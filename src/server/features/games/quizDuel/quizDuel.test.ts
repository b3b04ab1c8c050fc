import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  QUIZ_ASYNC_TTL_MS,
  QUIZ_DAILY_WIN_CAP,
  QUIZ_LIVE_REVEAL_MS,
  QUIZ_LIVE_WAIT_MS,
  QUIZ_QUESTION_MS,
  QUIZ_QUESTIONS,
  quizPayout,
} from '../../../../shared/games/quizDuel/rules';
import { quizDuelRound } from '../../../../shared/games/quizDuel/round';
import { SAME_ADDRESS_DAILY_WIN_CAP } from '../../../../shared/games/engine/sameAddress';
import { ManualClock } from '../../../platform/clock';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { expectBadField, expectError } from '../../../testing/expectations';
import { balanceOf, useTestServer, type TestUser } from '../../../testing/harness';
import { closeDueLive } from './sweeps';
import { quizKit } from './testing';

const clock = new ManualClock(Date.parse('2026-11-26T10:00:00Z'));
const server = useTestServer({ trustProxy: 1 }, { clock });
const kit = quizKit(server, clock);
const { as, player, challenge, join, view, answer, cancel, lobby, rightAnswers, wrong, wait } = kit;

/** Plays every question of a self-paced (asynchronous) turn: right where `right[i]` is true, answering at once. */
async function playSelfPaced(user: TestUser, duelId: string, right: boolean[]): Promise<void> {
  const answers = await rightAnswers(duelId);
  for (let q = 0; q < QUIZ_QUESTIONS; q++) {
    wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
    const res = await answer(user, duelId, q, right[q] ? answers[q]! : wrong(answers[q]!));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.correct).toBe(right[q]);
  }
}

describe('quiz duel: asynchronous', () => {
  it("a challenge to a user: the challenger plays now, the result stays hidden until the opponent has played; the winner takes the pot less the house's 5%", async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const made = await challenge(a, { opponentUsername: b.username, stake: 100, mode: 'async' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ matched: false, balance: 900 });
    const id = made.body.duel._id;
    expect(made.body.duel.questions).toEqual([]);
    // b sees the invite in the lobby.
    expect((await lobby(b)).body.invites.map((i) => i._id)).toContain(id);

    await playSelfPaced(a, id, [true, true, true, false, false, false, true]);
    const aDone = (await view(a, id)).body;
    expect(aDone.yourTurnsDone).toBe(true);
    expect(aDone.theirScore).toBeNull();
    expect(aDone.state).toBe('open');

    const joined = await join(b, id);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.balance).toBe(900);
    // b's view while playing: a's picks and score hidden.
    await playSelfPaced(b, id, [true, true, true, true, true, true, true]);
    const end = (await view(b, id)).body;
    expect(end.state).toBe('finished');
    expect(end.result).toEqual({ outcome: 'won', payout: quizPayout(100) });
    expect(end.theirScore).toBe((await view(a, id)).body.yourScore);
    expect((await view(a, id)).body.result?.outcome).toBe('lost');
    expect(await balanceOf(server, b.id)).toBe(900 + 190);
    expect(await balanceOf(server, a.id)).toBe(900);
    const stats = (await lobby(b)).body.stats;
    expect(stats).toMatchObject({ wins: 1, games: 1 });
  });

  it('an equal score refunds both stakes', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const id = (await challenge(a, { opponentUsername: b.username, stake: 50, mode: 'async' })).body
      .duel._id;
    const pattern = [true, false, true, false, true, false, false];
    await playSelfPaced(a, id, pattern);
    await join(b, id);
    await playSelfPaced(b, id, pattern);
    expect((await view(a, id)).body.result).toEqual({ outcome: 'tie', payout: 50 });
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
    expect((await kit.ledgerOf(id)).map((r) => r.category).sort()).toEqual([
      'quiz_refund',
      'quiz_refund',
      'quiz_stake',
      'quiz_stake',
    ]);
  });

  it('an unanswered question scores 0 once its 15 s are up, and the next opens after the pause', async () => {
    const a = await player();
    const id = (await challenge(a, { stake: 10, mode: 'async' })).body.duel._id;
    wait(3000 + QUIZ_QUESTION_MS + 1);
    const late = await answer(a, id, 0, 0);
    expectError(late, 409, { message: 'time is up' });
    let seen = (await view(a, id)).body;
    // Closed, unanswered: no right answer until the duel is over.
    expect(seen.questions[0]).toMatchObject({
      closed: true,
      yourChoice: null,
      yourPoints: null,
      yourCorrect: null,
      answer: null,
    });
    wait(QUIZ_LIVE_REVEAL_MS);
    seen = (await view(a, id)).body;
    expect(seen.questions).toHaveLength(2);
    expect(seen.questions[1]).toMatchObject({ closed: false, answer: null });
    const right = await rightAnswers(id);
    wait(QUIZ_QUESTION_MS + 1);
    expectError(await answer(a, id, 1, right[1]!), 409, { message: 'time is up' });
    expectError(await answer(a, id, 3, right[3]!), 409, { message: 'not open yet' });
  });

  it('an open challenge: anyone may join within 24 hours; unjoined, it is refunded', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const id = (await challenge(a, { stake: 30, mode: 'async' })).body.duel._id;
    expect((await lobby(b)).body.openChallenges.map((c) => c._id)).toContain(id);
    wait(QUIZ_ASYNC_TTL_MS + 1);
    expectError(await join(b, id), 409, { message: 'expired' });
    await lobby(a);
    expect((await kit.duelRow(id)).state).toBe('expired');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(await balanceOf(server, b.id)).toBe(1000);
  });

  it('the challenger may cancel before the first question opens, not after', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const first = (await challenge(a, { opponentUsername: b.username, stake: 40, mode: 'async' }))
      .body.duel._id;
    const canceled = await cancel(a, first);
    expect(canceled.status).toBe(200);
    expect(canceled.body.balance).toBe(1000);
    const second = (await challenge(a, { opponentUsername: b.username, stake: 40, mode: 'async' }))
      .body.duel._id;
    wait(3001);
    expectError(await cancel(a, second), 409, { message: 'started playing' });
    expectError(await cancel(b, second), 404);
  });
});

describe('quiz duel: live', () => {
  it('questions open for both at once, close when both answered with the reveal, and the last counts double', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const id = (await challenge(a, { opponentUsername: b.username, stake: 200, mode: 'live' })).body
      .duel._id;
    const joined = (await join(b, id)).body.duel;
    expect(joined.state).toBe('playing');
    expect(joined.questions).toEqual([]);
    expectError(await answer(a, id, 0, 0), 409, { message: 'not open yet' });
    const right = await rightAnswers(id);
    for (let q = 0; q < QUIZ_QUESTIONS; q++) {
      wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
      const open = (await view(a, id)).body.questions[q]!;
      expect(open).toMatchObject({ index: q, closed: false, answer: null });
      const first = await answer(a, id, q, right[q]!);
      // The first answer is not revealed until the question closes.
      expect(first.body).toMatchObject({ correct: null, points: null });
      expect((await view(a, id)).body.questions[q]!.answer).toBeNull();
      wait(1000);
      const second = await answer(b, id, q, wrong(right[q]!));
      expect(second.body).toMatchObject({ correct: false, points: 0 });
      // Closed: b learns it was wrong and that a scored, but neither the right answer nor a's pick.
      expect(second.body.duel.questions[q]).toMatchObject({
        closed: true,
        yourCorrect: false,
        theirPoints: q === QUIZ_QUESTIONS - 1 ? 40 : 20,
      });
      if (q < QUIZ_QUESTIONS - 1)
        expect(second.body.duel.questions[q]).toMatchObject({ answer: null, theirChoice: null });
    }
    const end = (await view(a, id)).body;
    expect(end.state).toBe('finished');
    // Over: every right answer and the other side's picks.
    expect((await view(b, id)).body.questions.map((x) => [x.answer, x.theirChoice])).toEqual(
      right.map((r) => [r, r]),
    );
    // Each answered at once: 10 + 10 a question, the last doubled.
    expect(end.yourScore).toBe(6 * 20 + 40);
    expect(end.theirScore).toBe(0);
    expect(end.result).toEqual({ outcome: 'won', payout: 380 });
    expect(await balanceOf(server, a.id)).toBe(800 + 380);
  });

  it('a question nobody answers closes at its deadline, once, whichever process sweeps it', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const id = (await challenge(a, { opponentUsername: b.username, stake: 10, mode: 'live' })).body
      .duel._id;
    await join(b, id);
    wait(3000 + QUIZ_QUESTION_MS + 1);
    const sweeps = await Promise.all([
      closeDueLive(server.deps, [Number(id)]),
      closeDueLive(server.deps, [Number(id)]),
      closeDueLive(server.deps, [Number(id)]),
    ]);
    expect(sweeps.reduce((n, s) => n + s, 0)).toBeLessThanOrEqual(1);
    expect((await kit.duelRow(id)).current_q).toBe(1);
    const seen = (await view(b, id)).body;
    expect(seen.questions[0]).toMatchObject({ closed: true, yourChoice: null, theirPoints: 0 });
  });

  it('Find opponent joins a waiting live challenge of a similar stake, else waits; an unjoined one is refunded after 2 minutes', async () => {
    const [a, b, c] = await Promise.all([player(), player(), player()]);
    const waiting = await challenge(a, { stake: 100, mode: 'live' });
    expect(waiting.body.matched).toBe(false);
    // 300 is too far from 100: c waits too.
    const far = await challenge(c, { stake: 300, mode: 'live' });
    expect(far.body.matched).toBe(false);
    const found = await challenge(b, { stake: 110, mode: 'live' });
    expect(found.body.matched).toBe(true);
    expect(found.body.duel._id).toBe(waiting.body.duel._id);
    expect(found.body.duel.stake).toBe(100);
    expect(found.body.balance).toBe(900);
    wait(QUIZ_LIVE_WAIT_MS + 1);
    await lobby(c);
    expect((await kit.duelRow(far.body.duel._id)).state).toBe('expired');
    expect(await balanceOf(server, c.id)).toBe(1000);
  });
});

describe('quiz duel: rules and refusals', () => {
  it('refuses bad input, no token and a stranger, changing nothing', async () => {
    const [a, b, stranger] = await Promise.all([player(), player(), player()]);
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/challenge', {
        ...as(a),
        body: { stake: 0, mode: 'async' },
      }),
      'stake',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/challenge', {
        ...as(a),
        body: { stake: 10_001, mode: 'async' },
      }),
      'stake',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/challenge', {
        ...as(a),
        body: { stake: 5, mode: 'blitz' },
      }),
      'mode',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/challenge', {
        body: { stake: 5, mode: 'async' },
      }),
      401,
    );
    expectError(await callRouteRaw(server, 'GET /api/games/quiz-duel'), 401);
    expectError(await callRouteRaw(server, 'GET /api/games/quiz-duel/daily'), 401);
    expectError(await callRouteRaw(server, 'POST /api/games/quiz-duel/daily/start'), 401);
    expectError(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/daily/answer', {
        body: { question: 0, choice: 0 },
      }),
      401,
    );
    for (const name of [
      'POST /api/games/quiz-duel/:id/join',
      'POST /api/games/quiz-duel/:id/cancel',
      'GET /api/games/quiz-duel/:id',
    ] as const) {
      expectError(await callRouteRaw(server, name, { params: { id: 1 } }), 401);
    }
    expectError(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/:id/answer', {
        params: { id: 1 },
        body: { question: 0, choice: 0 },
      }),
      401,
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/daily/answer', {
        ...as(a),
        body: { question: 9, choice: 0 },
      }),
      'question',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/daily/answer', {
        ...as(a),
        body: { question: 0, choice: 0 },
      }),
      409,
      { message: 'start' },
    );
    expectError(
      await challenge(a, { opponentUsername: a.username, stake: 5, mode: 'async' }),
      400,
      { message: 'yourself' },
    );
    expectError(
      await challenge(a, { opponentUsername: 'nobody-here-at-all', stake: 5, mode: 'async' }),
      404,
    );
    expectError(
      await challenge(a, { opponentUsername: b.username, stake: 2000, mode: 'async' }),
      409,
      { code: 'INSUFFICIENT_FUNDS' },
    );
    const id = (await challenge(a, { opponentUsername: b.username, stake: 5, mode: 'async' })).body
      .duel._id;
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/:id/answer', {
        ...as(a),
        params: { id },
        body: { question: 7, choice: 0 },
      }),
      'question',
    );
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/:id/answer', {
        ...as(a),
        params: { id },
        body: { question: 0, choice: 4 },
      }),
      'choice',
    );
    expectBadField(
      await callRouteRaw(server, 'GET /api/games/quiz-duel/:id', { ...as(a), params: { id: 'x' } }),
      'id',
    );
    // An invite to b is not the stranger's to join, read or answer.
    expectError(await join(stranger, id), 404);
    expectError(await view(stranger, id), 404);
    expectError(await answer(stranger, id, 0, 0), 404);
    expectError(await join(a, id), 400, { message: 'your own' });
    expect(await balanceOf(server, stranger.id)).toBe(1000);
    expect(await balanceOf(server, a.id)).toBe(995);
  });

  it('accounts on one address may duel, but win at most the published cap a day from each other; the rest goes back to the loser', async () => {
    const [a, b, c] = await Promise.all([player(), player(), player()]);
    const shared = '192.0.2.77';
    for (const user of [a, b, c])
      await callRoute(server, 'GET /api/games/quiz-duel', as(user, shared));
    expect(
      (await callRoute(server, 'GET /api/games/quiz-duel', as(a, shared))).body.limits
        .sameAddressWinCap,
    ).toBe(SAME_ADDRESS_DAILY_WIN_CAP);
    // A named challenge to a housemate and an open one a housemate joins are both playable.
    const named = await callRoute(server, 'POST /api/games/quiz-duel/challenge', {
      ...as(a, shared),
      body: { opponentUsername: b.username, stake: 900, mode: 'async' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const id = named.body.duel._id;
    const open = (
      await callRoute(server, 'POST /api/games/quiz-duel/challenge', {
        ...as(c, shared),
        body: { stake: 5, mode: 'async' },
      })
    ).body.duel._id;
    expect(
      (
        await callRoute(server, 'POST /api/games/quiz-duel/:id/join', {
          ...as(a, shared),
          params: { id: open },
        })
      ).status,
    ).toBe(200);
    await playSelfPaced(a, id, Array<boolean>(QUIZ_QUESTIONS).fill(false));
    expect(
      (
        await callRoute(server, 'POST /api/games/quiz-duel/:id/join', {
          ...as(b, shared),
          params: { id },
        })
      ).status,
    ).toBe(200);
    await playSelfPaced(b, id, Array<boolean>(QUIZ_QUESTIONS).fill(true));
    // b would have won 1,710 (810 of it a's); the win stops at the cap and a gets the rest back.
    const win = quizPayout(900) - 900;
    expect((await view(b, id)).body.result).toEqual({
      outcome: 'won',
      payout: 900 + SAME_ADDRESS_DAILY_WIN_CAP,
    });
    expect((await view(a, id)).body.result).toEqual({
      outcome: 'lost',
      payout: win - SAME_ADDRESS_DAILY_WIN_CAP,
    });
    expect(await balanceOf(server, b.id)).toBe(1000 + SAME_ADDRESS_DAILY_WIN_CAP);
    // The same day, the cap is spent: b's next win from a gives b only the stake back.
    const again = (await challenge(b, { opponentUsername: a.username, stake: 100, mode: 'async' }))
      .body.duel._id;
    await playSelfPaced(b, again, Array<boolean>(QUIZ_QUESTIONS).fill(true));
    await join(a, again);
    await playSelfPaced(a, again, Array<boolean>(QUIZ_QUESTIONS).fill(false));
    expect((await view(b, again)).body.result).toEqual({ outcome: 'won', payout: 100 });
    expect(await balanceOf(server, b.id)).toBe(1000 + SAME_ADDRESS_DAILY_WIN_CAP);
  });

  it('a challenge the opponent could not join today is refused before any stake is taken', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    await server.db.rows(sql`
      insert into quiz_duel_stats (user_id, won_day, won_today) values (${b.id}, ${new Date(clock.now()).toISOString().slice(0, 10)}, ${QUIZ_DAILY_WIN_CAP})`);
    expectError(
      await challenge(a, { opponentUsername: b.username, stake: 50, mode: 'async' }),
      409,
      { message: 'cannot join a duel today' },
    );
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect((await lobby(b)).body.invites).toEqual([]);
  });

  it('records the questions as a verifiable round of the challenger', async () => {
    const a = await player();
    const made = (await challenge(a, { stake: 5, mode: 'async' })).body.duel;
    const [round] = await server.db.rows<{
      server_seed: string;
      client_seed: string;
      nonce: number;
      params: Record<string, unknown>;
      outcome: { questions: number[]; orders: number[][] };
      game: string;
    }>(sql`
      select s.server_seed, r.client_seed, r.nonce, r.params, r.outcome, r.game from game_rounds r join fairness_seeds s on s.id = r.seed_id where r.id = ${Number(made.roundId)}`);
    expect(round?.game).toBe('quiz-duel');
    expect(
      quizDuelRound.replay(
        round!.server_seed,
        round!.client_seed,
        Number(round!.nonce),
        round!.params,
      ),
    ).toEqual({
      questions: round!.outcome.questions,
      orders: round!.outcome.orders,
    });
    // While the challenger has questions to come, the draw stays hidden: no outcome in the round
    // list, and no rotation that would reveal the server seed.
    const listed = (
      await callRoute(server, 'GET /api/games/rounds', { ...as(a), query: { limit: 5 } })
    ).body.rounds.find((r) => r._id === made.roundId);
    expect(listed).toMatchObject({ state: 'open', outcome: {} });
    expectError(await callRoute(server, 'POST /api/fairness/rotate', as(a)), 409, {
      message: 'open game',
    });
    await playSelfPaced(a, made._id, [true, false, true, false, true, false, true]);
    const after = (
      await callRoute(server, 'GET /api/games/rounds', { ...as(a), query: { limit: 5 } })
    ).body.rounds.find((r) => r._id === made.roundId);
    expect(after?.state).toBe('settled');
    expect(after?.outcome).toMatchObject({ questions: round!.outcome.questions });
    expect((await callRoute(server, 'POST /api/fairness/rotate', as(a))).status).toBe(200);
  });
});

describe('daily quiz', () => {
  it('questions of each player’s own today; the answers once all seven are played; pays 5 a right answer once; a share card and a best', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const before = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(a))).body;
    expect(before.startAt).toBeNull();
    expect(before.questions).toEqual([]);
    const started = await callRoute(server, 'POST /api/games/quiz-duel/daily/start', as(a));
    expect(started.status).toBe(200);
    await callRoute(server, 'POST /api/games/quiz-duel/daily/start', as(b));
    let right = 0;
    const prompts: Record<'a' | 'b', string[]> = { a: [], b: [] };
    for (let q = 0; q < QUIZ_QUESTIONS; q++) {
      wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
      const mine = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(a))).body
        .questions[q]!;
      const theirs = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(b))).body
        .questions[q]!;
      prompts.a.push(mine.prompt);
      prompts.b.push(theirs.prompt);
      expect(mine.answer).toBeNull();
      expect(
        (
          await callRoute(server, 'POST /api/games/quiz-duel/daily/answer', {
            ...as(b),
            body: { question: q, choice: 0 },
          })
        ).status,
      ).toBe(200);
      const res = await callRoute(server, 'POST /api/games/quiz-duel/daily/answer', {
        ...as(a),
        body: { question: q, choice: q % 2 === 0 ? 0 : 1 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.correct) right++;
      expect(res.body.daily.questions[q]!.yourCorrect).toBe(res.body.correct);
      // The right answer waits for the end of the seven.
      if (q < QUIZ_QUESTIONS - 1)
        expect(res.body.daily.questions.map((x) => x.answer)).toEqual(
          Array<null>(q + 1).fill(null),
        );
    }
    // Two accounts, two draws: a second account learns nothing for the first one's quiz.
    expect(prompts.a).not.toEqual(prompts.b);
    expect(new Set([...prompts.a, ...prompts.b]).size).toBeGreaterThan(QUIZ_QUESTIONS);
    const done = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(a))).body;
    expect(done).toMatchObject({ done: true, right, reward: right * 5 });
    expect(done.questions.map((x) => x.yourCorrect)).toEqual(
      done.questions.map((x) => x.yourChoice === x.answer),
    );
    expect(done.shareCard?.match(/🟩|🟥/gu)).toHaveLength(7);
    expect(await balanceOf(server, a.id)).toBe(1000 + right * 5);
    expectError(
      await callRouteRaw(server, 'POST /api/games/quiz-duel/daily/answer', {
        ...as(a),
        body: { question: 6, choice: 0 },
      }),
      409,
      { message: 'finished' },
    );
    expect((await lobby(a)).body.stats.dailyBest).toBe(done.score);
  });
});
