// Free coins: every source that pays without a stake, with the most it pays in a UTC day and
// ever, from the constants and functions that pay it (and the task and achievement rewards set
// in the database). Each game adds its rows (GamePublished.faucets) after the shared ones.
import { STARTING_BALANCE } from '../constants';
import { BOOSTED_REWARDS } from '../games/engine/items';
import {
  coins,
  row,
  table,
  type PublishedInput,
  type PublishedRow,
  type PublishedSectionDef,
} from './types';

/** The free-coins section over the games' rows (index.ts passes them in GAMES order). */
export const faucetsSection = (
  gameRows: (input: PublishedInput) => PublishedRow[],
): PublishedSectionDef => ({
  key: 'faucets',
  title: 'Free coins and their caps',
  build: (input) => {
    const { tasks, achievements } = input;
    return {
      notes: [
        `Gold (your coin balance) unless the row says pet coins. A reward multiplier adds to ${BOOSTED_REWARDS.map((r) => r.label).join(', ')}, at most the price of each item used (see Items).`,
      ],
      tables: [
        table(
          'faucets',
          'Every free source, with its caps',
          ['Source', 'Pays', 'Most in a UTC day', 'Most ever'],
          [
            row(
              'starting-grant',
              'New account',
              `${coins(STARTING_BALANCE)} once, when the account is made`,
              coins(STARTING_BALANCE),
              `${coins(STARTING_BALANCE)} per account`,
            ),
            row('daily-tasks', 'Daily tasks', 'each once a UTC day', coins(tasks.daily), 'no cap'),
            row(
              'weekly-tasks',
              'Weekly tasks',
              'each once a week (from Monday 00:00 UTC)',
              `${coins(tasks.weekly)} (once a week)`,
              'no cap',
            ),
            row(
              'bonus-tasks',
              'Bonus tasks',
              'each once ever',
              coins(tasks.bonus),
              coins(tasks.bonus),
            ),
            row(
              'achievements',
              'Achievements',
              'each once ever',
              coins(achievements),
              coins(achievements),
            ),
            ...gameRows(input),
          ],
        ),
      ],
    };
  },
});
