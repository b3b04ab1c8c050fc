// Quiz Duel (DESIGN.md section 9): the rules as pure functions and constants, shared by the
// server that scores and pays, the page that shows the countdown and the verifier on /fairness.
import { FairStream } from '../engine/fairness';

export const QUIZ_QUESTIONS = 7;
export const QUIZ_SECONDS = 15;
export const QUIZ_QUESTION_MS = QUIZ_SECONDS * 1000;
export const QUIZ_CHOICES = 4;
export const QUIZ_MIN_STAKE = 1;
export const QUIZ_MAX_STAKE = 10_000;
/** The house's share of the pot (both stakes), rounded down: the winner takes at least the rest. */
export const QUIZ_HOUSE_SHARE_PERCENT = 5;
/** What the winner takes of the pot at least: 95%. */
export const QUIZ_WINNER_SHARE_PERCENT = 100 - QUIZ_HOUSE_SHARE_PERCENT;
/** A live duel's first question opens this long after the join, so both pages can count down. */
export const QUIZ_LIVE_START_MS = 3_000;
/** Between a live question's close (the reveal) and the next one opening. */
export const QUIZ_LIVE_REVEAL_MS = 3_000;
/** An unjoined live challenge waits this long for an opponent, then is refunded. */
export const QUIZ_LIVE_WAIT_MS = 2 * 60_000;
/** An unjoined asynchronous challenge waits this long, then is refunded. */
export const QUIZ_ASYNC_TTL_MS = 24 * 60 * 60_000;
/**
 * An asynchronous player has this long from their first question to finish the seven; questions
 * not opened by then score 0, so an abandoned duel still ends.
 */
export const QUIZ_ASYNC_PLAY_MS = 10 * 60_000;
/** Net coins a player may win from duels in one UTC day; at the cap, new duels are refused. */
export const QUIZ_DAILY_WIN_CAP = 20_000;
/** Find opponent matches a waiting live challenge whose stake is within these bounds of yours. */
export const QUIZ_MATCH_LOW = 0.8;
export const QUIZ_MATCH_HIGH = 1.25;
/** At most this many open challenges per player. */
export const QUIZ_MAX_OPEN_CHALLENGES = 5;
/** The daily quiz pays this per right answer, once a UTC day: at most 7 x 5 = 35 coins. */
export const QUIZ_DAILY_COINS_PER_RIGHT = 5;

export const QUIZ_MODES = ['live', 'async'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];

/**
 * Points for one answer: 10 + floor(10 x time left / 15 s) when right, 0 when wrong or late;
 * the last question counts double. `msLeft` is the deadline minus the server's receive time.
 */
export function quizPoints(correct: boolean, msLeft: number, index: number): number {
  if (!correct || msLeft < 0) return 0;
  const base = 10 + Math.floor((10 * Math.min(msLeft, QUIZ_QUESTION_MS)) / QUIZ_QUESTION_MS);
  return index === QUIZ_QUESTIONS - 1 ? 2 * base : base;
}

/** The most a duel can score: every answer right at once. */
export const QUIZ_MAX_SCORE = (QUIZ_QUESTIONS + 1) * 20;

/**
 * What the house keeps of a pot of two stakes: 5% rounded down, so it never keeps more than the
 * published share (flooring the prize instead kept half the pot at stake 1).
 */
export const quizHouseCut = (stake: number): number =>
  Math.floor((2 * stake * QUIZ_HOUSE_SHARE_PERCENT) / 100);

/** What the winner is paid from a pot of two stakes: the pot less the house's cut. */
export const quizPayout = (stake: number): number => 2 * stake - quizHouseCut(stake);

/** The smallest pot the house takes anything from (20: below it the winner takes the whole pot). */
export const QUIZ_SMALLEST_CUT_POT = Math.ceil(100 / QUIZ_HOUSE_SHARE_PERCENT);

/** The published rule, in the words the duel page and /fairness show. */
export const QUIZ_PRIZE_RULE = `The winner takes both stakes less the house's ${QUIZ_HOUSE_SHARE_PERCENT}%, rounded down, so the house never keeps more than ${QUIZ_HOUSE_SHARE_PERCENT}% (nothing from a pot under ${QUIZ_SMALLEST_CUT_POT}); a tie refunds both.`;

/** Whether a waiting stake is close enough to yours for Find opponent. */
export const stakesMatch = (yours: number, theirs: number): boolean =>
  theirs >= Math.ceil(yours * QUIZ_MATCH_LOW) && theirs <= Math.floor(yours * QUIZ_MATCH_HIGH);

/**
 * A duel's draw, from one round's stream: first `count` distinct positions in a bank of
 * `bankSize`, drawn one by one (a drawn position already taken is drawn again), so the verifier
 * needs only the bank's size, and the bank's order (fixed by its build) names the questions.
 * Then, when `choices` is given, each question's answers are shuffled from the same stream
 * (Fisher-Yates from the last place down): `orders[q][shown] = the bank's choice index`, so an
 * answer's place differs from duel to duel. Rounds drawn before the shuffle have no `choices`
 * and showed the bank's order; their replay has no orders.
 */
