import { defineGame } from '../game';

export const idleNgu = defineGame({
  key: 'idleNgu',
  slug: 'idle-ngu',
  name: 'Idle NGU',
  description: 'Numbers go up while you are away.',
  contract: async () => ({ idleNgu: (await import('./contract')).idleNguRoutes }),
  ledger: { idle_boss: 'Boss first kill' },
  /**
   * What ledger.ref_id names for each:
   * - idle_kill: an idle trainer's first kill of a boss (idle_ngu_kills.id)
   */
  refTypes: ['idle_kill'],
  rounds: [],
  published: async () => (await import('./published')).idleNguPublished,
});
