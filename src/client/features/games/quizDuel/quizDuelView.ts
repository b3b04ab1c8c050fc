import type {
  QuizDuelDto,
  QuizDuelSummary,
  QuizQuestionDto,
} from '../../../../shared/games/quizDuel/contract';
import {
  QUIZ_LIVE_REVEAL_MS,
  QUIZ_LIVE_START_MS,
  QUIZ_LIVE_WAIT_MS,
  QUIZ_MAX_STAKE,
  QUIZ_MIN_STAKE,
  QUIZ_QUESTIONS,
} from '../../../../shared/games/quizDuel/rules';
import { formatCoins } from '../../../lib/format';

/** What the quiz pages show and when, as pure functions of the server's views and its clock. */

export const QUIZ_BASE = '/games/quiz-duel';
export const duelPath = (id: string) => `${QUIZ_BASE}/${id}`;
export const DAILY_PATH = `${QUIZ_BASE}/daily`;

export const CHALLENGE_FAILED = 'Challenge failed';
export const JOIN_FAILED = 'Join failed';
export const ANSWER_FAILED = 'Answer failed';
export const LOAD_FAILED = 'Failed to load the quiz';

/**
 * What the lobby tells players about bots: the bank is public (a build-time file anyone can
 * read), so a program that reads a question's prompt and answers can look the right one up by
 * its text. Shuffling and holding answers back to the end stop index-copying and one account
 * passing the key to another; they do not stop a look-up.
 */
export const QUIZ_BOT_NOTE =
  'The question bank and its answers are public, so a program can look up each answer by its text and reply at once. Answers are shuffled in every duel and shown only when it ends, which stops copying answers between accounts but not such a program: duel people you know, or keep stakes small.';

/** One text for a duel that does not exist, whether its address is malformed or the server has none. */
export const NO_SUCH_DUEL = 'There is no such duel. Start one from the lobby.';

/** Why a stake cannot be sent, in the words the other stake games use; null when it can. */
export function stakeError(text: string): string | null {
  const stake = Number(text);
  if (text.trim() === '' || !Number.isFinite(stake) || stake < QUIZ_MIN_STAKE)
    return `Stake must be at least ${QUIZ_MIN_STAKE}`;
  if (!Number.isInteger(stake)) return 'Stake must be a whole number of coins';
  if (stake > QUIZ_MAX_STAKE) return `Stake must be at most ${formatCoins(QUIZ_MAX_STAKE)}`;
  return null;
}

/** Where a self-paced or live game stands for the player at server time `now`. */
export type PlayPhase =
  /** Before the first question: the 3-2-1 countdown to `until`. */
  | { kind: 'countdown'; until: number }
  /** A question is due but its view has not arrived yet. */
  | { kind: 'loading' }
  /** A question still open for you (possibly answered in a live duel, waiting for the other side). */
  | { kind: 'question'; question: QuizQuestionDto }
  /** The last question seen has closed for you: its answer is shown until the next one opens. */
  | { kind: 'reveal'; question: QuizQuestionDto; last: boolean };

export function playPhase(
  startsAt: string | null,
  questions: readonly QuizQuestionDto[],
  now: number,
): PlayPhase | null {
  const current = questions.at(-1);
  if (!current) {
    if (startsAt === null) return null;
    const until = Date.parse(startsAt);
    return until > now ? { kind: 'countdown', until } : { kind: 'loading' };
  }
  if (!current.closed) return { kind: 'question', question: current };
  return { kind: 'reveal', question: current, last: current.index === QUIZ_QUESTIONS - 1 };
}

/**
 * The server time at which this view goes stale with nothing pushed: the first question opening,
 * the open question's deadline, or the next question opening. That one opens QUIZ_LIVE_REVEAL_MS
 * after the current one closed, which was no later than the view's `serverTime`. Null when
 * nothing is due (not started, or all seven played).
 */
export function nextChangeAt(
  startsAt: string | null,
  questions: readonly QuizQuestionDto[],
  serverTime: string,
): number | null {
  const current = questions.at(-1);
  if (!current) return startsAt === null ? null : Date.parse(startsAt);
  if (!current.closed) return Date.parse(current.deadline);
  if (current.index === QUIZ_QUESTIONS - 1) return null;
  return Date.parse(serverTime) + QUIZ_LIVE_REVEAL_MS;
}

/** Whole seconds left until `until`, rounded up (15 at the start of a question, 0 once it is over). */
export const secondsLeft = (until: number, now: number): number =>
  Math.max(0, Math.ceil((until - now) / 1000));

/** What a screen reader hears about the clock: only when it crosses 10 and 5 seconds, not every tick. */
export function timeAnnouncement(seconds: number): string {
  if (seconds <= 0) return 'Time is up';
  if (seconds <= 5) return '5 seconds left';
  if (seconds <= 10) return '10 seconds left';
  return '';
}

