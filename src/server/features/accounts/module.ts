import { defineModule } from '../../platform/module';
import { accountHandlers, signupHandlers } from './routes';
import { closeOwnAccount } from './service';

export const accountsModule = defineModule({
  name: 'accounts',
  handlers: (deps) => ({ accounts: accountHandlers(deps), signup: signupHandlers(deps) }),
  onAccountClosed: closeOwnAccount,
});
