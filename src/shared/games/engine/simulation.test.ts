// Plays 200,000 real rounds per game through the functions that pay, on server seeds from a
// seeded generator (a new seed every 1,000 nonces, nonces 0..999), and checks the measured return
// against the published one. The tolerance is 5 standard errors, 5 x sigma / sqrt(n), with sigma
// the exact standard deviation of one round's return; a correct engine lands outside it with odds
// of about 1 in 1.7 million, and the run is reproducible, so it cannot flake.
import { describe, expect, it } from 'vitest';
import { coinFlip, coinFlipRtp, type CoinSide } from '../casino/coinflip';
import {
  minefieldBoard,
  minefieldPayout,
  minefieldRtpForStake,
  minefieldSurvival,
  minesPlaced,
  MINEFIELD_RTP,
} from '../minefield/rules';
import { add, mul, rational, sub, toNumber, ZERO, type Rational } from './rational';
import {
  roulette,
  ROULETTE_MULTIPLIERS,
  rouletteRtp,
  rouletteWinProbability,
  type RouletteColour,
} from '../casino/roulette';
import {
  slots,
  slotsHitRate,
  slotsPayTable,
  slotsRespinProbability,
  slotsRtp,
  slotsRtpWithLuck,
} from '../casino/slots';
import { sliceProbability, spin, spinnerExpectedValue, type SpinnerTable } from '../spinner/rules';
import { seededRandom, seededServerSeeds } from './testing';

const ROUNDS = 200_000;
const NONCES_PER_SEED = 1000;
const STANDARD_ERRORS = 5;

/** The exact standard deviation of a return that is x with probability p (the rest 0). */
function sigma(outcomes: readonly { p: Rational; x: Rational }[]): number {
  let mean = ZERO;
  let square = ZERO;
  for (const { p, x } of outcomes) {
    mean = add(mean, mul(p, x));
    square = add(square, mul(p, mul(x, x)));
  }
  return Math.sqrt(toNumber(sub(square, mul(mean, mean))));
}

interface Measured {
  measured: number;
  published: number;
  tolerance: number;
}

/**
 * Runs `rounds` rounds, each returning coins paid per coin staked, and compares the mean with the
 * published value. Rounds go seed by seed, nonces 0..999 on each.
 */
function simulate(
  label: string,
  seed: number,
  rounds: number,
  published: Rational,
  sd: number,
  play: (serverSeed: string, nonce: number) => number,
): Measured {
  const seeds = seededServerSeeds(seed, Math.ceil(rounds / NONCES_PER_SEED));
  let returned = 0;
  for (let i = 0; i < rounds; i++) {
    returned += play(seeds[Math.floor(i / NONCES_PER_SEED)] ?? '', i % NONCES_PER_SEED);
  }
  const result = {
    measured: returned / rounds,
    published: toNumber(published),
    tolerance: (STANDARD_ERRORS * sd) / Math.sqrt(rounds),
  };
  if (process.env.SIMULATION_REPORT) console.log(label, JSON.stringify(result));
  return result;
}

function expectWithin({ measured, published, tolerance }: Measured): void {
  expect(Math.abs(measured - published)).toBeLessThan(tolerance);
}

/** '(sigma 2.17, tolerance +-2.43%)' for a test name, from the exact sigma. */
const band = (sd: number, rounds = ROUNDS): string =>
  `(sigma ${sd.toFixed(2)}, tolerance +-${((100 * STANDARD_ERRORS * sd) / Math.sqrt(rounds)).toFixed(2)}%)`;

