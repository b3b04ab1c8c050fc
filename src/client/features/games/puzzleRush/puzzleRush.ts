// Pure rules behind the Puzzle Rush page, kept out of the components so they are unit-tested.
import {
  applySwap,
  initialMatch3State,
  SLIDING_SIZE,
  type LogicGridAnswer,
  type Match3Question,
  type PuzzleType,
} from '../../../../shared/games/puzzleRush/puzzles';
import { ApiError } from '../../../lib/api';
import type { Match3Progress } from './puzzleRushStorage';

/** Spec section 4: after an invalid answer the puzzle locks for 2 s. */
export const INVALID_LOCKOUT_MS = 2000;

export interface Failure {
  /** The toast and the tile's status line. */
  status: string;
  /** The server's reason, when the status does not already say it. */
  detail: string | null;
}

/**
 * Words for a refused answer (spec section 8): the server's message, with 'Incorrect' when it
 * sent none; queens say '❌ Not valid.' for a refused answer and '❌ Server error' when the
 * server failed or could not be reached.
 */
export function failureText(type: PuzzleType, error: unknown): Failure {
  const server = error instanceof ApiError ? error.serverMessage : null;
  if (type === 'n-queens') {
    if (error instanceof ApiError && error.status === 400)
      return { status: '❌ Not valid.', detail: server };
    if (error instanceof ApiError && error.status < 500 && server)
      return { status: server, detail: null };
    return { status: '❌ Server error', detail: null };
  }
  return { status: server ?? 'Incorrect', detail: null };
}

/** The tile an arrow key slides: ArrowUp moves the tile below the gap up into it, and so on. */
export function slidingTileForKey(board: readonly number[], key: string): number | null {
  const n = SLIDING_SIZE;
  const gap = board.indexOf(0);
  const row = Math.floor(gap / n);
  const col = gap % n;
  const from =
    key === 'ArrowUp' && row < n - 1
      ? gap + n
      : key === 'ArrowDown' && row > 0
        ? gap - n
        : key === 'ArrowLeft' && col < n - 1
          ? gap + 1
          : key === 'ArrowRight' && col > 0
            ? gap - 1
            : null;
  return from === null ? null : (board[from] ?? null);
}

/** Every cell of every table picked (an unpicked cell is ''). */
export function isLogicComplete(
  answer: LogicGridAnswer,
  people: readonly string[],
  categories: readonly string[],
): boolean {
  return categories.every((c) => people.every((p) => (answer[c]?.[p] ?? '') !== ''));
}

/** Items picked for more than one person, per category. */
export function logicDuplicates(answer: LogicGridAnswer): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(answer).map(([category, table]) => {
      const picked = Object.values(table).filter((v) => v !== '');
      return [category, [...new Set(picked.filter((v, i) => picked.indexOf(v) !== i))]];
    }),
  );
}

/**
 * Saved match-3 progress when its swaps replay from the day's board to the saved state, as the
 * server will replay them; anything else (another day's board, edited storage) starts afresh.
 */
export function resumeMatch3(
  saved: Match3Progress | null,
  question: Match3Question,
): Match3Progress {
  const fresh: Match3Progress = { state: initialMatch3State(question), swaps: [] };
  if (!saved) return fresh;
  let state = fresh.state;
  for (const [a, b] of saved.swaps) {
    const result = applySwap(state, a, b);
    if (!result.ok) return fresh;
    state = result.state;
  }
  return JSON.stringify(state) === JSON.stringify(saved.state) ? saved : fresh;
}
