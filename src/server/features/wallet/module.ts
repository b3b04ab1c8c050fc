import { defineModule } from '../../platform/module';
import { walletHandlers } from './routes';

export const walletModule = defineModule({ name: 'wallet', handlers: (deps) => ({ wallet: walletHandlers(deps) }) });
