import { defineModule } from '../../platform/module';
import { gamesHandlers } from './routes';

export const gamesModule = defineModule({ name: 'games', handlers: (deps) => ({ games: gamesHandlers(deps) }) });
