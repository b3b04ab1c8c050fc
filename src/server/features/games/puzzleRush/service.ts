import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GameLeaderboardDto } from '../../../../shared/games/index';
import type {
  MemoryFlipResponse,
  PuzzleRushDto,
  PuzzleSubmitResponse,
} from '../../../../shared/games/puzzleRush/contract';
import { PUZZLE_RUSH_REWARD } from '../../../../shared/games/engine/catalog';
import {
  checkAnswer,
  dailySeed,
  faceAt,
  generateDailyPuzzles,
  type DailyPuzzle,
} from '../../../../shared/games/puzzleRush/puzzles';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { badRequest, conflict } from '../../../platform/errors';
import { bumpStat, readStats } from '../../../platform/stats';
import { applyRewardMultiplier } from '../../items/public';
import { moveForRound } from '../engine/public';
import { claimFlip, claimSubmit } from './attempts';
import { presentFlip, presentPuzzleSolver, presentSolve, presentToday } from './presenter';
import { hasSolved, solvedTypesOn, topPuzzleSolvers } from './queries';
import { puzzleTypes } from './tables';

export const utcDate = (now: Date): string => now.toISOString().slice(0, 10);

/** Generation is a pure function of (seed, date) and takes ~20 ms: keep the last few days. */
const built = new Map<string, DailyPuzzle[]>();
const KEEP_DAYS = 3;

async function seedOf(q: Queryable, date: string): Promise<string> {
  await q.rows(
    sql`insert into puzzle_rush_days (date, seed) values (${date}, ${randomBytes(32).toString('hex')}) on conflict (date) do nothing`,
  );
  const [row] = await q.rows<{ seed: string }>(
    sql`select seed from puzzle_rush_days where date = ${date}`,
  );
  if (!row) throw new Error(`puzzle_rush_days: no seed for ${date} after insert`);
  return row.seed;
}

/**
 * The day's five puzzles with their secrets. Server only; tests use it as the seed hook to
 * learn the solutions the way the server does, never from what a browser is sent.
 */
export async function dailyPuzzles(deps: Pick<Deps, 'db'>, date: string): Promise<DailyPuzzle[]> {
  const seed = await seedOf(deps.db, date);
  const key = `${seed}:${date}`;
  let puzzles = built.get(key);
  if (!puzzles) {
    puzzles = generateDailyPuzzles(dailySeed(seed, date), date);
    built.set(key, puzzles);
    while (built.size > KEEP_DAYS) built.delete(built.keys().next().value as string);
  }
  return puzzles;
}

export async function today(deps: Deps, userId: number): Promise<PuzzleRushDto> {
  const now = deps.clock.now();
  const date = utcDate(now);
  const [puzzles, solvedTypes, stats] = await Promise.all([
    dailyPuzzles(deps, date),
    solvedTypesOn(deps.db, userId, date),
    readStats(deps.db, userId),
  ]);
  return presentToday(date, puzzles, solvedTypes, stats.puzzleWins);
}

/** Today's puzzle named by `puzzleId`; yesterday's or an unknown one is refused by name. */
async function todaysPuzzle(
  deps: Deps,
  puzzleId: string,
): Promise<{ date: string; puzzle: DailyPuzzle }> {
  const date = utcDate(deps.clock.now());
  const [idDate, type] = [puzzleId.slice(0, 10), puzzleId.slice(11)];
  if (!(puzzleTypes as readonly string[]).includes(type)) {
    throw badRequest(`puzzleId names no puzzle type: ${type} (one of ${puzzleTypes.join(', ')})`);
  }
  if (idDate !== date)
    throw conflict(
      `That puzzle was for ${idDate}; today's puzzles (${date}) are new. Reload the page.`,
    );
  const puzzle = (await dailyPuzzles(deps, date)).find((p) => p.id === puzzleId);
  if (!puzzle) throw new Error(`no ${type} puzzle on ${date}`);
  return { date, puzzle };
}

/**
 * Checks the answer, then pays in one transaction: the solve row (its unique key lets only
 * the first of any number of racing submits in), the reward against it, the puzzleWins counter.
 */
export async function submit(
  deps: Deps,
  userId: number,
  puzzleId: string,
  answer: unknown,
): Promise<PuzzleSubmitResponse> {
  const { date, puzzle } = await todaysPuzzle(deps, puzzleId);
  const alreadySolved = () =>
    conflict('You have solved this puzzle already today. New puzzles come at midnight UTC.');
  if (await hasSolved(deps.db, userId, date, puzzle.type)) throw alreadySolved();
  const verdict = checkAnswer(puzzle, answer);
  const now = deps.clock.now();
  // The verdict is computed first but told only to a submit the lock lets through.
  await claimSubmit(deps.db, userId, date, puzzle.type, !verdict.ok, now.getTime());
  if (!verdict.ok) throw badRequest(`Incorrect: ${verdict.reason}`);
  return deps.db.tx(async (tx) => {
    const boost = await applyRewardMultiplier(tx, userId, PUZZLE_RUSH_REWARD, now);
    const reward = PUZZLE_RUSH_REWARD + boost.extra;
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into puzzle_rush_solves (user_id, date, puzzle_type, reward) values (${userId}, ${date}, ${puzzle.type}, ${reward})
      on conflict (user_id, date, puzzle_type) do nothing
      returning id`);
    if (!row) throw alreadySolved();
    const balance = await moveForRound(tx, userId, row.id, reward, 'puzzle_reward', 'puzzle');
    await bumpStat(tx, userId, 'puzzle_wins');
    const stats = await readStats(tx, userId);
    return presentSolve(puzzleId, reward, stats.puzzleWins, balance);
  });
}

/** One card of today's memory board: the faces leave the server a card at a time, at a human's pace (attempts.ts). */
export async function flip(
  deps: Deps,
  userId: number,
  puzzleId: string,
  index: number,
): Promise<MemoryFlipResponse> {
  const { date, puzzle } = await todaysPuzzle(deps, puzzleId);
  if (puzzle.type !== 'memory') throw badRequest('puzzleId must be a memory puzzle');
  const face = faceAt(puzzle, index);
  if (face === null) throw badRequest(`index must be 0 to ${puzzle.secret.faces.length - 1}`);
  await claimFlip(deps.db, userId, date, deps.clock.now().getTime());
  return presentFlip(index, face);
}

/** The Puzzle Rush table of GET /api/games/leaderboard. */
export async function puzzleLeaderboard(q: Queryable): Promise<GameLeaderboardDto['puzzleRush']> {
  return (await topPuzzleSolvers(q)).map(presentPuzzleSolver);
}
