import { defineModule } from '../../../platform/module';
import { puzzleHandlers } from './routes';
import { puzzleLeaderboard } from './service';

export const puzzlesModule = defineModule({
  name: 'puzzles',
  handlers: (deps) => ({ puzzles: puzzleHandlers(deps) }),
  gameLeaderboard: async (q) => ({ puzzleRush: await puzzleLeaderboard(q) }),
});
