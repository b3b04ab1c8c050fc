import { defineGame } from '../game';

export const clickFrenzy = defineGame({
  key: 'clickFrenzy',
  slug: 'click-frenzy',
  name: 'Click Frenzy',
  description: 'Catch falling animals for coins, 100 an hour.',
  contract: async () => ({ clickFrenzy: (await import('./contract')).clickFrenzyRoutes }),
  ledger: { frenzy_reward: 'Click Frenzy reward' },
  /**
   * What ledger.ref_id names for each:
   * - frenzy: a Click Frenzy click's reward (the click row)
   */
  refTypes: ['frenzy'],
  rounds: [],
  counters: {
    frenzy_clicks: {
      key: 'frenzyClicks',
      label: 'Click Frenzy clicks',
      achievement: {
        title: 'Clicker',
        description: 'Click 1,000 times in Click Frenzy.',
        threshold: 1000,
        reward: 200,
        icon: '🖱️',
      },
    },
  },
  published: async () => (await import('./published')).clickFrenzyPublished,
});
