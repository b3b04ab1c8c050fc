import { defineModule } from '../../../platform/module';
import { puzzleLeaderboard } from './leaderboard';
import { puzzleHandlers } from './routes';

export const puzzlesModule = defineModule({
  name: 'puzzles',
  handlers: (deps) => ({ puzzles: puzzleHandlers(deps) }),
  gameLeaderboard: async (q) => ({ puzzleRush: await puzzleLeaderboard(q) }),
});
