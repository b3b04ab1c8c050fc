import { defineGame } from '../game';

export const rps = defineGame({
  key: 'rps',
  slug: 'rps',
  name: 'Rock Paper Scissors',
  description: 'Challenge another player for a buy-in.',
  contract: async () => ({ rps: (await import('./contract')).rpsRoutes }),
  ledger: { duel_buy_in: 'Duel buy-in (held)', duel_payout: 'Duel winnings', duel_refund: 'Duel buy-in returned' },
  /**
   * What ledger.ref_id names for each:
   * - duel: a rock-paper-scissors buy-in, payout or refund (the duel row)
   */
  refTypes: ['duel'],
  rounds: [],
});
