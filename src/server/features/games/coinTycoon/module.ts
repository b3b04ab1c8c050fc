import { defineModule } from '../../../platform/module';
import { coinTycoonHandlers } from './routes';

/** Coin Tycoon (DESIGN.md section 9): an idle company in bucks, paying coins only through its capped daily dividend. */
export const coinTycoonModule = defineModule({
  name: 'coinTycoon',
  handlers: (deps) => ({ coinTycoon: coinTycoonHandlers(deps) }),
});
