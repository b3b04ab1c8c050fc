import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  QuizAnswerBody,
  QuizDailyDto,
  QuizQuestionDto,
} from '../../../../shared/games/quizDuel/contract';
import {
  bankChoiceAt,
  dailyClientSeed,
  dailyShareCard,
  drawQuiz,
  QUIZ_CHOICES,
  QUIZ_DAILY_COINS_PER_RIGHT,
  QUIZ_LIVE_START_MS,
  QUIZ_QUESTIONS,
  quizPoints,
  selfPacedWindows,
  shownChoices,
  shownPlaceOf,
  utcDay,
} from '../../../../shared/games/quizDuel/rules';
import type { QuizQuestion } from '../../../../shared/games/quizDuel/bank/bank';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { ledger } from '../../wallet/public';
import { bankSize, questionAt } from './bankIndex';
import { accountsSql } from '../../accounts/public';

/**
 * The daily quiz: seven questions of each player's own, drawn from that day's secret seed
 * (quiz_duel_daily_seeds) as drawQuiz(seed, 'daily:<day>:<user id>', 0), answers shuffled like a
 * duel's: one draw for everyone let a second account copy the first one's answers. The seed's
 * hash is shown during the day and the seed from the next, so each player can check their draw.
 * Self-paced and timed like an asynchronous duel; the right answers show once the seven are
 * played; the first play of a day pays 5 coins per right answer.
 */

const iso = (ms: number) => new Date(ms).toISOString();
const msOf = (d: Date | string) => new Date(d).getTime();
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface SeedRow {
  day: string;
  seed: string;
  seed_hash: string;
}

async function seedOf(q: Queryable, day: string): Promise<SeedRow> {
  const seed = randomBytes(32).toString('hex');
  // Two processes may draw at once: the first insert wins and both read it back.
  await q.rows(
    sql`insert into quiz_duel_daily_seeds (day, seed, seed_hash) values (${day}, ${seed}, ${sha256(seed)}) on conflict (day) do nothing`,
  );
  const [row] = await q.rows<SeedRow>(
    sql`select day, seed, seed_hash from quiz_duel_daily_seeds where day = ${day}`,
  );
  return row!;
}

export interface DailyQuestion {
  question: QuizQuestion;
  /** The bank's answer index shown at each place. */
  order: number[];
}

/** A player's questions for a day: the daily seed's draw with their own client seed. */
export function dailyQuestionsFor(seed: string, day: string, userId: number): DailyQuestion[] {
  const { questions, orders } = drawQuiz(seed, dailyClientSeed(day, userId), 0, {
    bankSize: bankSize(),
    count: QUIZ_QUESTIONS,
    choices: QUIZ_CHOICES,
  });
  return questions.map((position, q) => ({ question: questionAt(position), order: orders![q]! }));
}

interface PlayRow {
  id: number;
  start_at: Date | string;
  score: number;
  right: number;
  reward: number;
  done_at: Date | string | null;
}

interface DailyAnswerRow {
  q: number;
  choice: number;
  correct: boolean;
  points: number;
  answered_at: Date | string;
}

const playOf = async (
  q: Queryable,
  userId: number,
  day: string,
  lock = false,
): Promise<PlayRow | undefined> =>
  (
    await q.rows<PlayRow>(
      sql`select id, start_at, score, "right", reward, done_at from quiz_duel_daily_plays where user_id = ${userId} and day = ${day}${lock ? sql` for update` : sql``}`,
    )
  )[0];

const answersOf = (q: Queryable, playId: number) =>
  q.rows<DailyAnswerRow>(
    sql`select q, choice, correct, points, answered_at from quiz_duel_daily_answers where play_id = ${playId} order by q`,
  );

function windowsOf(play: PlayRow, answers: readonly DailyAnswerRow[], nowMs: number) {
  return selfPacedWindows(
    msOf(play.start_at),
    new Map(answers.map((a) => [Number(a.q), msOf(a.answered_at)])),
    nowMs,
  );
}

