import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { QuizDuelDto } from '../../../../shared/games/quizDuel/contract';
import {
  QUIZ_CHOICES,
  QUIZ_LIVE_REVEAL_MS,
  QUIZ_QUESTIONS,
  quizPayout,
  utcDay,
} from '../../../../shared/games/quizDuel/rules';
import {
  compareWithRound,
  replayRound,
  type RecordedRound,
} from '../../../../shared/games/engine/verify';
import { sha256Hex } from '../../../../shared/games/engine/fairness';
import { ManualClock } from '../../../platform/clock';
import { callRoute } from '../../../testing/callRoute';
import { balanceOf, useTestServer, type TestUser } from '../../../testing/harness';
import { openLive, takeTicket, type LiveSocket } from '../../../testing/liveClient';
import { bankSize, questionAt, questionById } from './bankIndex';
import { quizKit } from './testing';

// Issue 34: the answer key. Every reply and every live message a player gets while a duel is on
// is searched for its right answers; each duel's answers are shuffled from its round, which the
// verifier replays from the revealed seed; the prize leaves the house at most its 5%.
const clock = new ManualClock(Date.parse('2026-11-27T10:00:00Z'));
const server = useTestServer({ trustProxy: 1 }, { clock });
const kit = quizKit(server, clock);
const { as, player, challenge, join, view, answer, rightAnswers, wrong, wait } = kit;

/** Everything one player received: reply bodies and socket messages, in order, each with the duel's state when it arrived. */
interface Inbox {
  items: { source: string; body: unknown; over: boolean }[];
  socket: LiveSocket;
}

async function inboxFor(user: TestUser): Promise<Inbox> {
  return {
    items: [],
    socket: await openLive(server.url, await takeTicket(server.url, user.token)),
  };
}

const overState = (state: unknown) =>
  state === 'finished' || state === 'canceled' || state === 'expired';

function keep(inbox: Inbox, source: string, body: unknown): void {
  const duel = (body as { duel?: QuizDuelDto }).duel ?? (body as QuizDuelDto);
  inbox.items.push({ source, body, over: overState(duel?.state) });
}

/** Moves the socket's messages into the inbox (a quizDuel.update is over when its duel is). */
function drainSocket(inbox: Inbox): void {
  for (const m of inbox.socket.messages.splice(0)) {
    const duel = m.kind === 'quizDuel.update' ? m.payload.duel : null;
    inbox.items.push({
      source: `socket ${m.kind}`,
      body: m,
      over: duel !== null && overState(duel.state),
    });
  }
}

/** A question's own text, which may hold another question's answer ('Which element has the symbol H?'). */
const QUESTION_TEXT = new Set(['choices', 'prompt', 'subject', 'template']);

/**
 * What in a message gives a right answer away: an `answer` or `theirChoice` that is not null, or
 * a right answer's text anywhere but in a question's own text and list of choices.
 */
function giveaways(body: unknown, rightTexts: ReadonlySet<string>, path = '$'): string[] {
  if (typeof body === 'string') return rightTexts.has(body) ? [`${path} = '${body}'`] : [];
  if (Array.isArray(body)) return body.flatMap((v, i) => giveaways(v, rightTexts, `${path}[${i}]`));
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body).flatMap(([key, value]) => {
    if (QUESTION_TEXT.has(key)) return [];
    if ((key === 'answer' || key === 'theirChoice') && value !== null)
      return [`${path}.${key} = ${JSON.stringify(value)}`];
    return giveaways(value, rightTexts, `${path}.${key}`);
  });
}

async function rightTextsOf(duelId: string): Promise<Set<string>> {
  const [row] = await server.db.rows<{ question_ids: string[] }>(
    sql`select question_ids from quiz_duel_matches where id = ${Number(duelId)}`,
  );
  return new Set(row!.question_ids.map((id) => questionById(id)).map((q) => q.choices[q.answer]!));
}

function expectNothingGivenAway(who: string, inbox: Inbox, rightTexts: ReadonlySet<string>): void {
  drainSocket(inbox);
  const before = inbox.items.filter((i) => !i.over);
  expect(before.length, `${who} received something during the duel`).toBeGreaterThan(
    QUIZ_QUESTIONS,
  );
  const found = before.flatMap((i) =>
    giveaways(i.body, rightTexts).map((g) => `${who} ${i.source}: ${g}`),
  );
  expect(found).toEqual([]);
}

