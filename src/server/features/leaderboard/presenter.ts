import type { LeaderboardUserDto, PuzzleRushLeaderboardEntry } from '../../../shared/api/leaderboard';
import type { LeaderboardRow, PuzzleRushRow } from './queries';

export const presentLeaderboardUser = (r: LeaderboardRow): LeaderboardUserDto => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  balance: r.balance,
  betsWon: r.bets_won,
  achievements: r.achievements_claimed,
  cosmetic: r.cosmetic,
});

export const presentPuzzleSolver = (r: PuzzleRushRow): PuzzleRushLeaderboardEntry => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  wins: Number(r.solves),
  solves: Number(r.solves),
});
