import { defineGame, liveEvents } from '../game';

export const rps = defineGame({
  key: 'rps',
  slug: 'rps',
  name: 'Rock Paper Scissors',
  description: 'Challenge another player for a buy-in.',
  contract: async () => ({ rps: (await import('./contract')).rpsRoutes }),
  ledger: {
    duel_buy_in: 'Duel buy-in (held)',
    duel_payout: 'Duel winnings',
    duel_refund: 'Duel buy-in returned',
  },
  /**
   * What ledger.ref_id names for each:
   * - duel: a rock-paper-scissors buy-in, payout or refund (the duel row)
   */
  refTypes: ['duel'],
  rounds: [],
  board: {
    title: 'Rock-paper-scissors',
    fields: ['wins', 'games'],
    columns: [
      { field: 'wins', label: 'Wins' },
      { field: 'games', label: 'Games' },
    ],
    empty: 'No duels played yet.',
  },
  progress: async () => (await import('./contract')).rpsProgressDto,
  counters: {
    rps_wins: {
      key: 'rpsWins',
      label: 'Rock-paper-scissors wins',
      achievement: {
        title: 'Rock solid',
        description: 'Win 5 rock-paper-scissors duels.',
        threshold: 5,
        reward: 250,
        icon: '✊',
      },
    },
  },
  live: liveEvents<{
    'duel.invited': { duelId: string };
    'duel.resolved': { duelId: string };
    'duel.canceled': { duelId: string };
  }>(),
  published: async () => (await import('./published')).rpsPublished,
});
