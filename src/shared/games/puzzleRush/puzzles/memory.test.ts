import { describe, expect, it } from 'vitest';
import {
  checkMemory,
  faceAt,
  generateMemory,
  MEMORY_CARDS,
  MEMORY_FACES,
  type MemoryPuzzle,
} from './memory';
import { TEST_DATES, testSeed } from './testing';

const puzzles = TEST_DATES.map((date) => generateMemory(testSeed(date), date));
const first = puzzles[0] as MemoryPuzzle;

describe('memory puzzle', () => {
  it('lays out exactly 8 pairs on 4 columns every day', () => {
    for (const { question, secret } of puzzles) {
      expect(question).toEqual({ columns: 4, rows: 4 });
      expect(secret.faces).toHaveLength(16);
      const counts = new Map<string, number>();
      for (const face of secret.faces) counts.set(face, (counts.get(face) ?? 0) + 1);
      expect(counts.size).toBe(8);
      expect([...counts.values()].every((n) => n === 2)).toBe(true);
      expect([...counts.keys()].every((face) => MEMORY_FACES.includes(face))).toBe(true);
    }
  });

  it('keeps the faces out of the question', () => {
    for (const { question, secret } of puzzles.slice(0, 20))
      for (const face of secret.faces) expect(JSON.stringify(question)).not.toContain(face);
  });

  it('reveals one card at a time, and nothing off the board', () => {
    first.secret.faces.forEach((face, i) => expect(faceAt(first, i)).toBe(face));
    for (const index of [-1, MEMORY_CARDS, 1.5, Number.NaN])
      expect(faceAt(first, index)).toBeNull();
  });

  it('accepts the board and refuses any other', () => {
    expect(checkMemory(first, { board: [...first.secret.faces] })).toEqual({ ok: true });
    const swapped = [...first.secret.faces];
    const other = swapped.findIndex((face) => face !== swapped[0]);
    [swapped[0], swapped[other]] = [swapped[other] as string, swapped[0] as string];
    expect(checkMemory(first, { board: swapped })).toEqual({
      ok: false,
      reason: 'The cards do not match the board',
    });
    for (const answer of [
      null,
      [],
      {},
      { board: 'x' },
      { board: first.secret.faces.slice(1) },
      first.secret.faces,
    ])
      expect(checkMemory(first, answer)).toMatchObject({ ok: false });
  });
});
