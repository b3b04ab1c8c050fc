import { describe, expect, it } from 'vitest';
import { floats } from '../engine/fairness';
import {
  MINEFIELD_MAX_PROFIT,
  MINEFIELD_RTP,
  minefieldBoard,
  minefieldDisplayMultiplier,
  minefieldMultiplier,
  minefieldPayout,
  minefieldRtpForStake,
  minefieldRtpWithForgiveness,
  minefieldSurvival,
  minefieldUncappedStakeLimit,
  minesPlaced,
} from './rules';
import { binomial, mul, rational, type Rational } from '../engine/rational';
import { seededRandom, seededServerSeeds } from '../engine/testing';

const [SEED = ''] = seededServerSeeds(13, 1);

/** Every way to place m mines on N cells, as bit masks (small boards only). */
function* placements(cells: number, mines: number, from = 0, mask = 0): Generator<number> {
  if (mines === 0) {
    yield mask;
    return;
  }
  for (let cell = from; cell <= cells - mines; cell++)
    yield* placements(cells, mines - 1, cell + 1, mask | (1 << cell));
}

describe('minefield multiplier and payout', () => {
  it('matches the published examples', () => {
    expect([1, 2, 3].map((k) => minefieldDisplayMultiplier(25, 3, k))).toEqual([
      1.125, 1.286, 1.479,
    ]);
    expect(minefieldDisplayMultiplier(9, 2, 7)).toBe(35.64);
    expect(minefieldMultiplier(9, 2, 7)).toEqual(rational(3564, 100));
    expect(minefieldMultiplier(25, 3, 0)).toEqual(MINEFIELD_RTP);
  });

  it('floors payouts to whole coins and caps the profit', () => {
    expect(minefieldPayout(100, 25, 3, 2)).toBe(128); // 128.57...
    expect(minefieldPayout(100, 9, 2, 7)).toBe(3564);
    expect(minefieldPayout(1_000_000, 9, 2, 7)).toBe(1_000_000 + MINEFIELD_MAX_PROFIT);
    const limit = minefieldUncappedStakeLimit(9, 2, 7);
    expect(minefieldPayout(limit, 9, 2, 7) - limit).toBeLessThanOrEqual(MINEFIELD_MAX_PROFIT);
    expect(minefieldPayout(limit + 1, 9, 2, 7) - (limit + 1)).toBe(MINEFIELD_MAX_PROFIT);
    expect(Math.floor(((limit + 1) * 3464) / 100)).toBeGreaterThan(MINEFIELD_MAX_PROFIT);
    expect(minefieldUncappedStakeLimit(144, 1, 1)).toBe(Infinity); // 0.99 x 144/143 < 1: no profit to cap
  });

  it('refuses reveals the board cannot hold', () => {
    expect(() => minefieldMultiplier(25, 3, 23)).toThrow(RangeError);
    expect(() => minefieldMultiplier(25, 25, 0)).toThrow(RangeError);
    expect(() => minefieldPayout(0, 25, 3, 1)).toThrow(RangeError);
  });
});

describe('minefield return is 99% for every choice of N, m, k', () => {
  it('by enumerating every mine placement on small boards', () => {
    for (const [cells, mines] of [
      [9, 2],
      [9, 8],
      [12, 4],
      [16, 5],
      [20, 3],
      [25, 3],
      [25, 6],
    ] as const) {
      const all = [...placements(cells, mines)];
      expect(all.length).toBe(Number(binomial(cells, mines)));
      for (let k = 1; k <= cells - mines; k++) {
        // Any fixed click order is as good as another; clicking cells 0..k-1 is one.
        const firstK = (1 << k) - 1;
        const survived = all.filter((mask) => (mask & firstK) === 0).length;
        const rtp = mul(rational(survived, all.length), minefieldMultiplier(cells, mines, k));
        expect(rtp, `N=${cells} m=${mines} k=${k}`).toEqual(MINEFIELD_RTP);
      }
    }
  });

  it('by the step-by-step survival product on large boards', () => {
    for (const [cells, mines] of [
      [64, 10],
      [100, 30],
      [144, 2],
      [144, 72],
      [144, 143],
    ] as const) {
      for (let k = 1; k <= cells - mines; k++) {
        let survive: Rational = rational(1);
        for (let i = 0; i < k; i++) survive = mul(survive, rational(cells - mines - i, cells - i));
        expect(survive).toEqual(minefieldSurvival(cells, mines, k));
        expect(mul(survive, minefieldMultiplier(cells, mines, k))).toEqual(MINEFIELD_RTP);
      }
    }
  });

  it('at a real stake, less only by flooring and the profit cap', () => {
    expect(minefieldRtpForStake(10_000, 25, 3, 3)).toEqual(
      mul(minefieldSurvival(25, 3, 3), rational(14785, 10_000)),
    );
    expect(minefieldRtpForStake(100, 9, 2, 7)).toEqual(MINEFIELD_RTP);
    expect(minefieldRtpForStake(1_000_000, 9, 2, 7)).toEqual(rational(2, 36));
  });
});