describe(`simulation: ${ROUNDS.toLocaleString('en-US')} rounds per game within ${STANDARD_ERRORS} standard errors`, () => {
  const coinSd = sigma([{ p: rational(1, 2), x: rational(2) }]);
  it(`coin flip returns 100% ${band(coinSd)}`, () => {
    const random = seededRandom(1);
    const sides: CoinSide[] = ['heads', 'tails'];
    expectWithin(
      simulate(
        'coin flip',
        1001,
        ROUNDS,
        coinFlipRtp(),
        coinSd,
        (serverSeed, nonce) =>
          coinFlip(serverSeed, 'sim-coin', nonce, {
            choice: sides[random.below(2)] ?? 'heads',
            stake: 1,
          }).payout,
      ),
    );
  });

  const colours: RouletteColour[] = ['red', 'black', 'green'];
  const rouletteSd = sigma(
    colours.map((c) => ({
      p: mul(rational(1, 3), rouletteWinProbability(c)),
      x: rational(ROULETTE_MULTIPLIERS[c]),
    })),
  );
  it(`roulette returns 14/15 over bets spread evenly on red, black and green ${band(rouletteSd)}`, () => {
    const random = seededRandom(2);
    expectWithin(
      simulate(
        'roulette',
        1002,
        ROUNDS,
        rouletteRtp('red'),
        rouletteSd,
        (serverSeed, nonce) =>
          roulette(serverSeed, 'sim-wheel', nonce, {
            choice: colours[random.below(3)] ?? 'red',
            stake: 1,
          }).payout,
      ),
    );
  });

  const slotsOutcomes = slotsPayTable().map((line) => ({
    p: line.probability,
    x: rational(line.multiplier),
  }));
  const slotsSd = sigma(slotsOutcomes);
  it(`slots return 8912/9261 = 96.23% ${band(slotsSd)}`, () => {
    expectWithin(
      simulate(
        'slots',
        1003,
        ROUNDS,
        slotsRtp(),
        slotsSd,
        (serverSeed, nonce) => slots(serverSeed, 'sim-reels', nonce, { stake: 1 }).payout,
      ),
    );
  });

  // A win on the first spin, or a loss, a re-spin (chance 1/2) and a win on the second.
  const again = mul(sub(rational(1), slotsHitRate()), slotsRespinProbability(50));
  const luckSd = sigma(slotsOutcomes.flatMap((o) => [o, { p: mul(again, o.p), x: o.x }]));
  it(`slots with +50% luck return RTP(50) = 130.08% ${band(luckSd)}`, () => {
    expectWithin(
      simulate(
        'slots luck 50',
        1004,
        ROUNDS,
        slotsRtpWithLuck(50),
        luckSd,
        (serverSeed, nonce) => slots(serverSeed, 'sim-reels', nonce, { stake: 1, luck: 50 }).payout,
      ),
    );
  });

  /** Clicks k distinct random cells and cashes out if none is a mine: returns payout / stake. */
  function minefieldStrategy(
    seed: number,
    params: { rows: number; cols: number; mines: number; mineReduction?: number },
    k: number,
    stake: number,
  ) {
    const cells = params.rows * params.cols;
    const placed = minesPlaced(params.mines, params.mineReduction);
    const payout = minefieldPayout(stake, cells, placed, k);
    const published = minefieldRtpForStake(stake, cells, placed, k);
    const sd = sigma([{ p: minefieldSurvival(cells, placed, k), x: rational(payout, stake) }]);
    const play = (): ((serverSeed: string, nonce: number) => number) => {
      const random = seededRandom(seed);
      const mine = new Uint8Array(cells);
      const order = Array.from({ length: cells }, (_, i) => i);
      return (serverSeed, nonce) => {
        const board = minefieldBoard(serverSeed, 'sim-mines', nonce, params);
        mine.fill(0);
        for (const cell of board.positions) mine[cell] = 1;
        for (let i = 0; i < k; i++) {
          const j = i + random.below(cells - i);
          const cell = order[j] ?? 0;
          order[j] = order[i] ?? 0;
          order[i] = cell;
          if (mine[cell]) return 0;
        }
        return payout / stake;
      };
    };
    return { sd, published, play };
  }

  const small = minefieldStrategy(5, { rows: 5, cols: 5, mines: 3 }, 3, 10_000);
  it(`minefield 5x5, 3 mines, cash out after 3 random reveals returns 99% ${band(small.sd)}`, () => {
    // Flooring to whole coins costs under a coin per win: at this stake the return is 99% to 1e-4.
    expect(Math.abs(toNumber(sub(small.published, MINEFIELD_RTP)))).toBeLessThan(1e-4);
    expectWithin(
      simulate('minefield 5x5 m3 k3', 1005, ROUNDS, small.published, small.sd, small.play()),
    );
  });

  const reduced = minefieldStrategy(
    6,
    { rows: 8, cols: 8, mines: 10, mineReduction: 2 },
    6,
    10_000,
  );
  it(`minefield 8x8, 10 mines less 2 by mine reduction, cash out after 6 random reveals returns 99% ${band(reduced.sd)}`, () => {
    expect(Math.abs(toNumber(sub(reduced.published, MINEFIELD_RTP)))).toBeLessThan(1e-4);
    expectWithin(
      simulate(
        'minefield 8x8 m10-2 k6',
        1006,
        ROUNDS,
        reduced.published,
        reduced.sd,
        reduced.play(),
      ),
    );
  });

  const wheels: SpinnerTable[] = [
    { rewardOptions: [5, 10, 25, 50, 100], weights: [40, 30, 15, 10, 5] },
    { rewardOptions: [25, 50, 100, 250, 1000], weights: [35, 30, 20, 10, 5] },
    { rewardOptions: [50, 100, 250, 500, 2500], weights: [40, 25, 20, 10, 5] },
    { rewardOptions: [250, 500, 1000, 5000, 25_000], weights: [500, 300, 150, 45, 5] },
  ];
  const spins = ROUNDS / wheels.length;
  const wheelSds = wheels.map((wheel) =>
    sigma(
      wheel.rewardOptions.map((reward, i) => ({
        p: sliceProbability(wheel, i),
        x: rational(reward),
      })),
    ),
  );
  it(`spinners pay their expected reward, ${spins.toLocaleString('en-US')} spins on each of 4 wheels (tolerance 5 sigma / sqrt(${spins}) each)`, () => {
    wheels.forEach((wheel, w) => {
      const sd = wheelSds[w] ?? NaN;
      expectWithin(
        simulate(
          `spinner ${w}`,
          1007 + w,
          spins,
          spinnerExpectedValue(wheel),
          sd,
          (serverSeed, nonce) => spin(serverSeed, `sim-wheel-${w}`, nonce, wheel).reward,
        ),
      );
    });
  });
});
