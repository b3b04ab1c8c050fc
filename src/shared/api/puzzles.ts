import { z } from 'zod';
import type { PublicPuzzle } from '../puzzles';
import { MEMORY_CARDS } from '../puzzles/memory';

/**
 * Daily Puzzle Rush (games spec sections 2, 4, 7). Puzzles come without their secrets; the
 * memory board's faces are fetched one card at a time with the flip call.
 */
export interface PuzzleRushDto {
  /** The UTC date the puzzles belong to (YYYY-MM-DD). */
  date: string;
  /** In the page's order: sliding, memory, match-3, logic-grid, n-queens. */
  puzzles: PublicPuzzle[];
  /** Puzzles you have solved, ever. */
  wins: number;
  /** Ids of today's puzzles you have solved. */
  solved: string[];
  /** Coins one solve pays before any reward-multiplier buff. */
  reward: number;
  /** When the next day's puzzles start (ISO), for the countdown. */
  nextReset: string;
}

/** `puzzleId` is `YYYY-MM-DD:type`; `answer` is checked by the puzzle's own checker. */
export const puzzleSubmitBody = z.strictObject({
  puzzleId: z.string({ error: 'puzzleId is required' }).regex(/^\d{4}-\d{2}-\d{2}:[a-z0-9-]+$/, 'puzzleId must look like 2026-01-31:sliding'),
  answer: z.unknown().refine((value) => value !== undefined && value !== null, 'answer is required'),
});

export interface PuzzleSubmitResponse {
  puzzleId: string;
  /** Coins paid, buffs included. */
  reward: number;
  /** Puzzles you have solved, ever, this one included. */
  wins: number;
  balance: number;
}

export const memoryFlipBody = z.strictObject({
  puzzleId: z.string({ error: 'puzzleId is required' }).regex(/^\d{4}-\d{2}-\d{2}:memory$/, 'puzzleId must be a memory puzzle'),
  index: z
    .number({ error: 'index must be a number' })
    .int('index must be an integer')
    .min(0, 'index must be at least 0')
    .max(MEMORY_CARDS - 1, `index must be at most ${MEMORY_CARDS - 1}`),
});

export interface MemoryFlipResponse {
  index: number;
  face: string;
}
