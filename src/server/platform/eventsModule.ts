import { defineModule } from './module';
import { SWEEP_MS } from './events';

/**
 * The domain events' sweep (platform/events.ts): delivers what no nudge did (events of a process
 * that died after its commit, or that failed and rested) and prunes old delivered rows.
 */
export const eventsModule = defineModule({
  name: 'events',
  sweeps: [
    { what: 'delivering domain events', everyMs: SWEEP_MS, run: (deps) => deps.events.sweep() },
  ],
});
