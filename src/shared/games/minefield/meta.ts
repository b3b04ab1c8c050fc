import { defineGame } from '../game';
import { minefieldRound } from './round';

export const minefield = defineGame({
  key: 'minefield',
  slug: 'minefield',
  name: 'Minefield',
  description: 'Reveal safe cells, cash out before you hit a mine.',
  contract: async () => ({ minefield: (await import('./contract')).minefieldRoutes }),
  ledger: {},
  refTypes: [],
  rounds: [minefieldRound],
  counters: {
    minefield_wins: {
      key: 'minefieldWins',
      label: 'Minefield wins',
      achievement: {
        title: 'Minesweeper',
        description: 'Win 5 Minefield games.',
        threshold: 5,
        reward: 250,
        icon: '💣',
      },
    },
  },
});
