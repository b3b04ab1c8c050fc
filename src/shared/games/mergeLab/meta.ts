import { defineGame } from '../game';
import { mergeLabRound } from './rules';

export const mergeLab = defineGame({
  key: 'mergeLab',
  slug: 'merge-lab',
  name: 'Merge Lab',
  description: 'Combine items into rarer ones.',
  contract: async () => ({ mergeLab: (await import('./contract')).mergeLabRoutes }),
  ledger: { merge_order: 'Merge Lab order', merge_sale: 'Merge Lab sale' },
  /**
   * What ledger.ref_id names for each:
   * - merge_payout: a Merge Lab order delivered or item sold (merge_lab_payouts.id)
   */
  refTypes: ['merge_payout'],
  rounds: [mergeLabRound],
  published: async () => (await import('./published')).mergeLabPublished,
});