async function present(
  q: Queryable,
  userId: number,
  day: string,
  nowMs: number,
): Promise<QuizDailyDto> {
  const seed = await seedOf(q, day);
  const yesterdayDay = utcDay(new Date(msOf(`${day}T00:00:00Z`) - 86_400_000));
  const [yesterday] = await q.rows<SeedRow>(
    sql`select day, seed, seed_hash from quiz_duel_daily_seeds where day = ${yesterdayDay}`,
  );
  const [stats] = await q.rows<{ daily_best: number | null }>(
    sql`select daily_best from quiz_duel_stats where user_id = ${userId}`,
  );
  const play = await playOf(q, userId, day);
  const questions = dailyQuestionsFor(seed.seed, day, userId);
  const done = play?.done_at != null;
  let shown: QuizQuestionDto[] = [];
  let answers: DailyAnswerRow[] = [];
  if (play) {
    answers = await answersOf(q, Number(play.id));
    const byQ = new Map(answers.map((a) => [Number(a.q), a]));
    shown = windowsOf(play, answers, nowMs).windows.map((w) => {
      const { question, order } = questions[w.q]!;
      const mine = byQ.get(w.q);
      const closed = w.answeredAt !== null || w.deadline < nowMs;
      return {
        index: w.q,
        template: question.template,
        prompt: question.prompt,
        subject: question.subject,
        choices: shownChoices(question.choices, order),
        opensAt: iso(w.opensAt),
        deadline: iso(w.deadline),
        yourChoice: mine ? Number(mine.choice) : null,
        yourPoints: closed ? (mine ? Number(mine.points) : 0) : null,
        yourCorrect: closed && mine ? Boolean(mine.correct) : null,
        closed,
        // Only once the seven are played, as in a duel: nothing to pass on while playing.
        answer: done ? shownPlaceOf(order, question.answer) : null,
        theirChoice: null,
        theirPoints: null,
      };
    });
  }
  const byQ = new Map(answers.map((a) => [Number(a.q), a]));
  const grid = Array.from({ length: QUIZ_QUESTIONS }, (_, i) => ({
    correct: byQ.get(i)?.correct === true,
  }));
  return {
    day,
    seedHash: seed.seed_hash,
    clientSeed: dailyClientSeed(day, userId),
    bankSize: bankSize(),
    yesterday: yesterday
      ? {
          day: yesterday.day,
          seed: yesterday.seed,
          seedHash: yesterday.seed_hash,
          clientSeed: dailyClientSeed(yesterday.day, userId),
        }
      : null,
    startAt: play ? iso(msOf(play.start_at)) : null,
    questions: shown,
    done,
    score: answers.reduce((n, a) => n + Number(a.points), 0),
    right: answers.filter((a) => a.correct).length,
    reward: play ? Number(play.reward) : 0,
    best: stats?.daily_best == null ? null : Number(stats.daily_best),
    shareCard: done && play ? dailyShareCard(day, grid, Number(play.score)) : null,
    serverTime: iso(nowMs),
  };
}

/**
 * Marks a play done once its seven questions have closed (one conditional UPDATE on done_at)
 * and pays its reward in the same transaction. Returns the balance when it paid.
 */
