import { sql } from 'drizzle-orm';
import { defineModule } from '../../platform/module';
import { readPart } from '../../platform/readParts';
import { onAccountClosed } from './closure';
import { homeCommunityColumn } from './public';
import { communityHandlers } from './routes';
import { directorySnapshots } from './reads';
import { seasonHandlers } from './seasonRoutes';
import { closeSeason, stopSeasonSnapshots } from './seasons';

/** How often each process looks for a season that ended and was not recorded yet. */
const SEASON_CLOSE_MS = 60_000;

/** How often each process recounts the members who fell out of a community's active week. */
const RECOUNT_MS = 10 * 60_000;

export const communitiesModule = defineModule({
  name: 'communities',
  handlers: (deps) => ({ communities: communityHandlers(deps), seasons: seasonHandlers(deps) }),
  onAccountClosed: (tx, userId, reason) => onAccountClosed(tx, userId, reason),
  start: (deps) => () => {
    directorySnapshots(deps).stop();
    stopSeasonSnapshots(deps);
  },
  profile: readPart({
    expr: ({ userId }) => homeCommunityColumn(userId),
    decode: (value) => ({
      homeCommunity: (value ?? null) as { slug: string; name: string; icon: string } | null,
    }),
  }),
  sweeps: [
    // Any process may close a season; the first to insert its ranking row does it, once.
    { what: 'close the last season', everyMs: SEASON_CLOSE_MS, run: closeSeason },
    {
      what: 'recount active members',
      everyMs: RECOUNT_MS,
      // A post raises the count as a member becomes active; this lowers it as they fall out.
      run: (deps) =>
        deps.db.rows(sql`
          update communities c set active_members_7d = x.n
          from (
            select c2.id, (select count(*)::int from community_members m where m.community_id = c2.id
              and m.last_post_at > ${deps.clock.now().toISOString()}::timestamptz - interval '7 days') as n
            from communities c2 where c2.closed_at is null and c2.active_members_7d > 0
          ) x
          where c.id = x.id and c.active_members_7d <> x.n`),
    },
  ],
});
