// The wheels: each slice's chance and the expected reward, from the tables the spinner pays by.
import { SPINNER_IDS, SPINNER_INFO } from '../engine/catalog';
import { spinnerExpectation } from '../engine/rtp';
import { coins, row, table, type PublishedSectionDef } from '../../published/types';

export const spinnersSection: PublishedSectionDef = {
  key: 'spinners',
  title: 'Spinners',
  build: ({ spinners }) => ({
    notes: [
      'A spin is one round of your fair stream: float #0 x the total weight picks the slice, so a slice wins with its weight over the total. ' +
        'A running reward multiplier adds to what a spin pays (up to each item’s price).',
    ],
    tables: [
      table(
        'spinner-ev',
        'Expected coins per spin',
        ['Wheel', 'Spins', 'Expected coins', 'Exact', 'Most per spin'],
        SPINNER_IDS.map((id) => {
          const ev = spinnerExpectation(id, spinners[id]);
          return row(id, SPINNER_INFO[id].title, SPINNER_INFO[id].interval, ev.coins, ev.fraction, coins(Math.max(...spinners[id].rewardOptions)));
        }),
      ),
      ...SPINNER_IDS.map((id) =>
        table(
          `spinner-${id}`,
          `${SPINNER_INFO[id].title}: slices`,
          ['Reward', 'Weight', 'Chance'],
          spinnerExpectation(id, spinners[id]).slices.map((slice, i) => row(String(i), coins(slice.reward), coins(slice.weight), slice.percent)),
        ),
      ),
    ],
  }),
};
