import { defineGame, liveEvents } from '../game';
import { mysteryBoxRound } from './round';

export const mysteryBox = defineGame({
  key: 'mysteryBox',
  slug: 'mystery-box',
  name: 'Mystery Box',
  description: 'Open a box for a collectible: keep it, trade it or sell it back.',
  contract: async () => ({ mysteryBox: (await import('./contract')).mysteryBoxRoutes }),
  ledger: { box_opening: 'Mystery box', box_sale: 'Collectible sold' },
  /**
   * What ledger.ref_id names for each:
   * - box_opening: mystery boxes opened (mystery_box_openings.id)
   * - box_sale: collectibles sold back (mystery_box_sales.id)
   */
  refTypes: ['box_opening', 'box_sale'],
  rounds: [mysteryBoxRound],
  live: liveEvents<{
    /** A notable drop (rare tiers and up), for everyone's recent-drops feed. */
    'mysteryBox.drop': {
      username: string;
      box: string;
      tier: string;
      item: string;
      emoji: string;
      value: number;
      at: string;
    };
  }>(),
  published: async () => (await import('./published')).mysteryBoxPublished,
});
