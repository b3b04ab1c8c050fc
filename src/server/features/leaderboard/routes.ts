import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { LEADERBOARD_SIZE, leaderboardQuery, type LeaderboardSort, type LeaderboardUserDto } from '../../../shared/api/leaderboard';
import type { Deps } from '../../platform/deps';

const orderBy: Record<LeaderboardSort, ReturnType<typeof sql>> = {
  balance: sql`balance desc, id`,
  wins: sql`bets_won desc, balance desc, id`,
  achievements: sql`achievements_claimed desc, balance desc, id`,
};

interface Row {
  id: number;
  username: string;
  profile_image: string | null;
  balance: number;
  bets_won: number;
  achievements_claimed: number;
}

const present = (r: Row): LeaderboardUserDto => ({
  _id: String(r.id),
  username: r.username,
  profileImage: r.profile_image,
  balance: r.balance,
  betsWon: r.bets_won,
  achievements: r.achievements_claimed,
});

export function leaderboardRoutes(app: FastifyInstance, deps: Deps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/leaderboard/users', { schema: { querystring: leaderboardQuery } }, async (req) => {
      // Banned and deleted accounts are left off the public boards.
      const rows = await deps.db.rows<Row>(sql`
        select id, username, profile_image, balance, bets_won, achievements_claimed
        from users where status = 'active'
        order by ${orderBy[req.query.sort]} limit ${LEADERBOARD_SIZE}`);
      return rows.map(present);
    });
}
