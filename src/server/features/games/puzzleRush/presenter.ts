import type { GameLeaderboardDto } from '../../../../shared/games/index';
import type {
  MemoryFlipResponse,
  PuzzleRushDto,
  PuzzleSubmitResponse,
} from '../../../../shared/games/puzzleRush/contract';
import { PUZZLE_RUSH_REWARD } from '../../../../shared/games/engine/catalog';
import {
  publicPuzzle,
  type DailyPuzzle,
  type PuzzleType,
} from '../../../../shared/games/puzzleRush/puzzles';

const DAY_MS = 86_400_000;

/** The day's puzzles without their secrets, and which of them the user solved. */
export const presentToday = (
  date: string,
  puzzles: DailyPuzzle[],
  solvedTypes: Set<PuzzleType>,
  wins: number,
): PuzzleRushDto => ({
  date,
  puzzles: puzzles.map(publicPuzzle),
  wins,
  solved: puzzles.filter((p) => solvedTypes.has(p.type)).map((p) => p.id),
  reward: PUZZLE_RUSH_REWARD,
  nextReset: new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString(),
});

export const presentSolve = (
  puzzleId: string,
  reward: number,
  wins: number,
  balance: number,
): PuzzleSubmitResponse => ({ puzzleId, reward, wins, balance });

export const presentFlip = (index: number, face: string): MemoryFlipResponse => ({ index, face });

export interface PuzzleRushRow {
  id: number;
  username: string;
  profile_image: string | null;
  solves: number;
}

export const presentPuzzleSolver = (
  r: PuzzleRushRow,
): GameLeaderboardDto['puzzleRush'][number] => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  wins: Number(r.solves),
  solves: Number(r.solves),
});
