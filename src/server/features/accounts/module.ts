import { defineModule } from '../../platform/module';
import { accountHandlers } from './routes';
import { closeOwnAccount } from './service';

export const accountsModule = defineModule({
  name: 'accounts',
  handlers: (deps) => ({ accounts: accountHandlers(deps) }),
  onAccountClosed: closeOwnAccount,
});
