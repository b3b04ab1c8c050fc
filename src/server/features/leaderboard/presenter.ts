import type { LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { LeaderboardRow } from './queries';

export const presentLeaderboardUser = (r: LeaderboardRow): LeaderboardUserDto => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  balance: r.balance,
  betsWon: r.bets_won,
  achievements: r.achievements_claimed,
  cosmetic: r.cosmetic,
  homeCommunity: r.home_community,
});
