import { defineModule } from '../../platform/module';
import { accountHandlers } from './routes';
import { closeOwnAccount } from './service';
import { recoveryHandlers } from './recovery/routes';

export const accountsModule = defineModule({
  name: 'accounts',
  handlers: (deps) => ({ accounts: accountHandlers(deps), recovery: recoveryHandlers(deps) }),
  onAccountClosed: closeOwnAccount,
});
