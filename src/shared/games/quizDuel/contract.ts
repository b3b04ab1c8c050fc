import { z } from 'zod';
import { QUIZ_CHOICES, QUIZ_MAX_STAKE, QUIZ_MODES, QUIZ_QUESTIONS } from './rules';
import { coinAmount, idParams } from '../../api/common';
import { defineRoutes } from '../../api/contract';

/*
 * Quiz Duel (DESIGN.md section 9, issues 23 and 34). A question reaches a player when it opens
 * for them, its answers in the duel's shuffled order; once it has closed for them (live: both
 * answered or its deadline passed; self-paced: they answered or ran out of time) they learn
 * whether their own pick was right, and its right answer only when the duel (or their daily
 * quiz) is over.
 */

export * from './rules';

const questionIndex = z
  .number({ error: 'question must be a number' })
  .int('question must be a whole number')
  .min(0, 'question must be from 0 to 6')
  .max(QUIZ_QUESTIONS - 1, `question must be from 0 to ${QUIZ_QUESTIONS - 1}`);
const choiceIndex = z
  .number({ error: 'choice must be a number' })
  .int('choice must be a whole number')
  .min(0, 'choice must be from 0 to 3')
  .max(QUIZ_CHOICES - 1, `choice must be from 0 to ${QUIZ_CHOICES - 1}`);

export const quizAnswerBody = z.strictObject({ question: questionIndex, choice: choiceIndex });
export type QuizAnswerBody = z.infer<typeof quizAnswerBody>;

export const quizChallengeBody = z.strictObject({
  /** Absent or empty: an open challenge (async) or Find opponent (live). */
  opponentUsername: z
    .string({ error: 'opponentUsername must be text' })
    .trim()
    .max(100, 'opponentUsername must be at most 100 characters')
    .optional(),
  stake: coinAmount('stake', QUIZ_MAX_STAKE),
  mode: z.enum(QUIZ_MODES, { error: 'mode must be live or async' }),
});
export type QuizChallengeBody = z.infer<typeof quizChallengeBody>;

/** One question as a player may see it. `answer` and the other side's pick stay null until the duel is over. */
export const quizQuestionDto = z.object({
  index: z.number(),
  template: z.string(),
  prompt: z.string(),
  /** A big symbol to show with the prompt (a flag, an emoji, an element), or null. */
  subject: z.string().nullable(),
  /** In this duel's (or this player's daily) shuffled order: `choice` and `answer` are places in it. */
  choices: z.array(z.string()),
  opensAt: z.string(),
  deadline: z.string(),
  yourChoice: z.number().nullable(),
  yourPoints: z.number().nullable(),
  /** Once closed for you: whether your pick was right (null if you did not answer). */
  yourCorrect: z.boolean().nullable(),
  closed: z.boolean(),
  /** The right choice's place, once the duel (or the daily quiz) is over. */
  answer: z.number().nullable(),
  /** The other side's pick, once the duel is finished. */
  theirChoice: z.number().nullable(),
  /** The other side's points: live, once the question closed; asynchronous, once the duel is finished. */
  theirPoints: z.number().nullable(),
});
export type QuizQuestionDto = z.infer<typeof quizQuestionDto>;

export const quizDuelStates = ['open', 'playing', 'finished', 'canceled', 'expired'] as const;
export type QuizDuelState = (typeof quizDuelStates)[number];

export const quizDuelDto = z.object({
  _id: z.string(),
  mode: z.enum(QUIZ_MODES),
  state: z.enum(quizDuelStates),
  stake: z.number(),
  /** What the winner is paid: both stakes less the house's 5%, rounded down (quizPayout). */
  prize: z.number(),
  challenger: z.string(),
  opponent: z.string().nullable(),
  /** Your side, or null for a player who may only join (an open challenge, an invite). */
  you: z.enum(['challenger', 'opponent']).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** A live duel's first question opens at this time. */
  startsAt: z.string().nullable(),
  /** The server's clock, so a page can count down against it. */
  serverTime: z.string(),
  /** The questions opened for you so far, in order. */
  questions: z.array(quizQuestionDto),
  /** Whether you have played every question (async: your part is done). */
  yourTurnsDone: z.boolean(),
  yourScore: z.number(),
  /** Hidden (null) in an asynchronous duel until it is finished; live, the closed questions' points. */
  theirScore: z.number().nullable(),
  result: z.object({ outcome: z.enum(['won', 'lost', 'tie']), payout: z.number() }).nullable(),
  /** The round that drew the questions, for /fairness. */
  roundId: z.string().nullable(),
});
export type QuizDuelDto = z.infer<typeof quizDuelDto>;

