import { defineModule } from '../../platform/module';
import { leaderboardHandlers } from './routes';
import { leaderboards } from './service';

export const leaderboardModule = defineModule({
  name: 'leaderboard',
  handlers: (deps) => ({ leaderboard: leaderboardHandlers(deps) }),
  start: (deps) => () => leaderboards(deps).stop(),
});
