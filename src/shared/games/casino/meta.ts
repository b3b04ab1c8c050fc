import { defineGame } from '../game';
import { coinFlipRound } from './coinflipRound';
import { rouletteRound } from './rouletteRound';
import { slotsRound } from './slotsRound';

export const casino = defineGame({
  key: 'casino',
  slug: 'casino',
  name: 'Casino',
  description: 'Roulette, coin flip and slots with published odds.',
  contract: async () => ({ casino: (await import('./contract')).casinoRoutes }),
  ledger: {},
  refTypes: [],
  rounds: [coinFlipRound, rouletteRound, slotsRound],
  counters: {
    casino_wins: {
      key: 'casinoWins',
      label: 'Casino wins',
      achievement: {
        title: 'House breaker',
        description: 'Win 5 casino games.',
        threshold: 5,
        reward: 250,
        icon: '🎰',
      },
    },
  },
  published: async () => (await import('./published')).casinoPublished,
});
