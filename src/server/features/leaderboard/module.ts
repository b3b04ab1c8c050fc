import { defineModule } from '../../platform/module';
import { leaderboardHandlers } from './routes';

export const leaderboardModule = defineModule({ name: 'leaderboard', handlers: (deps) => ({ leaderboard: leaderboardHandlers(deps) }) });
