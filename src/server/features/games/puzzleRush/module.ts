import { defineModule } from '../../../platform/module';
import { puzzleRushHandlers } from './routes';
import { puzzleLeaderboard } from './service';

export const puzzleRushModule = defineModule({
  name: 'puzzleRush',
  handlers: (deps) => ({ puzzleRush: puzzleRushHandlers(deps) }),
  gameLeaderboard: async (q) => ({ puzzleRush: await puzzleLeaderboard(q) }),
});
