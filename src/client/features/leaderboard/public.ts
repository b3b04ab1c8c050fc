/** What other features may use of leaderboard (DESIGN.md section 1a). */
export { leaderboardKeys, useLeaderboardUsers } from './queries';
