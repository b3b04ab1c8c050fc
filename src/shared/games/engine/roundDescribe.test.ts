import { describe, expect, it } from 'vitest';
import { coinFlipRound } from '../casino/coinflipRound';
import { minefieldRound } from '../minefield/round';
import { rouletteRound } from '../casino/rouletteRound';
import { ROUND_GAME_DEFS } from './roundGames';
import { slotsRound } from '../casino/slotsRound';
import { spinnerRound } from '../spinner/round';
import { seededServerSeeds } from './testing';
import {
  compareWithRound,
  describeReplay,
  explainPayout,
  replayRound,
  VERIFY_PARAM_EXAMPLES,
  type RecordedRound,
} from './verify';
import { sha256Hex } from './fairness';

const [seed] = seededServerSeeds(11, 1) as [string];

describe("each round game's describe()", () => {
  it('spinner: the slice of how many, and what it pays', () => {
    expect(
      spinnerRound.describe(
        { slice: 3, reward: 50 },
        { wheel: 'spinner', rewardOptions: [5, 10, 20, 50], weights: [1, 1, 1, 1] },
      ),
    ).toBe('slice 3 of 4, pays 50');
    expect(spinnerRound.describe({ slice: 0, reward: 5 }, {})).toBe('slice 0, pays 5');
  });

  it('coin flip: the side, the call, win or loss and the payout', () => {
    expect(
      coinFlipRound.describe(
        { result: 'heads', win: true, payout: 20 },
        { choice: 'heads', stake: 10 },
      ),
    ).toBe('heads (called heads), win, pays 20');
    expect(
      coinFlipRound.describe(
        { result: 'tails', win: false, payout: 0 },
        { choice: 'heads', stake: 10 },
      ),
    ).toBe('tails (called heads), loss, pays 0');
  });

  it('roulette: pocket, colour, bet, win or loss and the payout', () => {
    expect(
      rouletteRound.describe(
        { pocket: 4, result: 'red', win: true, payout: 20 },
        { choice: 'red', stake: 10 },
      ),
    ).toBe('pocket 4, red (bet red), win, pays 20');
    expect(
      rouletteRound.describe(
        { pocket: 0, result: 'green', win: false, payout: 0 },
        { choice: 'black', stake: 10 },
      ),
    ).toBe('pocket 0, green (bet black), loss, pays 0');
  });

  it('slots: the line, its combination in words, and a luck re-spin', () => {
    expect(
      slotsRound.describe(
        {
          reel: ['bell', 'bell', 'bell'],
          combo: 'three-bell',
          win: true,
          payout: 200,
          respun: false,
        },
        { stake: 10 },
      ),
    ).toBe('bell bell bell: three bells, win, pays 200');
    expect(
      slotsRound.describe(
        {
          reel: ['cherry', 'cherry', 'cherry'],
          combo: 'three-cherry',
          win: true,
          payout: 90,
          respun: true,
        },
        { stake: 10 },
      ),
    ).toBe('cherry cherry cherry: three cherries, win, pays 90, after a slot-luck re-spin');
    expect(
      slotsRound.describe(
        {
          reel: ['cherry', 'cherry', 'star'],
          combo: 'two-cherries',
          win: true,
          payout: 50,
          respun: false,
        },
        {},
      ),
    ).toBe('cherry cherry star: two cherries, win, pays 50');
    expect(
      slotsRound.describe(
        { reel: ['lemon', 'star', 'bell'], combo: null, win: false, payout: 0, respun: false },
        {},
      ),
    ).toBe('lemon star bell: no combination, loss, pays 0');
  });

  it('minefield: how many mines, on which cells of the grid', () => {
    expect(
      minefieldRound.describe({ mines: [2, 7, 11], placed: 3 }, { rows: 4, cols: 4, mines: 3 }),
    ).toBe('3 mines on cells 2, 7, 11 (of 0-15)');
    expect(
      minefieldRound.describe(
        { mines: [5], placed: 1 },
        { rows: 3, cols: 3, mines: 2, mineReduction: 1 },
      ),
    ).toBe('1 mine on cell 5 (of 0-8)');
  });

  it("words every game's real replay of its example without a '?' or 'undefined'", () => {
    for (const def of ROUND_GAME_DEFS) {
      for (let nonce = 0; nonce < 30; nonce++) {
        const params = VERIFY_PARAM_EXAMPLES[def.game];
        const text = describeReplay(
          def.game,
          replayRound(def.game, seed, 'client', nonce, params),
          params,
        );
        expect(text).not.toMatch(/undefined|\?|\[object/);
        expect(text.length).toBeGreaterThan(5);
      }
    }
  });
});

describe('compareWithRound', () => {
  const params = { choice: 'red', stake: 10 };
  const replay = replayRound('roulette', seed, 'mine', 3, params);
  const round: RecordedRound = {
    _id: '42',
    game: 'roulette',
    serverSeedHash: sha256Hex(seed),
    clientSeed: 'mine',
    nonce: 3,
    // The server records its params in jsonb's key order and a buff's part next to the outcome.
    params: { stake: 10, choice: 'red' },
    outcome: { ...replay, bonus: 1, multiplier: 150 },
    payout: Number(replay.payout) + 1,
  };
  const inputs = {
    game: 'roulette' as const,
    serverSeedHash: sha256Hex(seed),
    clientSeed: 'mine',
    nonce: 3,
    params,
  };

  it("matches the round's own inputs and outcome, whatever the key order and the buff's fields", () => {
    expect(compareWithRound(inputs, replay, round)).toEqual({ matches: true, differences: [] });
  });

  it('names each input and recomputed field that differs', () => {
    const other = replayRound('roulette', seed, 'mine', 4, params);
    const verdict = compareWithRound({ ...inputs, nonce: 4 }, other, round);
    expect(verdict.matches).toBe(false);
    expect(verdict.differences[0]).toBe('nonce: 4 here, 3 recorded');
    expect(
      compareWithRound({ ...inputs, params: { choice: 'green', stake: 10 } }, replay, round)
        .differences,
    ).toEqual(["parameters: not the round's"]);
    expect(
      compareWithRound({ ...inputs, serverSeedHash: null }, replay, round).differences,
    ).toEqual(['server seed: its SHA-256 is not the one the round recorded']);
    expect(compareWithRound(inputs, { ...replay, pocket: 99 }, round).differences).toEqual([
      `pocket: 99 here, ${String(replay.pocket)} recorded`,
    ]);
    expect(compareWithRound({ ...inputs, game: 'coin-flip' }, replay, round).differences[0]).toBe(
      'game: Coin flip here, Roulette recorded',
    );
  });
});

describe('explainPayout', () => {
  it("splits a reward buff's bonus and the slot-luck cap from what the seeds paid", () => {
    expect(
      explainPayout({ game: 'spinner', payout: 11, outcome: { slice: 1, reward: 10, bonus: 1 } }),
    ).toBe('paid 11 = 10 from the seeds + 1 from a reward buff');
    expect(
      explainPayout({
        game: 'slots',
        payout: 40,
        outcome: { payout: 50, luckCapped: 10, bonus: 0 },
      }),
    ).toBe('paid 40 = 50 from the seeds − 10 over the slot-luck cap');
    expect(
      explainPayout({ game: 'minefield', payout: 33, outcome: { reward: 30, bonus: 3 } }),
    ).toBe('paid 33 = 30 from the cash-out + 3 from a reward buff');
    expect(explainPayout({ game: 'roulette', payout: 20, outcome: { payout: 20, bonus: 0 } })).toBe(
      'paid 20, all from the seeds',
    );
    expect(explainPayout({ game: 'coin-flip', payout: 0, outcome: { payout: 0, bonus: 0 } })).toBe(
      'paid nothing',
    );
  });
});