describe('quiz duel: no right answer reaches a player before the duel is over', () => {
  it('live: no reply and no socket message shows a right answer, or the other pick, until the end; then all of them', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const [ia, ib] = await Promise.all([inboxFor(a), inboxFor(b)]);
    const made = await challenge(a, { opponentUsername: b.username, stake: 20, mode: 'live' });
    keep(ia, 'challenge', made.body);
    const id = made.body.duel._id;
    keep(ib, 'lobby', (await kit.lobby(b)).body);
    keep(ib, 'join', (await join(b, id)).body);
    const right = await rightAnswers(id);
    const texts = await rightTextsOf(id);
    for (let q = 0; q < QUIZ_QUESTIONS; q++) {
      wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
      keep(ia, 'view', (await view(a, id)).body);
      keep(ib, 'view', (await view(b, id)).body);
      keep(ia, 'answer', (await answer(a, id, q, right[q]!)).body);
      keep(ib, 'view', (await view(b, id)).body);
      // b is wrong on the odd questions: a wrong pick learns it was wrong, not which was right.
      const second = await answer(b, id, q, q % 2 === 1 ? wrong(right[q]!) : right[q]!);
      keep(ib, 'answer', second.body);
      expect(second.body.correct).toBe(q % 2 === 0);
      keep(ia, 'view', (await view(a, id)).body);
      keep(ia, 'lobby', (await kit.lobby(a)).body);
    }
    const finished = (m: { kind: string; payload?: unknown }) =>
      m.kind === 'quizDuel.update' &&
      (m.payload as { duel: QuizDuelDto }).duel.state === 'finished';
    await Promise.all([ia, ib].map((i) => i.socket.next(finished, 5000)));
    expectNothingGivenAway('a', ia, texts);
    expectNothingGivenAway('b', ib, texts);
    // Over: the right answers and the other side's picks, in each player's shuffled places.
    const end = (await view(b, id)).body;
    expect(end.state).toBe('finished');
    expect(end.questions.map((x) => x.answer)).toEqual(right);
    expect(end.questions.map((x) => x.theirChoice)).toEqual(right);
    expect(end.questions.map((x) => x.yourCorrect)).toEqual(right.map((_, q) => q % 2 === 0));
    [ia, ib].forEach((i) => i.socket.close());
  });

  it('asynchronous: the challenger’s turn, then the opponent’s, show no right answer until both have played', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const [ia, ib] = await Promise.all([inboxFor(a), inboxFor(b)]);
    const made = await challenge(a, { opponentUsername: b.username, stake: 10, mode: 'async' });
    keep(ia, 'challenge', made.body);
    const id = made.body.duel._id;
    const right = await rightAnswers(id);
    const texts = await rightTextsOf(id);
    const play = async (user: TestUser, inbox: Inbox, pattern: (q: number) => boolean) => {
      for (let q = 0; q < QUIZ_QUESTIONS; q++) {
        wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
        keep(inbox, 'view', (await view(user, id)).body);
        const res = await answer(user, id, q, pattern(q) ? right[q]! : wrong(right[q]!));
        expect(res.body.correct).toBe(pattern(q));
        keep(inbox, 'answer', res.body);
        keep(inbox, 'view', (await view(user, id)).body);
      }
    };
    await play(a, ia, (q) => q < 4);
    keep(ib, 'join', (await join(b, id)).body);
    await play(b, ib, (q) => q >= 3);
    keep(ia, 'view', (await view(a, id)).body);
    await Promise.all(
      [ia, ib].map((i) =>
        i.socket.next(
          (m) => m.kind === 'quizDuel.update' && m.payload.duel.state === 'finished',
          5000,
        ),
      ),
    );
    expectNothingGivenAway('a', ia, texts);
    expectNothingGivenAway('b', ib, texts);
    expect((await view(a, id)).body.questions.map((x) => x.answer)).toEqual(right);
    [ia, ib].forEach((i) => i.socket.close());
  });
});

