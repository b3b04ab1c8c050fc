import { defineModule } from '../../platform/module';
import { publishLive } from '../../platform/realtime/publish';
import { walletHandlers } from './routes';

export const walletModule = defineModule({
  name: 'wallet',
  handlers: (deps) => ({ wallet: walletHandlers(deps) }),
  listeners: () => ({
    // The recipient hears who sent what (the toast of received coins).
    CoinsSent: (q, { transferId, from, toUserId, amount }) =>
      publishLive(q, 'coins.received', { transferId, from, amount }, toUserId),
  }),
});