describe('minefield board', () => {
  it("places mines by Stake's partial Fisher-Yates on the round's floats, across HMAC rounds", () => {
    for (const params of [
      { rows: 5, cols: 5, mines: 3 },
      { rows: 8, cols: 8, mines: 10 },
      { rows: 12, cols: 12, mines: 100 },
      { rows: 3, cols: 3, mines: 8 },
    ]) {
      for (let nonce = 0; nonce < 20; nonce++) {
        const cells = params.rows * params.cols;
        const fs = floats(SEED, 'mines', nonce, params.mines);
        const remaining = Array.from({ length: cells }, (_, i) => i);
        const expected = fs.map((f, i) => remaining.splice(Math.floor(f * (cells - i)), 1)[0]);
        const board = minefieldBoard(SEED, 'mines', nonce, params);
        expect(board.positions).toEqual([...expected].sort((a = 0, b = 0) => a - b));
        expect(new Set(board.positions).size).toBe(params.mines);
        expect(board).toMatchObject({ cells, placed: params.mines });
      }
    }
  });

  it('places fewer mines with mine reduction, never none', () => {
    expect(minesPlaced(10, 3)).toBe(7);
    expect(minesPlaced(2, 5)).toBe(1);
    const board = minefieldBoard(SEED, 'mines', 1, {
      rows: 5,
      cols: 5,
      mines: 5,
      mineReduction: 2,
    });
    expect(board.placed).toBe(3);
    expect(board.positions).toEqual(
      minefieldBoard(SEED, 'mines', 1, { rows: 5, cols: 5, mines: 3 }).positions,
    );
  });

  it('puts every cell under a mine equally often', () => {
    // m/N per cell: 25,000 boards of 5x5 with 3 mines, each cell expected 3,000 times, sd ~52.
    const seeds = seededServerSeeds(17, 25);
    const counts = new Array<number>(25).fill(0);
    for (const seed of seeds) {
      for (let nonce = 0; nonce < 1000; nonce++) {
        for (const cell of minefieldBoard(seed, 'c', nonce, { rows: 5, cols: 5, mines: 3 })
          .positions)
          counts[cell] = (counts[cell] ?? 0) + 1;
      }
    }
    for (const count of counts) expect(Math.abs(count - 3000)).toBeLessThan(5 * 52);
  });

  it('validates the spec ranges', () => {
    const bad = [
      { rows: 2, cols: 5, mines: 3 },
      { rows: 13, cols: 5, mines: 3 },
      { rows: 5, cols: 5, mines: 1 },
      { rows: 5, cols: 5, mines: 25 },
      { rows: 5, cols: 5, mines: 3, mineReduction: -1 },
      { rows: 5.5, cols: 5, mines: 3 },
    ];
    for (const params of bad)
      expect(() => minefieldBoard(SEED, 'a', 0, params)).toThrow(RangeError);
  });
});

describe('extra-safe-click', () => {
  it('returns multiplier x P(at most f mines in the first k + f clicks), checked by enumeration', () => {
    const random = seededRandom(23);
    for (const [cells, mines] of [
      [9, 2],
      [12, 4],
      [16, 3],
      [20, 6],
    ] as const) {
      const all = [...placements(cells, mines)];
      for (let k = 1; k <= cells - mines; k++) {
        for (const forgiven of [0, 1, 2]) {
          // A random click order: forgiveness does not care which cells are clicked.
          const order = Array.from({ length: cells }, (_, i) => i);
          for (let i = cells - 1; i > 0; i--) {
            const j = random.below(i + 1);
            [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
          }
          let won = 0;
          for (const mask of all) {
            let safe = 0;
            let hit = 0;
            for (const cell of order) {
              if (mask & (1 << cell)) hit++;
              else safe++;
              if (hit > forgiven || safe === k) break;
            }
            if (safe === k && hit <= forgiven) won++;
          }
          const expected = mul(rational(won, all.length), minefieldMultiplier(cells, mines, k));
          expect(
            minefieldRtpWithForgiveness(cells, mines, k, forgiven),
            `N=${cells} m=${mines} k=${k} f=${forgiven}`,
          ).toEqual(expected);
        }
      }
    }
    expect(minefieldRtpWithForgiveness(25, 3, 3, 0)).toEqual(MINEFIELD_RTP);
  });

  it('would be worth up to 141x the stake without the saved-game cap', () => {
    expect(minefieldRtpWithForgiveness(144, 2, 142, 1)).toEqual(rational(14157, 100));
  });
});

describe('mine positions stay within the board', () => {
  it('for every grid size', () => {
    let nonce = 0;
    for (let rows = 3; rows <= 12; rows++) {
      for (let cols = 3; cols <= 12; cols += 3) {
        const cells = rows * cols;
        const board = minefieldBoard(SEED, 'grid', nonce++, { rows, cols, mines: cells - 1 });
        expect(board.positions).toHaveLength(cells - 1);
        expect(
          board.positions.every(
            (cell, i) =>
              cell >= 0 && cell < cells && (i === 0 || cell > (board.positions[i - 1] ?? -1)),
          ),
        ).toBe(true);
      }
    }
  });
});
