import {
  MATCH3_SIZE,
  MATCH3_SYMBOLS,
  type Match3State,
} from '../../../../shared/games/puzzleRush/puzzles';

/**
 * Puzzle Rush's browser storage (games spec section 4): the ids solved today under a key of
 * the UTC date, and match-3 progress per puzzle id. Every key carries the date, so a new day
 * starts clean: pruneOtherDays drops what earlier days left behind.
 */
const PREFIX = 'puzzle-rush:';
const solvedKey = (date: string) => `${PREFIX}solved:${date}`;
const match3Key = (puzzleId: string) => `${PREFIX}match3:${puzzleId}`;

/** The part of Storage used here, so tests can pass a plain map. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export interface Match3Progress {
  state: Match3State;
  swaps: Array<[number, number]>;
}

/** Local storage, or null where it cannot be used (private mode, blocked cookies). */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(store: KeyValueStore, key: string): unknown {
  try {
    const raw = store.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(store: KeyValueStore, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage only loses the local copy; the server still has the solves.
  }
}

/** Removes every Puzzle Rush key that does not belong to `date` (YYYY-MM-DD). */
export function pruneOtherDays(store: KeyValueStore, date: string): void {
  const stale: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX) && !key.includes(date)) stale.push(key);
  }
  for (const key of stale) store.removeItem(key);
}

export function readSolved(store: KeyValueStore, date: string): string[] {
  const value = readJson(store, solvedKey(date));
  return Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string' && id.startsWith(`${date}:`))
    : [];
}

export function writeSolved(store: KeyValueStore, date: string, ids: readonly string[]): void {
  write(store, solvedKey(date), [...new Set(ids)]);
}

const isCell = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < MATCH3_SIZE * MATCH3_SIZE;

/** Saved progress, or null when there is none or it is not the shape this page writes. */
export function readMatch3(store: KeyValueStore, puzzleId: string): Match3Progress | null {
  const value = readJson(store, match3Key(puzzleId));
  if (typeof value !== 'object' || value === null) return null;
  const { state, swaps } = value as Partial<Match3Progress>;
  if (
    !state ||
    !Array.isArray(swaps) ||
    !swaps.every((s) => Array.isArray(s) && s.length === 2 && s.every(isCell))
  )
    return null;
  const { grid, refillSeed, moves, matches } = state;
  const gridOk =
    Array.isArray(grid) &&
    grid.length === MATCH3_SIZE * MATCH3_SIZE &&
    grid.every((s) => Number.isInteger(s) && s >= 0 && s < MATCH3_SYMBOLS);
  if (
    !gridOk ||
    typeof refillSeed !== 'string' ||
    moves !== swaps.length ||
    !Number.isInteger(matches)
  )
    return null;
  return { state: { grid, refillSeed, moves, matches }, swaps };
}

export function writeMatch3(
  store: KeyValueStore,
  puzzleId: string,
  progress: Match3Progress,
): void {
  write(store, match3Key(puzzleId), progress);
}

export function clearMatch3(store: KeyValueStore, puzzleId: string): void {
  store.removeItem(match3Key(puzzleId));
}
