import { describe, expect, it } from 'vitest';
import { coinFlip } from '../casino/coinflip';
import { minefieldBoard } from '../minefield/rules';
import { roulette } from '../casino/roulette';
import { slots } from '../casino/slots';
import { spin } from '../spinner/rules';
import { seededServerSeeds } from './testing';
import { replayRound, VERIFY_PARAM_EXAMPLES } from './verify';

const [seed] = seededServerSeeds(7, 1) as [string];

describe('replayRound', () => {
  it('gives what the paying functions give, game by game', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const table = { rewardOptions: [1, 2, 3], weights: [5, 3, 2] };
      const s = spin(seed, 'client', nonce, table);
      expect(replayRound('spinner', seed, 'client', nonce, { wheel: 'spinner', ...table })).toEqual(
        { slice: s.index, reward: s.reward },
      );
      expect(
        replayRound('coin-flip', seed, 'client', nonce, { choice: 'tails', stake: 5 }),
      ).toMatchObject({
        result: coinFlip(seed, 'client', nonce, { choice: 'tails', stake: 5 }).result,
      });
      expect(
        replayRound('roulette', seed, 'client', nonce, { choice: 'green', stake: 5 }),
      ).toMatchObject({
        pocket: roulette(seed, 'client', nonce, { choice: 'green', stake: 5 }).pocket,
      });
      expect(replayRound('slots', seed, 'client', nonce, { stake: 5, luck: 50 })).toMatchObject({
        reel: [...slots(seed, 'client', nonce, { stake: 5, luck: 50 }).reel],
      });
      expect(
        replayRound('minefield', seed, 'client', nonce, { rows: 5, cols: 5, mines: 3 }),
      ).toEqual({
        mines: minefieldBoard(seed, 'client', nonce, { rows: 5, cols: 5, mines: 3 }).positions,
        placed: 3,
      });
    }
  });

  it('accepts every example the form starts with, and refuses bad params with a readable message', () => {
    for (const [game, params] of Object.entries(VERIFY_PARAM_EXAMPLES)) {
      expect(() =>
        replayRound(game as keyof typeof VERIFY_PARAM_EXAMPLES, seed, 'c', 0, params),
      ).not.toThrow();
    }
    expect(() =>
      replayRound('spinner', seed, 'c', 0, { rewardOptions: 'x', weights: [1] }),
    ).toThrow(/rewardOptions/);
    expect(() => replayRound('coin-flip', seed, 'c', 0, { choice: 'edge', stake: 1 })).toThrow(
      /heads or tails/,
    );
    expect(() => replayRound('spinner', 'nothex', 'c', 0, VERIFY_PARAM_EXAMPLES.spinner)).toThrow(
      /server seed/,
    );
  });
});
