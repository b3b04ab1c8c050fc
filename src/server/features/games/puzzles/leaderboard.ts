import { sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, type PuzzleRushLeaderboardEntry } from '../../../../shared/api/leaderboard';
import type { Queryable } from '../../../db/client';
import type { StatName } from '../../../platform/stats';

export interface PuzzleRushRow {
  id: number;
  username: string;
  profile_image: string | null;
  solves: number;
}

const puzzleStat: StatName = 'puzzle_wins';

/** The Puzzle Rush table: active players by puzzles solved, ever (the puzzle_wins counter). */
export function topPuzzleSolvers(q: Queryable): Promise<PuzzleRushRow[]> {
  return q.rows<PuzzleRushRow>(sql`
    select u.id, u.username, u.profile_image, s.value::bigint as solves
    from user_stats s join users u on u.id = s.user_id
    where s.stat = ${puzzleStat} and s.value > 0 and u.status = 'active'
    order by s.value desc, u.id limit ${LEADERBOARD_SIZE}`);
}

export const presentPuzzleSolver = (r: PuzzleRushRow): PuzzleRushLeaderboardEntry => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  wins: Number(r.solves),
  solves: Number(r.solves),
});

/** The Puzzle Rush table of GET /api/leaderboard/games. */
export async function puzzleLeaderboard(q: Queryable): Promise<PuzzleRushLeaderboardEntry[]> {
  return (await topPuzzleSolvers(q)).map(presentPuzzleSolver);
}