async function finishIfDone(
  tx: Queryable,
  userId: number,
  play: PlayRow,
  nowMs: number,
): Promise<number | null> {
  const answers = await answersOf(tx, Number(play.id));
  if (!windowsOf(play, answers, nowMs).done) return null;
  const score = answers.reduce((n, a) => n + Number(a.points), 0);
  const right = answers.filter((a) => a.correct).length;
  const reward = right * QUIZ_DAILY_COINS_PER_RIGHT;
  const [marked] = await tx.rows<{ id: number }>(sql`
    update quiz_duel_daily_plays set done_at = ${iso(nowMs)}, score = ${score}, "right" = ${right}, reward = ${reward}
    where id = ${play.id} and done_at is null returning id`);
  if (!marked) return null;
  await tx.rows(sql`
    insert into quiz_duel_stats (user_id, daily_best) values (${userId}, ${score})
    on conflict (user_id) do update set daily_best = greatest(coalesce(quiz_duel_stats.daily_best, 0), excluded.daily_best)`);
  if (reward === 0) return null;
  const balances = await ledger.post(tx, [{ userId, delta: reward, category: 'quiz_daily' }], {
    refType: 'quiz_daily',
    refId: Number(play.id),
  });
  return balances.get(userId) ?? null;
}

export async function daily(deps: Deps, userId: number): Promise<QuizDailyDto> {
  const now = deps.clock.now();
  const day = utcDay(now);
  const play = await playOf(deps.db, userId, day);
  // Time ran out on the last questions: settle lazily, as every read does.
  if (
    play &&
    play.done_at === null &&
    windowsOf(play, await answersOf(deps.db, Number(play.id)), now.getTime()).done
  ) {
    await deps.db.tx(async (tx) => {
      await ledger.lockAccounts(tx, [userId]);
      const locked = await playOf(tx, userId, day, true);
      if (locked) await finishIfDone(tx, userId, locked, now.getTime());
    });
  }
  return present(deps.db, userId, day, now.getTime());
}

/** POST /daily/start: once a day; a second start (two tabs) changes nothing and shows the same play. */
export async function startDaily(deps: Deps, userId: number): Promise<QuizDailyDto> {
  const now = deps.clock.now();
  const day = utcDay(now);
  await deps.db.rows(sql`
    insert into quiz_duel_daily_plays (user_id, day, start_at) values (${userId}, ${day}, ${iso(now.getTime() + QUIZ_LIVE_START_MS)})
    on conflict (user_id, day) do nothing`);
  return present(deps.db, userId, day, now.getTime());
}

export async function answerDaily(
  deps: Deps,
  userId: number,
  body: QuizAnswerBody,
): Promise<{ correct: boolean; points: number; daily: QuizDailyDto; balance: number }> {
  const received = deps.clock.now().getTime();
  const day = utcDay(new Date(received));
  const result = await deps.db.tx(async (tx) => {
    await ledger.lockAccounts(tx, [userId], userId);
    const play = await playOf(tx, userId, day, true);
    if (!play) throw conflict("Start today's quiz first");
    if (play.done_at !== null)
      throw conflict("You have finished today's quiz; come back tomorrow (UTC)");
    const answers = await answersOf(tx, Number(play.id));
    const window = windowsOf(play, answers, received).windows[body.question];
    if (!window) throw conflict(`Question ${body.question + 1} is not open yet`);
    if (window.answeredAt !== null)
      throw conflict('You already answered this question; the first answer is final');
    if (received > window.deadline) throw conflict(`Time is up for question ${body.question + 1}`);
    const seed = await seedOf(tx, day);
    const { question, order } = dailyQuestionsFor(seed.seed, day, userId)[body.question]!;
    const correct = bankChoiceAt(order, body.choice) === question.answer;
    const points = quizPoints(correct, window.deadline - received, body.question);
    const [inserted] = await tx.rows<{ q: number }>(sql`
      insert into quiz_duel_daily_answers (play_id, q, choice, correct, points, answered_at)
      values (${play.id}, ${body.question}, ${body.choice}, ${correct}, ${points}, ${iso(received)})
      on conflict do nothing returning q`);
    if (!inserted) throw conflict('You already answered this question; the first answer is final');
    const paid = await finishIfDone(tx, userId, play, received);
    const [me] = await tx.rows<{ balance: number }>(accountsSql.balanceOf(userId));
    return { correct, points, balance: paid ?? Number(me!.balance) };
  });
  return { ...result, daily: await present(deps.db, userId, day, deps.clock.now().getTime()) };
}
