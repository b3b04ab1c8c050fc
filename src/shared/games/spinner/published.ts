// The wheels: each slice's chance and the expected reward, from the tables the spinner pays by.
import { SPINNER_IDS, SPINNER_INFO } from '../engine/catalog';
import { spinnerExpectation } from '../engine/rtp';
import {
  coins,
  row,
  table,
  type GamePublished,
  type PublishedSectionDef,
} from '../../published/types';
import { DAY_MS, perDay } from '../../published/perDay';
import type { SpinnerId } from '../engine/catalog';
import type { SpinnerTable } from './rules';

/** What the server reads for it (spinner module's publishedInput): every wheel's current table. */
export type SpinnerTables = Readonly<Record<SpinnerId, SpinnerTable>>;

const spinnersSection: PublishedSectionDef<SpinnerTables> = {
  key: 'spinners',
  title: 'Spinners',
  build: (_input, spinners) => ({
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
          return row(
            id,
            SPINNER_INFO[id].title,
            SPINNER_INFO[id].interval,
            ev.coins,
            ev.fraction,
            coins(Math.max(...spinners[id].rewardOptions)),
          );
        }),
      ),
      ...SPINNER_IDS.map((id) =>
        table(
          `spinner-${id}`,
          `${SPINNER_INFO[id].title}: slices`,
          ['Reward', 'Weight', 'Chance'],
          spinnerExpectation(id, spinners[id]).slices.map((slice, i) =>
            row(String(i), coins(slice.reward), coins(slice.weight), slice.percent),
          ),
        ),
      ),
    ],
  }),
};

export const spinnerPublished: GamePublished<SpinnerTables> = {
  faucets: (spinners) =>
    SPINNER_IDS.map((id) => {
      const most = Math.max(...spinners[id].rewardOptions);
      const { cooldownMs, title, interval } = SPINNER_INFO[id];
      const day =
        cooldownMs > DAY_MS ? `${coins(most)} (one spin a week)` : coins(most * perDay(cooldownMs));
      return row(id, title, `${interval}: up to ${coins(most)} a spin`, day, 'no cap');
    }),
  sections: [spinnersSection],
};
