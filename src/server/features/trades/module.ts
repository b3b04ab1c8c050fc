import { defineModule } from '../../platform/module';
import { tradeItemLocks } from './holdings';
import { tradeHandlers } from './routes';
import { cancelTradesOf } from './service';

export const tradesModule = defineModule({
  name: 'trades',
  handlers: (deps) => ({ trades: tradeHandlers(deps) }),
  // DESIGN.md section 6: a closed or banned account cannot finish a trade; its locked units go back to both sides.
  onAccountClosed: async (tx, userId) => void (await cancelTradesOf(tx, userId)),
  itemLocks: tradeItemLocks,
});