export const quizChallengeSummary = z.object({
  _id: z.string(),
  mode: z.enum(QUIZ_MODES),
  challenger: z.string(),
  opponent: z.string().nullable(),
  stake: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type QuizChallengeSummary = z.infer<typeof quizChallengeSummary>;

export const quizDuelSummary = z.object({
  _id: z.string(),
  mode: z.enum(QUIZ_MODES),
  state: z.enum(quizDuelStates),
  opponent: z.string().nullable(),
  stake: z.number(),
  yourScore: z.number(),
  theirScore: z.number().nullable(),
  outcome: z.enum(['won', 'lost', 'tie']).nullable(),
  /** Whether you still have questions to play. */
  yourTurn: z.boolean(),
  createdAt: z.string(),
});
export type QuizDuelSummary = z.infer<typeof quizDuelSummary>;

export const quizStatsDto = z.object({
  wins: z.number(),
  games: z.number(),
  dailyBest: z.number().nullable(),
});

export const quizLobbyDto = z.object({
  /** Open challenges anyone may join (not yours). */
  openChallenges: z.array(quizChallengeSummary),
  /** Challenges addressed to you. */
  invites: z.array(quizChallengeSummary),
  /** Your duels, newest first: open, playing and the last finished ones. */
  duels: z.array(quizDuelSummary),
  stats: quizStatsDto,
  limits: z.object({
    minStake: z.number(),
    maxStake: z.number(),
    dailyWinCap: z.number(),
    wonToday: z.number(),
    sameAddressWinCap: z.number(),
  }),
});
export type QuizLobbyDto = z.infer<typeof quizLobbyDto>;

export const quizAnswerResponse = z.object({
  /** Null while a live question waits for the other player (its answer is not yours to see yet). */
  correct: z.boolean().nullable(),
  points: z.number().nullable(),
  duel: quizDuelDto,
});
export type QuizAnswerResponse = z.infer<typeof quizAnswerResponse>;

export const quizChallengeResponse = z.object({
  matched: z.boolean(),
  duel: quizDuelDto,
  balance: z.number(),
});
export type QuizChallengeResponse = z.infer<typeof quizChallengeResponse>;
export const quizJoinResponse = z.object({ duel: quizDuelDto, balance: z.number() });
export const quizCancelResponse = z.object({ duel: quizDuelDto, balance: z.number() });

export const quizDailyDto = z.object({
  day: z.string(),
  /** SHA-256 of today's seed; yesterday's seed is published to check it. */
  seedHash: z.string(),
  /** Your client seed for the draw ('daily:<day>:<your id>'): everyone's questions are their own. */
  clientSeed: z.string(),
  /** The bank's size, the draw's other parameter. */
  bankSize: z.number(),
  yesterday: z
    .object({ day: z.string(), seed: z.string(), seedHash: z.string(), clientSeed: z.string() })
    .nullable(),
  /** Null until you press Start; the first question opens then (plus the 3 s countdown). */
  startAt: z.string().nullable(),
  questions: z.array(quizQuestionDto),
  done: z.boolean(),
  score: z.number(),
  right: z.number(),
  /** Paid for today's first play; 0 once paid or before the end. */
  reward: z.number(),
  best: z.number().nullable(),
  /** The emoji grid to copy, once done. */
  shareCard: z.string().nullable(),
  serverTime: z.string(),
});
export type QuizDailyDto = z.infer<typeof quizDailyDto>;
export const quizDailyAnswerResponse = z.object({
  correct: z.boolean(),
  points: z.number(),
  daily: quizDailyDto,
  balance: z.number(),
});

export const quizDuelRoutes = defineRoutes({
  'GET /api/games/quiz-duel': {
    auth: 'user',
    summary: 'The quiz duel lobby: open challenges, invites, your duels, stats and limits',
    reply: quizLobbyDto,
  },
  'POST /api/games/quiz-duel/challenge': {
    auth: 'user',
    idempotent: true,
    summary:
      'Challenge a user, post an open challenge (async) or find an opponent (live); the stake goes into escrow',
    body: quizChallengeBody,
    reply: quizChallengeResponse,
  },
  'GET /api/games/quiz-duel/daily': {
    auth: 'user',
    summary: "Today's quiz: seven questions drawn for you on a UTC day",
    reply: quizDailyDto,
  },
  'POST /api/games/quiz-duel/daily/start': {
    auth: 'user',
    idempotent: true,
    summary: "Start today's quiz: its first question opens 3 s later",
    reply: quizDailyDto,
  },
  'POST /api/games/quiz-duel/daily/answer': {
    auth: 'user',
    idempotent: true,
    summary: "Answer the open question of today's quiz",
    body: quizAnswerBody,
    reply: quizDailyAnswerResponse,
  },
  'POST /api/games/quiz-duel/:id/join': {
    auth: 'user',
    idempotent: true,
    summary: 'Join a challenge to you or an open one; your stake goes into escrow',
    params: idParams,
    reply: quizJoinResponse,
  },
  'POST /api/games/quiz-duel/:id/cancel': {
    auth: 'user',
    // Only gives the stake back: a sanctioned player may still take an open challenge down.
    sanction: 'none',
    idempotent: true,
    summary: 'Take back your challenge before anyone joins (async: before you start playing)',
    params: idParams,
    reply: quizCancelResponse,
  },
  'GET /api/games/quiz-duel/:id': {
    auth: 'user',
    summary: 'A duel as you may see it; opens your next question in an asynchronous duel',
    params: idParams,
    reply: quizDuelDto,
  },
  'POST /api/games/quiz-duel/:id/answer': {
    auth: 'user',
    idempotent: true,
    summary: 'Answer a question; the first answer is final, timed by the server',
    params: idParams,
    body: quizAnswerBody,
    reply: quizAnswerResponse,
  },
});