export function drawQuiz(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: Record<string, unknown>,
): QuizDraw {
  const bankSize = Number(p.bankSize);
  const count = Number(p.count);
  if (!Number.isSafeInteger(bankSize) || bankSize < 1)
    throw new RangeError('bankSize must be a positive whole number');
  if (!Number.isSafeInteger(count) || count < 1 || count > bankSize || count > 50)
    throw new RangeError('count must be a whole number from 1 to the bank size (at most 50)');
  const choices = p.choices === undefined ? null : Number(p.choices);
  if (choices !== null && (!Number.isSafeInteger(choices) || choices < 2 || choices > 10))
    throw new RangeError('choices must be a whole number from 2 to 10');
  const stream = new FairStream(serverSeed, clientSeed, nonce);
  const questions: number[] = [];
  while (questions.length < count) {
    const at = stream.nextIndex(bankSize);
    if (!questions.includes(at)) questions.push(at);
  }
  if (choices === null) return { questions };
  return { questions, orders: questions.map(() => shuffleOrder(stream, choices)) };
}

export interface QuizDraw {
  /** Positions in the bank, in the order asked. */
  questions: number[];
  /** Per question, the bank's choice index shown at each place (absent for an unshuffled draw). */
  orders?: number[][];
}

function shuffleOrder(stream: FairStream, n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = stream.nextIndex(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The duel's question positions alone (the same whether or not the choices are shuffled). */
export const pickQuestions = (
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: Record<string, unknown>,
): number[] =>
  drawQuiz(serverSeed, clientSeed, nonce, { bankSize: p.bankSize, count: p.count }).questions;

/** A question's answers in the order shown; no order (a duel drawn before the shuffle): the bank's. */
export const shownChoices = <T>(
  choices: readonly T[],
  order: readonly number[] | null | undefined,
): T[] => (order ? order.map((i) => choices[i]!) : [...choices]);

/** The bank's choice index behind a shown place. */
export const bankChoiceAt = (order: readonly number[] | null | undefined, shown: number): number =>
  order ? (order[shown] ?? -1) : shown;

/** The shown place of a bank choice (the right answer's place on the player's screen). */
export const shownPlaceOf = (
  order: readonly number[] | null | undefined,
  bankIndex: number,
): number => (order ? order.indexOf(bankIndex) : bankIndex);

/** The daily quiz's client seed: the day and the player, so every player draws questions of their own. */
export const dailyClientSeed = (day: string, userId: number): string => `daily:${day}:${userId}`;

/** The UTC day of an instant, as 'YYYY-MM-DD': the daily quiz's key. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The share card's line for a finished daily quiz: one square per question. */
export function dailyShareCard(
  day: string,
  answers: readonly { correct: boolean }[],
  score: number,
): string {
  const grid = answers.map((a) => (a.correct ? '🟩' : '🟥')).join('');
  return `Fair & Square daily quiz ${day}\n${grid} ${answers.filter((a) => a.correct).length}/${QUIZ_QUESTIONS} · ${score} points`;
}

export interface QuizWindow {
  q: number;
  opensAt: number;
  deadline: number;
  /** The server's receive time of the answer, or null (unanswered: closes at the deadline). */
  answeredAt: number | null;
}

/**
 * A self-paced player's questions (an asynchronous duel, the daily quiz): the first opens at
 * `startMs`, each next one QUIZ_LIVE_REVEAL_MS after the one before closed (answered, or its
 * 15 s ran out). Returns the windows opened by `nowMs`, and whether all seven are closed. The
 * server times answers by it and the page counts down by it.
 */
export function selfPacedWindows(
  startMs: number,
  answeredAt: ReadonlyMap<number, number>,
  nowMs: number,
): { windows: QuizWindow[]; done: boolean } {
  const windows: QuizWindow[] = [];
  let opensAt = startMs;
  for (let q = 0; q < QUIZ_QUESTIONS; q++) {
    if (opensAt > nowMs) return { windows, done: false };
    const deadline = opensAt + QUIZ_QUESTION_MS;
    const answered = answeredAt.get(q) ?? null;
    windows.push({ q, opensAt, deadline, answeredAt: answered });
    if (answered === null && deadline >= nowMs) return { windows, done: false };
    opensAt = (answered ?? deadline) + QUIZ_LIVE_REVEAL_MS;
  }
  return { windows, done: true };
}

/** The latest a self-paced player who started at `startMs` can still be playing. */
export const selfPacedEnd = (startMs: number): number =>
  startMs + QUIZ_QUESTIONS * (QUIZ_QUESTION_MS + QUIZ_LIVE_REVEAL_MS);
