import { defineGame } from '../game';
import { spinnerRound } from './round';

export const spinner = defineGame({
  key: 'spinner',
  slug: 'spinner',
  name: 'Spinners',
  description: 'Four free wheels: hourly, every 12 hours, daily and weekly.',
  contract: async () => ({ spinner: (await import('./contract')).spinnerRoutes }),
  ledger: { spinner_reward: 'Spinner reward' },
  refTypes: [],
  progress: async () => (await import('./contract')).spinnerProgressDto,
  rounds: [spinnerRound],
  published: async () => (await import('./published')).spinnerPublished,
});
