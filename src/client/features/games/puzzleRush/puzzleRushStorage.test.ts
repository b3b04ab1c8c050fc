import { describe, expect, it } from 'vitest';
import {
  clearMatch3,
  pruneOtherDays,
  readMatch3,
  readSolved,
  writeMatch3,
  writeSolved,
  type KeyValueStore,
} from './puzzleRushStorage';

/** Storage's behaviour over a Map, insertion-ordered like the browser's. */
function memoryStore(): KeyValueStore & { keys(): string[] } {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    keys: () => [...map.keys()],
  };
}

const state = {
  grid: Array.from({ length: 25 }, (_, i) => i % 7),
  refillSeed: 'seed',
  moves: 1,
  matches: 2,
};

describe('puzzle rush storage', () => {
  it('keeps solved ids per UTC day and forgets them when the day changes', () => {
    const store = memoryStore();
    writeSolved(store, '2026-11-21', [
      '2026-11-21:sliding',
      '2026-11-21:memory',
      '2026-11-21:sliding',
    ]);
    writeMatch3(store, '2026-11-21:match-3', { state, swaps: [[0, 1]] });
    store.setItem('token', 'kept');
    expect(readSolved(store, '2026-11-21')).toEqual(['2026-11-21:sliding', '2026-11-21:memory']);
    expect(readSolved(store, '2026-11-22')).toEqual([]);

    writeSolved(store, '2026-11-22', ['2026-11-22:n-queens']);
    pruneOtherDays(store, '2026-11-22');
    expect(store.keys().sort()).toEqual(['puzzle-rush:solved:2026-11-22', 'token']);
    expect(readSolved(store, '2026-11-21')).toEqual([]);
    expect(readMatch3(store, '2026-11-21:match-3')).toBeNull();
    expect(readSolved(store, '2026-11-22')).toEqual(['2026-11-22:n-queens']);
  });

  it('ignores what it did not write: broken JSON, ids of another day, malformed progress', () => {
    const store = memoryStore();
    store.setItem('puzzle-rush:solved:2026-11-22', '{not json');
    expect(readSolved(store, '2026-11-22')).toEqual([]);
    store.setItem(
      'puzzle-rush:solved:2026-11-22',
      JSON.stringify(['2026-11-21:sliding', 7, '2026-11-22:memory']),
    );
    expect(readSolved(store, '2026-11-22')).toEqual(['2026-11-22:memory']);

    const id = '2026-11-22:match-3';
    writeMatch3(store, id, { state, swaps: [[0, 1]] });
    expect(readMatch3(store, id)).toEqual({ state, swaps: [[0, 1]] });
    // The swap count must agree with the state's move count, cells must be on the board.
    writeMatch3(store, id, { state, swaps: [] });
    expect(readMatch3(store, id)).toBeNull();
    writeMatch3(store, id, { state, swaps: [[0, 25]] });
    expect(readMatch3(store, id)).toBeNull();
    writeMatch3(store, id, {
      state: { ...state, grid: [9, ...state.grid.slice(1)] },
      swaps: [[0, 1]],
    });
    expect(readMatch3(store, id)).toBeNull();
    writeMatch3(store, id, { state, swaps: [[0, 1]] });
    clearMatch3(store, id);
    expect(readMatch3(store, id)).toBeNull();
  });
});
