import { sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE } from '../../../../shared/api/leaderboard';
import type { PuzzleType } from '../../../../shared/games/puzzleRush/puzzles';
import type { Queryable } from '../../../db/client';
import { statRows, type StatName } from '../../../platform/stats';
import type { PuzzleRushRow } from './presenter';
import { accountsSql } from '../../accounts/public';

/** The puzzle types the user solved on `date`. */
export async function solvedTypesOn(
  q: Queryable,
  userId: number,
  date: string,
): Promise<Set<PuzzleType>> {
  const rows = await q.rows<{ puzzle_type: PuzzleType }>(
    sql`select puzzle_type from puzzle_rush_solves where user_id = ${userId} and date = ${date}`,
  );
  return new Set(rows.map((r) => r.puzzle_type));
}

/** Whether the user already solved that day's puzzle of this type; the solve's unique key is what settles races. */
export async function hasSolved(
  q: Queryable,
  userId: number,
  date: string,
  type: PuzzleType,
): Promise<boolean> {
  const [solved] = await q.rows<{ id: number }>(
    sql`select id from puzzle_rush_solves where user_id = ${userId} and date = ${date} and puzzle_type = ${type}`,
  );
  return solved !== undefined;
}

const puzzleStat: StatName = 'puzzle_wins';

/** The Puzzle Rush table: active players (admins aside) by puzzles solved, ever (the puzzle_wins counter). */
export function topPuzzleSolvers(q: Queryable): Promise<PuzzleRushRow[]> {
  return q.rows<PuzzleRushRow>(sql`
    select u.id, u.username, u.profile_image, s.value::bigint as solves
    from ${statRows(puzzleStat)} s join ${accountsSql.users} u on u.id = s.user_id
    where s.value > 0 and u.status = 'active' and u.role = 'user'
    order by s.value desc, u.id limit ${LEADERBOARD_SIZE}`);
}
