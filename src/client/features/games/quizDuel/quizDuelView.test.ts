import { describe, expect, it } from 'vitest';
import type { QuizDuelDto, QuizQuestionDto } from '../../../../shared/games/quizDuel/contract';
import {
  duelStage,
  nextChangeAt,
  newerView,
  playPhase,
  stakeError,
  timeAnnouncement,
  verifyQuestionsHref,
} from './quizDuelView';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function question(index: number, over: Partial<QuizQuestionDto> = {}): QuizQuestionDto {
  const opensAt = T0 + 3000 + index * 18_000;
  return {
    index,
    template: 'capital-of',
    prompt: `Question ${index}?`,
    subject: null,
    choices: ['a', 'b', 'c', 'd'],
    opensAt: iso(opensAt),
    deadline: iso(opensAt + 15_000),
    yourChoice: null,
    yourPoints: null,
    yourCorrect: null,
    closed: false,
    answer: null,
    theirChoice: null,
    theirPoints: null,
    ...over,
  };
}

describe('stakeError', () => {
  it('says what the stake games say, and nothing for a whole stake from 1 to 10,000', () => {
    expect(stakeError('')).toBe('Stake must be at least 1');
    expect(stakeError('0')).toBe('Stake must be at least 1');
    expect(stakeError('2.5')).toBe('Stake must be a whole number of coins');
    expect(stakeError('10001')).toBe('Stake must be at most 10,000');
    expect(stakeError('1')).toBeNull();
    expect(stakeError('10000')).toBeNull();
  });
});

describe('playPhase and nextChangeAt', () => {
  const start = iso(T0 + 3000);

  it('counts down to the first question, then waits for its view if it is late', () => {
    expect(playPhase(start, [], T0)).toEqual({ kind: 'countdown', until: T0 + 3000 });
    expect(playPhase(start, [], T0 + 3001)).toEqual({ kind: 'loading' });
    expect(nextChangeAt(start, [], iso(T0))).toBe(T0 + 3000);
    expect(playPhase(null, [], T0)).toBeNull();
  });

  it('shows an open question until its deadline, then its reveal until the next opens', () => {
    const open = question(0);
    expect(playPhase(start, [open], T0 + 4000)).toEqual({ kind: 'question', question: open });
    expect(nextChangeAt(start, [open], iso(T0 + 4000))).toBe(T0 + 18_000);
    const closed = question(0, { closed: true, yourChoice: 1, answer: 1, yourPoints: 19 });
    expect(playPhase(start, [closed], T0 + 5000)).toEqual({
      kind: 'reveal',
      question: closed,
      last: false,
    });
    // The next opens 3 s after the close, which was no later than this view.
    expect(nextChangeAt(start, [closed], iso(T0 + 5000))).toBe(T0 + 8000);
  });

  it('has nothing due after the seventh question', () => {
    const all = Array.from({ length: 7 }, (_, i) => question(i, { closed: true, answer: 0 }));
    expect(playPhase(start, all, T0 + 200_000)).toMatchObject({ kind: 'reveal', last: true });
    expect(nextChangeAt(start, all, iso(T0 + 200_000))).toBeNull();
  });
});

describe('timeAnnouncement', () => {
  it('speaks only at 10 s, 5 s and the end', () => {
    expect([15, 11, 10, 6, 5, 1, 0].map(timeAnnouncement)).toEqual([
      '',
      '',
      '10 seconds left',
      '10 seconds left',
      '5 seconds left',
      '5 seconds left',
      'Time is up',
    ]);
  });
});

describe('duelStage', () => {
  const duel = (over: Partial<QuizDuelDto>): QuizDuelDto => ({
    _id: '1',
    mode: 'live',
    state: 'open',
    stake: 10,
    prize: 19,
    challenger: 'ann',
    opponent: null,
    you: 'challenger',
    createdAt: iso(T0),
    expiresAt: iso(T0 + 120_000),
    startsAt: null,
    serverTime: iso(T0),
    questions: [],
    yourTurnsDone: false,
    yourScore: 0,
    theirScore: null,
    result: null,
    roundId: '5',
    ...over,
  });

  it('tells joining, waiting, playing, played and the ends apart', () => {
    expect(duelStage(duel({ you: null }))).toBe('join');
    expect(duelStage(duel({ you: 'opponent', opponent: 'bob' }))).toBe('join');
    expect(duelStage(duel({}))).toBe('waiting');
    expect(duelStage(duel({ mode: 'async' }))).toBe('play');
    expect(duelStage(duel({ mode: 'async', yourTurnsDone: true }))).toBe('played');
    expect(duelStage(duel({ state: 'playing' }))).toBe('play');
    expect(duelStage(duel({ state: 'finished' }))).toBe('finished');
    expect(duelStage(duel({ state: 'expired' }))).toBe('closed');
  });
});

describe('newerView', () => {
  it('keeps the view the server made last', () => {
    const older = { serverTime: iso(T0), n: 1 };
    const newer = { serverTime: iso(T0 + 1), n: 2 };
    expect(newerView(newer, older)).toBe(newer);
    expect(newerView(older, newer)).toBe(newer);
    expect(newerView(undefined, older)).toBe(older);
  });
});

describe('verifyQuestionsHref', () => {
  it('fills in the round when it is yours, else names it only', () => {
    expect(verifyQuestionsHref('7', { nonce: 3, params: { bankSize: 1222, count: 7 } })).toBe(
      '/fairness?game=quiz-duel&nonce=3&params=%7B%22bankSize%22%3A1222%2C%22count%22%3A7%7D&round=7#verify',
    );
    expect(verifyQuestionsHref('7', null)).toBe('/fairness?game=quiz-duel&round=7#verify');
  });
});
