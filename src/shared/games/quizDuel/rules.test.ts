import { describe, expect, it } from 'vitest';
import { QUIZ_CHOICES, QUIZ_MAX_STAKE, QUIZ_MIN_STAKE, QUIZ_QUESTIONS, quizPayout } from './rules';
import { seededServerSeeds } from '../engine/testing';
import { describeReplay, replayRound, VERIFY_PARAM_EXAMPLES } from '../engine/verify';

const [seed, other] = seededServerSeeds(34, 2) as [string, string];
/** The house's published share of a duel's pot, in percent. */
const QUIZ_HOUSE_SHARE_PERCENT = 5;
const params = { bankSize: 1222, count: QUIZ_QUESTIONS, choices: QUIZ_CHOICES };

/** What the /fairness verifier recomputes for a duel's round. */
const replay = (
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  p: Record<string, unknown> = params,
) =>
  replayRound('quiz-duel', serverSeed, clientSeed, nonce, p) as {
    questions: number[];
    orders?: number[][];
  };

describe('quiz duel: the shuffle of each question’s answers', () => {
  it('is a permutation of the four answers, for every question of many duels', () => {
    for (let nonce = 0; nonce < 500; nonce++) {
      const { orders } = replay(seed, 'client', nonce);
      expect(orders).toHaveLength(QUIZ_QUESTIONS);
      for (const order of orders!) expect([...order].sort()).toEqual([0, 1, 2, 3]);
    }
  });

  it('is reproduced by the verifier from the seeds, and the question draw is the one rounds recorded before the shuffle', () => {
    const first = replay(seed, 'client', 7);
    expect(replay(seed, 'client', 7)).toEqual(first);
    // A round recorded before the shuffle (no `choices`) replays to the same questions, without orders.
    expect(replay(seed, 'client', 7, { bankSize: 1222, count: QUIZ_QUESTIONS })).toEqual({
      questions: first.questions,
    });
    expect(describeReplay('quiz-duel', first, params)).toContain(
      `q1 [${first.orders![0]!.join(', ')}]`,
    );
    expect(() =>
      replayRound('quiz-duel', seed, 'c', 0, VERIFY_PARAM_EXAMPLES['quiz-duel']),
    ).not.toThrow();
    expect(() => replay(seed, 'c', 0, { ...params, choices: 1 })).toThrow(/choices/);
  });

  it('differs between duels (nonces, client seeds, server seeds) and between the questions of one duel', () => {
    const orders = (s: string, c: string, n: number) => JSON.stringify(replay(s, c, n).orders);
    expect(orders(seed, 'client', 1)).not.toBe(orders(seed, 'client', 2));
    expect(orders(seed, 'client', 1)).not.toBe(orders(seed, 'other', 1));
    expect(orders(seed, 'client', 1)).not.toBe(orders(other, 'client', 1));
    // Over many questions the right answer (bank index 0 here, say) lands on each place about as often.
    const places = [0, 0, 0, 0];
    for (let nonce = 0; nonce < 2000; nonce++)
      for (const order of replay(seed, 'c', nonce).orders!) places[order.indexOf(0)]! += 1;
    const n = 2000 * QUIZ_QUESTIONS;
    for (const count of places) expect(Math.abs(count / n - 0.25)).toBeLessThan(0.015);
  });
});

describe('quiz duel: the prize', () => {
  it(`never leaves the house more than ${QUIZ_HOUSE_SHARE_PERCENT}% of the pot, at any stake from ${QUIZ_MIN_STAKE} to ${QUIZ_MAX_STAKE}`, () => {
    for (let stake = QUIZ_MIN_STAKE; stake <= QUIZ_MAX_STAKE; stake++) {
      const pot = 2 * stake;
      const house = pot - quizPayout(stake);
      // In whole numbers: house / pot <= 5 / 100.
      if (house * 100 > pot * QUIZ_HOUSE_SHARE_PERCENT || house < 0)
        expect.fail(`stake ${stake}: the house keeps ${house} of ${pot}`);
      // And it keeps its share to the coin below: the winner is not paid more than the rule says.
      expect(house).toBe(Math.floor((pot * QUIZ_HOUSE_SHARE_PERCENT) / 100));
    }
    expect([1, 2, 9, 10, 100, 10_000].map(quizPayout)).toEqual([2, 4, 18, 19, 190, 19_000]);
  });
});
