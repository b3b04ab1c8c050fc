import { defineModule } from '../../platform/module';
import { accountHandlers, signupHandlers } from './routes';
import { closeOwnAccount } from './service';
import { recoveryHandlers } from './recovery/routes';

export const accountsModule = defineModule({
  name: 'accounts',
  handlers: (deps) => ({
    accounts: accountHandlers(deps),
    signup: signupHandlers(deps),
    recovery: recoveryHandlers(deps),
  }),
  onAccountClosed: closeOwnAccount,
});
