import { z } from 'zod';
import type { PublicPuzzle } from './puzzles';
import { MEMORY_CARDS } from './puzzles/memory';
import { defineRoutes } from '../../api/contract';

/**
 * Each puzzle type's question has its own shape (shared/games/puzzleRush/puzzles): the schema pins the envelope
 * and leaves the question an object, while the type keeps the union the pages switch on.
 */
const publicPuzzle = z.object({
  id: z.string(),
  type: z.enum(['sliding', 'memory', 'match-3', 'logic-grid', 'n-queens']),
  question: z.record(z.string(), z.unknown()),
}) as unknown as z.ZodType<PublicPuzzle>;

/**
 * Daily Puzzle Rush (games spec sections 2, 4, 7). Puzzles come without their secrets; the
 * memory board's faces are fetched one card at a time with the flip call.
 */
export const puzzleRushDto = z.object({
  /** The UTC date the puzzles belong to (YYYY-MM-DD). */
  date: z.string(),
  /** In the page's order: sliding, memory, match-3, logic-grid, n-queens. */
  puzzles: z.array(publicPuzzle),
  /** Puzzles you have solved, ever. */
  wins: z.number(),
  /** Ids of today's puzzles you have solved. */
  solved: z.array(z.string()),
  /** Coins one solve pays before any reward-multiplier buff. */
  reward: z.number(),
  /** When the next day's puzzles start (ISO), for the countdown. */
  nextReset: z.string(),
});
export type PuzzleRushDto = z.infer<typeof puzzleRushDto>;

/** `puzzleId` is `YYYY-MM-DD:type`; `answer` is checked by the puzzle's own checker. */
export const puzzleSubmitBody = z.strictObject({
  puzzleId: z
    .string({ error: 'puzzleId is required' })
    .regex(/^\d{4}-\d{2}-\d{2}:[a-z0-9-]+$/, 'puzzleId must look like 2026-01-31:sliding'),
  answer: z
    .unknown()
    .refine((value) => value !== undefined && value !== null, 'answer is required'),
});

export const puzzleSubmitResponse = z.object({
  puzzleId: z.string(),
  /** Coins paid, buffs included. */
  reward: z.number(),
  /** Puzzles you have solved, ever, this one included. */
  wins: z.number(),
  balance: z.number(),
});
export type PuzzleSubmitResponse = z.infer<typeof puzzleSubmitResponse>;

export const memoryFlipBody = z.strictObject({
  puzzleId: z
    .string({ error: 'puzzleId is required' })
    .regex(/^\d{4}-\d{2}-\d{2}:memory$/, 'puzzleId must be a memory puzzle'),
  index: z
    .number({ error: 'index must be a number' })
    .int('index must be an integer')
    .min(0, 'index must be at least 0')
    .max(MEMORY_CARDS - 1, `index must be at most ${MEMORY_CARDS - 1}`),
});

export const memoryFlipResponse = z.object({ index: z.number(), face: z.string() });
export type MemoryFlipResponse = z.infer<typeof memoryFlipResponse>;

export const puzzleRushRoutes = defineRoutes({
  'GET /api/games/puzzle-rush': {
    auth: 'user',
    summary: "Today's five puzzles (questions only), your solves today and in all",
    reply: puzzleRushDto,
  },
  'POST /api/games/puzzle-rush': {
    auth: 'user',
    idempotent: true,
    summary: "Submit an answer to one of today's puzzles: pays once per puzzle per day (409 after)",
    body: puzzleSubmitBody,
    reply: puzzleSubmitResponse,
  },
  'POST /api/games/puzzle-rush/flip': {
    auth: 'user',
    summary: "Turn one card of today's memory puzzle",
    body: memoryFlipBody,
    reply: memoryFlipResponse,
  },
});
