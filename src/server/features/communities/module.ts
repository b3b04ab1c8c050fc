import { defineModule } from '../../platform/module';
import { readPart } from '../../platform/readParts';
import { onAccountClosed } from './closure';
import { homeCommunityColumn } from './public';
import { communityHandlers } from './routes';
import { recountActiveMembers } from './reads';
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
    { what: 'recount active members', everyMs: RECOUNT_MS, run: recountActiveMembers },
  ],
});
