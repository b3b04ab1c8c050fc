import { readdirSync, readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  checkAnswer,
  dailySeed,
  type DailyPuzzle,
  generateDailyPuzzles,
  generateLogicGrid,
  generateMatch3,
  generateMemory,
  generateQueens,
  generateSliding,
  PUZZLE_TYPES,
  publicPuzzle,
} from './index';
import { correctAnswer, TEST_DATES, TEST_SECRET, testSeed } from './testing';

const DAYS = 60;
const days = TEST_DATES.slice(0, DAYS).map((date) => generateDailyPuzzles(testSeed(date), date));
const [today] = days as [DailyPuzzle[]];
const byType = <T extends DailyPuzzle['type']>(day: DailyPuzzle[], type: T) =>
  day.find((p) => p.type === type) as Extract<DailyPuzzle, { type: T }>;

describe('daily puzzles', () => {
  it('makes the five puzzles of a day, in page order, named by date and type', () => {
    expect(PUZZLE_TYPES).toEqual(['sliding', 'memory', 'match-3', 'logic-grid', 'n-queens']);
    days.forEach((day, i) => {
      expect(day.map((p) => p.type)).toEqual(PUZZLE_TYPES);
      expect(day.map((p) => p.id)).toEqual(PUZZLE_TYPES.map((type) => `${TEST_DATES[i]}:${type}`));
    });
  });

  it('is the per-type generators put together', () => {
    const date = TEST_DATES[0] as string;
    const seed = testSeed(date);
    expect(today).toEqual([
      generateSliding(seed, date),
      generateMemory(seed, date),
      generateMatch3(seed, date),
      generateLogicGrid(seed, date),
      generateQueens(seed, date),
    ]);
  });

  it('is a pure function of the seed: the date only names the puzzles', () => {
    const date = TEST_DATES[0] as string;
    expect(generateDailyPuzzles(testSeed(date), date)).toEqual(today);
    const renamed = generateDailyPuzzles(testSeed(date), '2099-12-31');
    expect(renamed.map(({ id: _id, ...rest }) => rest)).toEqual(
      today.map(({ id: _id, ...rest }) => rest),
    );
  });

  it('stays the same across versions unless generation is meant to change', () => {
    // Changing any generator changes every day's puzzles, including the one being played
    // when the new version is deployed; update this only on purpose.
    const fingerprint = bytesToHex(sha256(utf8ToBytes(JSON.stringify(today))));
    expect(fingerprint).toBe('cab978f1dd92025c5ca81b353f8d076f6fd2c3f1fa78a52d14033a0aa42c1883');
  });

  it('gives different puzzles on different dates and under different server secrets', () => {
    for (const type of PUZZLE_TYPES) {
      const distinct = new Set(days.map((day) => JSON.stringify({ ...byType(day, type), id: '' })));
      expect(distinct.size).toBe(DAYS);
    }
    const date = TEST_DATES[0] as string;
    const otherSecret = generateDailyPuzzles(dailySeed(`${TEST_SECRET}!`, date), date);
    otherSecret.forEach((puzzle, i) => expect(puzzle).not.toEqual(today[i]));
    // The date itself as the seed (what a client could compute) gives other puzzles too.
    generateDailyPuzzles(date, date).forEach((puzzle, i) => expect(puzzle).not.toEqual(today[i]));
  });

  it('shows the browser only the question', () => {
    for (const puzzle of today) {
      const shown = publicPuzzle(puzzle);
      expect(shown).toEqual({ id: puzzle.id, type: puzzle.type, question: puzzle.question });
      expect(Object.keys(shown)).not.toContain('secret');
    }
    const shownMemory = JSON.stringify(publicPuzzle(byType(today, 'memory')));
    for (const face of byType(today, 'memory').secret.faces)
      expect(shownMemory).not.toContain(face);
  });

  it('checks a correct answer of each type', () => {
    for (const day of days.slice(0, 3))
      for (const puzzle of day)
        expect(checkAnswer(puzzle, correctAnswer(puzzle))).toEqual({ ok: true });
  });

  it('refuses, with a reason and without throwing, any answer of the wrong shape or type', () => {
    const junk: unknown[] = [
      undefined,
      null,
      0,
      'solved',
      [],
      {},
      { board: null },
      { positions: {} },
      { count: 9, swaps: [[0, 1]] },
    ];
    const answers = new Map(today.map((p) => [p, correctAnswer(p)]));
    for (const puzzle of today) {
      for (const answer of [
        ...junk,
        ...today.filter((p) => p !== puzzle).map((p) => answers.get(p)),
      ]) {
        const result = checkAnswer(puzzle, answer);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
      }
    }
  });

  it('refuses a malformed date or an empty seed', () => {
    expect(() => generateDailyPuzzles('seed', '2025-1-1')).toThrow(RangeError);
    expect(() => generateDailyPuzzles('', '2025-01-01')).toThrow(RangeError);
  });

  it('uses neither Math.random nor Node-only APIs, so the same code runs in the browser', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const name of sources) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      expect(text, name).not.toMatch(/Math\.random|from 'node:|\bBuffer\b|\brequire\(/);
    }
  });
});
