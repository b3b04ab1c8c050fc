import { defineGame } from '../game';

// The spec shows only '…-tycoon'; issue 24 names it, and the slug is the route's segment.
export const coinTycoon = defineGame({
  key: 'coinTycoon',
  slug: 'coin-tycoon',
  name: 'Coin Tycoon',
  description: 'Build a business empire one buck at a time.',
  contract: async () => ({ coinTycoon: (await import('./contract')).coinTycoonRoutes }),
  ledger: { tycoon_dividend: 'Tycoon dividend', tycoon_boost: 'Tycoon boost' },
  /**
   * What ledger.ref_id names for each:
   * - tycoon_claim: a Coin Tycoon dividend (coin_tycoon_claims.id)
   * - tycoon_boost: a Coin Tycoon income boost bought (coin_tycoon_boosts.id)
   */
  refTypes: ['tycoon_claim', 'tycoon_boost'],
  rounds: [],
  published: async () => (await import('./published')).coinTycoonPublished,
});