/** The other player's name from your side, or null while nobody has joined. */
export function theirName(
  duel: Pick<QuizDuelDto, 'you' | 'challenger' | 'opponent'>,
): string | null {
  return duel.you === 'opponent' ? duel.challenger : duel.opponent;
}

/** Which of the duel page's screens a duel is on for you, before the questions' own phases. */
export type DuelStage =
  | 'join' /** an invite to you or an open challenge: Join */
  | 'waiting' /** your live challenge, waiting for someone to join */
  | 'play' /** questions to play (async: also while your challenge is still open) */
  | 'played' /** async: your seven are done, the other side's are not */
  | 'finished'
  | 'closed'; /** canceled or expired */

export function duelStage(duel: QuizDuelDto): DuelStage {
  if (duel.state === 'finished') return 'finished';
  if (duel.state === 'canceled' || duel.state === 'expired') return 'closed';
  if (duel.state === 'open' && duel.you !== 'challenger') return 'join';
  if (duel.state === 'open' && duel.mode === 'live') return 'waiting';
  return duel.yourTurnsDone ? 'played' : 'play';
}

/** A live challenge of yours still waiting for its opponent (the lobby's Waiting panel). */
export const isWaitingLive = (duel: QuizDuelSummary, inviteIds: ReadonlySet<string>): boolean =>
  duel.mode === 'live' && duel.state === 'open' && !inviteIds.has(duel._id);

/** When an unjoined live challenge is refunded: its summary has no expiry, its creation does. */
const liveWaitEnds = (duel: Pick<QuizDuelSummary, 'createdAt'>): number =>
  Date.parse(duel.createdAt) + QUIZ_LIVE_WAIT_MS;

/** A live challenge's wait left, never more than the whole wait (this browser's clock may run behind the server's). */
export const liveWaitLeft = (duel: Pick<QuizDuelSummary, 'createdAt'>, now: number): number =>
  Math.min(QUIZ_LIVE_WAIT_MS, Math.max(0, liveWaitEnds(duel) - now));

/**
 * Whether the challenger may still take an unjoined challenge back: a live one while it waits,
 * an asynchronous one only before its first question opens (the server refuses after).
 */
export function cancellable(
  duel: QuizDuelSummary,
  inviteIds: ReadonlySet<string>,
  now: number,
): boolean {
  if (duel.state !== 'open' || inviteIds.has(duel._id)) return false;
  return duel.mode === 'live' || Date.parse(duel.createdAt) + QUIZ_LIVE_START_MS > now;
}

export const OUTCOME_TEXT = { won: 'You won!', lost: 'You lost', tie: 'Tie' } as const;
export const OUTCOME_CLASS = {
  won: 'text-emerald-300',
  lost: 'text-rose-300',
  tie: 'text-slate-200',
} as const;

/** One line of a duel in the lobby: where it stands, from your side. */
export function summaryState(duel: QuizDuelSummary, inviteIds: ReadonlySet<string>): string {
  switch (duel.state) {
    case 'open':
      if (inviteIds.has(duel._id)) return 'Invite to you';
      return duel.yourTurn
        ? 'Your turn'
        : duel.opponent
          ? `Waiting for ${duel.opponent}`
          : 'Waiting for an opponent';
    case 'playing':
      return duel.yourTurn
        ? 'Your turn'
        : duel.mode === 'async'
          ? `Waiting for ${duel.opponent ?? 'your opponent'}`
          : 'Playing';
    case 'finished':
      return duel.outcome ? OUTCOME_TEXT[duel.outcome] : 'Finished';
    case 'canceled':
      return 'Canceled';
    case 'expired':
      return 'Expired';
  }
}

/** The newer of two views of one duel or daily quiz: a push and a read can cross on the way. */
export function newerView<T extends { serverTime: string }>(
  current: T | undefined,
  incoming: T,
): T {
  if (current && Date.parse(current.serverTime) > Date.parse(incoming.serverTime)) return current;
  return incoming;
}

/** A flag or an emoji would be read out by name (the answer itself), so it is labelled instead. */
export const spokenSubject = (subject: string): string | null =>
  /^[\x20-\x7e]+$/.test(subject) ? null : 'the symbol shown';

/** The /fairness verifier for the round that drew a duel's questions. */
export function verifyQuestionsHref(
  roundId: string,
  round: { nonce: number; params: Record<string, unknown> } | null,
): string {
  const query = new URLSearchParams({ game: 'quiz-duel' });
  if (round) {
    query.set('nonce', String(round.nonce));
    query.set('params', JSON.stringify(round.params));
  }
  query.set('round', roundId);
  return `/fairness?${query.toString()}#verify`;
}
