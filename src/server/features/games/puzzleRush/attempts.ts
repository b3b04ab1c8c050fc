import { sql } from 'drizzle-orm';
import { MEMORY_CARDS } from '../../../../shared/games/puzzleRush/puzzles';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../platform/errors';

/*
 * The pace of Puzzle Rush, kept by the server (the page keeps the same pace, so a player never
 * meets these refusals): a puzzle locks for 2 s after an invalid submit, and memory cards turn at
 * a human's pace, a bounded number of times a day. Without them a script tried hundreds of
 * logic-grid answers a second and read the whole memory board at once.
 */

/** Spec (games section 4, Puzzle Rush): after an invalid submit the puzzle locks for 2 s. */
export const PUZZLE_LOCK_MS = 2_000;
/** Cards a player may turn on today's memory board: eight times each pair's two cards. */
export const MEMORY_FLIPS_PER_DAY = (MEMORY_CARDS / 2) * 8;
/** Turns allowed at once, then one more each interval (about a pair a quarter second). */
export const MEMORY_FLIP_BURST = 8;
export const MEMORY_FLIP_INTERVAL_MS = 125;

const tooSoon = (message: string) => new AppError(429, 'RATE_LIMITED', message);
const seconds = (ms: number) => `${(Math.max(ms, 100) / 1000).toFixed(1)} s`;
const iso = (ms: number) => new Date(ms).toISOString();

/** Only today's rows are kept. */
const pruneOlder = (q: Queryable, userId: number, date: string) =>
  q.rows(sql`delete from puzzle_rush_attempts where user_id = ${userId} and date <> ${date}`);

/**
 * Takes the right to have one answer checked, or refuses with 429 while the puzzle is locked. A
 * wrong answer (`wrong`) locks it for PUZZLE_LOCK_MS from now by the same conditional upsert, so
 * of any number of racing submits only those before the first wrong one are checked; a right one
 * takes the right without locking, so racing right answers still meet the solve's own guard.
 */
export async function claimSubmit(
  q: Queryable,
  userId: number,
  date: string,
  type: string,
  wrong: boolean,
  nowMs: number,
): Promise<void> {
  await pruneOlder(q, userId, date);
  const [claimed] = await q.rows<{ ok: number }>(sql`
    insert into puzzle_rush_attempts (user_id, date, puzzle_type, locked_until) values (${userId}, ${date}, ${type}, ${wrong ? iso(nowMs + PUZZLE_LOCK_MS) : null})
    on conflict (user_id, date, puzzle_type) do update set locked_until = ${wrong ? sql`excluded.locked_until` : sql`puzzle_rush_attempts.locked_until`}
    where puzzle_rush_attempts.locked_until is null or puzzle_rush_attempts.locked_until <= ${iso(nowMs)}
    returning 1 as ok`);
  if (claimed) return;
  const [row] = await q.rows<{ locked_until: Date | string }>(sql`
    select locked_until from puzzle_rush_attempts where user_id = ${userId} and date = ${date} and puzzle_type = ${type}`);
  const left = row ? new Date(row.locked_until).getTime() - nowMs : PUZZLE_LOCK_MS;
  throw tooSoon(
    `This puzzle is locked for ${PUZZLE_LOCK_MS / 1000} s after a wrong answer; try again in ${seconds(left)}`,
  );
}

/** Counts one turned memory card, or refuses with 429 past the day's turns or the pace. */
export async function claimFlip(
  q: Queryable,
  userId: number,
  date: string,
  nowMs: number,
): Promise<void> {
  await pruneOlder(q, userId, date);
  const [claimed] = await q.rows<{ flips: number }>(sql`
    insert into puzzle_rush_attempts (user_id, date, puzzle_type, flips, first_flip_at) values (${userId}, ${date}, 'memory', 1, ${iso(nowMs)})
    on conflict (user_id, date, puzzle_type) do update set flips = puzzle_rush_attempts.flips + 1,
      first_flip_at = coalesce(puzzle_rush_attempts.first_flip_at, excluded.first_flip_at)
    where puzzle_rush_attempts.flips < ${MEMORY_FLIPS_PER_DAY}
      and (puzzle_rush_attempts.first_flip_at is null
        or puzzle_rush_attempts.flips < ${MEMORY_FLIP_BURST} + floor(extract(epoch from (${iso(nowMs)}::timestamptz - puzzle_rush_attempts.first_flip_at)) * 1000 / ${MEMORY_FLIP_INTERVAL_MS}))
    returning flips`);
  if (claimed) return;
  const [row] = await q.rows<{ flips: number; first_flip_at: Date | string }>(sql`
    select flips, first_flip_at from puzzle_rush_attempts where user_id = ${userId} and date = ${date} and puzzle_type = 'memory'`);
  const flips = Number(row?.flips ?? 0);
  if (flips >= MEMORY_FLIPS_PER_DAY) {
    throw tooSoon(
      `You have turned ${MEMORY_FLIPS_PER_DAY} memory cards today, the most a day; submit the board from memory or come back tomorrow (UTC)`,
    );
  }
  const nextAt =
    new Date(row!.first_flip_at).getTime() +
    (flips - MEMORY_FLIP_BURST + 1) * MEMORY_FLIP_INTERVAL_MS;
  throw tooSoon(
    `Cards are turning faster than anyone plays; try again in ${seconds(nextAt - nowMs)}`,
  );
}