describe('quiz duel: answers shuffled per duel from its fair round', () => {
  it('the choices a player sees are the bank’s in the order the round drew, which the verifier replays from the revealed seed', async () => {
    const a = await player();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = (await challenge(a, { stake: 5, mode: 'async' })).body.duel._id;
      ids.push(id);
      for (let q = 0; q < QUIZ_QUESTIONS; q++) {
        wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
        expect((await answer(a, id, q, 0)).status).toBe(200);
      }
    }
    const shown = await Promise.all(ids.map(async (id) => (await view(a, id)).body));
    // The seeds are revealed: each round replays to the questions and the order of their answers.
    expect((await callRoute(server, 'POST /api/fairness/rotate', as(a))).status).toBe(200);
    const rounds = (
      await callRoute(server, 'GET /api/games/rounds', {
        ...as(a),
        query: { limit: 10, game: 'quiz-duel' },
      })
    ).body.rounds;
    const orders = shown.map((duel) => {
      const round = rounds.find((r) => r._id === duel.roundId)!;
      expect(round.serverSeed).not.toBeNull();
      const replay = replayRound(
        'quiz-duel',
        round.serverSeed!,
        round.clientSeed,
        round.nonce,
        round.params,
      ) as { questions: number[]; orders: number[][] };
      expect(
        compareWithRound(
          {
            game: 'quiz-duel',
            serverSeedHash: sha256Hex(round.serverSeed!),
            clientSeed: round.clientSeed,
            nonce: round.nonce,
            params: round.params,
          },
          replay,
          round as RecordedRound,
        ),
      ).toEqual({ matches: true, differences: [] });
      duel.questions.forEach((q, i) => {
        const bank = questionAt(replay.questions[i]!);
        expect(q.prompt).toBe(bank.prompt);
        expect(q.choices).toEqual(replay.orders[i]!.map((k) => bank.choices[k]));
      });
      return replay.orders;
    });
    // Shuffled: not the bank's order throughout, and not the same order in both duels.
    expect(orders.flat().some((o) => o.join() !== '0,1,2,3')).toBe(true);
    expect(JSON.stringify(orders[0])).not.toBe(JSON.stringify(orders[1]));
  });
});

describe('quiz duel: the prize', () => {
  it('a pot under 20 goes whole to the winner; above it the house keeps 5% rounded down, on the ledger and on the page alike', async () => {
    for (const stake of [1, 2, 30]) {
      const [a, b] = await Promise.all([player(), player()]);
      const id = (await challenge(a, { opponentUsername: b.username, stake, mode: 'async' })).body
        .duel._id;
      const right = await rightAnswers(id);
      const play = async (user: TestUser, good: boolean) => {
        for (let q = 0; q < QUIZ_QUESTIONS; q++) {
          wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
          await answer(user, id, q, good ? right[q]! : wrong(right[q]!));
        }
      };
      await play(a, true);
      const joined = (await join(b, id)).body.duel;
      await play(b, false);
      // Pot 2 and 4: 5% is under a coin, so nothing; pot 60: 3.
      const prize = ({ 1: 2, 2: 4, 30: 57 } as Record<number, number>)[stake]!;
      expect(joined.prize).toBe(prize);
      expect(quizPayout(stake)).toBe(prize);
      expect((await view(a, id)).body.result).toEqual({ outcome: 'won', payout: prize });
      expect(await balanceOf(server, a.id)).toBe(1000 - stake + prize);
      expect(await balanceOf(server, b.id)).toBe(1000 - stake);
    }
  });
});

describe('daily quiz: drawn per player', () => {
  it('two players get different questions, each replayable from the seed revealed the next day with their own client seed', async () => {
    const players = await Promise.all([player(), player()]);
    const seen = new Map<number, string[][]>();
    for (const p of players) {
      expect((await callRoute(server, 'POST /api/games/quiz-duel/daily/start', as(p))).status).toBe(
        200,
      );
    }
    for (let q = 0; q < QUIZ_QUESTIONS; q++) {
      wait(q === 0 ? 3000 : QUIZ_LIVE_REVEAL_MS);
      for (const p of players) {
        const res = await callRoute(server, 'POST /api/games/quiz-duel/daily/answer', {
          ...as(p),
          body: { question: q, choice: 0 },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    for (const p of players) {
      const done = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(p))).body;
      expect(done.done).toBe(true);
      seen.set(
        p.id,
        done.questions.map((x) => [x.prompt, ...x.choices]),
      );
    }
    const [one, two] = players.map((p) => seen.get(p.id)!.map((x) => x[0]));
    expect(one).not.toEqual(two);
    const day = utcDay(clock.now());
    // The next day reveals the seed; each player's questions and answer orders replay from it.
    wait(24 * 60 * 60_000);
    for (const p of players) {
      const { yesterday } = (await callRoute(server, 'GET /api/games/quiz-duel/daily', as(p))).body;
      expect(yesterday?.clientSeed).toBe(`daily:${day}:${p.id}`);
      const replay = replayRound('quiz-duel', yesterday!.seed, yesterday!.clientSeed, 0, {
        bankSize: bankSize(),
        count: QUIZ_QUESTIONS,
        choices: QUIZ_CHOICES,
      }) as { questions: number[]; orders: number[][] };
      const shown = replay.questions.map((position, q) => {
        const bank = questionAt(position);
        return [bank.prompt, ...replay.orders[q]!.map((k) => bank.choices[k]!)];
      });
      expect(shown).toEqual(seen.get(p.id));
    }
  });
});
