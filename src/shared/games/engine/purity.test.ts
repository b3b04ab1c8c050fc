// Property: every outcome is a function of (server seed, client seed, nonce, params) and nothing
// else (no clock, no hidden state, no Math.random), and each of those inputs matters.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coinFlip, type CoinSide } from '../casino/coinflip';
import { floats } from './fairness';
import { minefieldBoard } from '../minefield/rules';
import { roulette, type RouletteColour } from '../casino/roulette';
import { slots } from '../casino/slots';
import { spin } from '../spinner/rules';
import { seededRandom, seededServerSeeds } from './testing';

const random = seededRandom(101);
const SERVER_SEEDS = seededServerSeeds(102, 60);
const CLIENT_CHARS = ' !"#$%&()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~';

function clientSeed(): string {
  let seed = '';
  const length = 1 + random.below(64);
  for (let i = 0; i < length; i++) seed += CLIENT_CHARS[random.below(CLIENT_CHARS.length)];
  return seed;
}

interface Case {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const CASES: Case[] = SERVER_SEEDS.map((serverSeed) => ({
  serverSeed,
  clientSeed: clientSeed(),
  nonce: random.below(2) === 0 ? random.below(1000) : random.u32() * 2 ** 20 + random.u32(),
}));

/** One input changed, the others kept. */
const VARIANTS: [string, (c: Case) => Case][] = [
  [
    'server seed',
    (c) => ({ ...c, serverSeed: (c.serverSeed[0] === 'a' ? 'b' : 'a') + c.serverSeed.slice(1) }),
  ],
  [
    'client seed',
    (c) => ({
      ...c,
      clientSeed: c.clientSeed.length < 64 ? c.clientSeed + 'x' : 'y' + c.clientSeed.slice(1),
    }),
  ],
  ['nonce', (c) => ({ ...c, nonce: c.nonce + 1 })],
];

const choiceOf = <T>(options: readonly T[], i: number): T => options[i % options.length] as T;
const SPINNER = { rewardOptions: [5, 10, 20, 50, 100, 1000], weights: [40, 25, 15, 10, 7, 3] };

const GAMES: [string, (c: Case, i: number) => unknown][] = [
  [
    'coin flip',
    (c, i) =>
      coinFlip(c.serverSeed, c.clientSeed, c.nonce, {
        choice: choiceOf<CoinSide>(['heads', 'tails'], i),
        stake: 10,
      }),
  ],
  [
    'roulette',
    (c, i) =>
      roulette(c.serverSeed, c.clientSeed, c.nonce, {
        choice: choiceOf<RouletteColour>(['red', 'black', 'green'], i),
        stake: 10,
      }),
  ],
  ['slots', (c) => slots(c.serverSeed, c.clientSeed, c.nonce, { stake: 10, luck: 50 })],
  [
    'minefield',
    (c, i) =>
      minefieldBoard(c.serverSeed, c.clientSeed, c.nonce, {
        rows: 3 + (i % 10),
        cols: 12 - (i % 10),
        mines: 2 + (i % 20),
      }),
  ],
  ['spinner', (c) => spin(c.serverSeed, c.clientSeed, c.nonce, SPINNER)],
];

describe('outcomes are pure functions of seeds, nonce and params', () => {
  it('the stream: same inputs give the same floats, any one input changed gives different ones', () => {
    for (const c of CASES) {
      const base = floats(c.serverSeed, c.clientSeed, c.nonce, 16);
      expect(floats(c.serverSeed, c.clientSeed, c.nonce, 16)).toEqual(base);
      for (const [, vary] of VARIANTS) {
        const v = vary(c);
        const changed = floats(v.serverSeed, v.clientSeed, v.nonce, 16);
        // 16 floats of 32 bits: agreeing on even one by chance has odds 2^-28.
        changed.forEach((f, i) => expect(f).not.toBe(base[i]));
      }
    }
  });

  for (const [name, play] of GAMES) {
    it(`${name}: repeated and interleaved calls agree, and each input moves the outcome`, () => {
      const first = CASES.map((c, i) => play(c, i));
      // Interleave other rounds (other seeds, other games) to flush any hidden state.
      const again = CASES.map((c, i) => {
        for (const [, other] of GAMES) other(CASES[(i + 7) % CASES.length] ?? c, i + 1);
        return play(c, i);
      });
      expect(again).toEqual(first);
      expect(CASES.map((c, i) => play(c, i))).toEqual(first);
      for (const [input, vary] of VARIANTS) {
        const moved = CASES.filter(
          (c, i) => JSON.stringify(play(vary(c), i)) !== JSON.stringify(first[i]),
        ).length;
        // Even coin flip, the coarsest outcome, changes about half the time; none moving would mean the input is ignored.
        expect(moved, `${name} ignores the ${input}`).toBeGreaterThan(CASES.length / 5);
      }
    });
  }

  it('params matter where they should', () => {
    const c = CASES[0] ?? { serverSeed: '', clientSeed: '', nonce: 0 };
    const boards = [3, 4, 5, 6].map(
      (mines) =>
        minefieldBoard(c.serverSeed, c.clientSeed, c.nonce, { rows: 6, cols: 6, mines }).positions,
    );
    // Mine i is drawn by float i whatever the count, so more mines extend the same board.
    for (let i = 1; i < boards.length; i++)
      expect(boards[i]).toEqual(expect.arrayContaining(boards[i - 1] ?? []));
    let respun = 0;
    for (const k of CASES)
      if (slots(k.serverSeed, k.clientSeed, k.nonce, { stake: 1, luck: 50 }).respun) respun++;
    expect(respun).toBeGreaterThan(0);
    const stakes = [1, 7].map((stake) =>
      coinFlip(c.serverSeed, c.clientSeed, c.nonce, { choice: 'heads', stake }),
    );
    expect(stakes[1]?.payout).toBe(7 * (stakes[0]?.payout ?? NaN));
  });

  it('nothing in src/shared calls Math.random', () => {
    const shared = fileURLToPath(new URL('../..', import.meta.url));
    const files = readdirSync(shared, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    expect(files).toContain('games/engine/fairness.ts');
    const offenders = files.filter((file) =>
      /Math\.random\s*\(/.test(readFileSync(shared + file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
