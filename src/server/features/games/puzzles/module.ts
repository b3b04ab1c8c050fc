import { defineModule } from '../../../platform/module';
import { puzzleHandlers } from './routes';

export const puzzlesModule = defineModule({ name: 'puzzles', handlers: (deps) => ({ puzzles: puzzleHandlers(deps) }) });
