// Items: what each store item does and the most it can be worth (issue 34), and which rewards a
// reward multiplier boosts (DESIGN.md section 6: not the sanctuary claim, issue 34 item 8).
import {
  BOOSTED_REWARDS,
  BUFF_MINUTES,
  REWARD_MULTIPLIER_CAP,
  UNBOOSTED_REWARDS,
  itemRule,
} from '../games/engine/items';
import { itemMaxExpectedValue } from '../games/engine/itemValue';
import { toDecimalString, type Rational } from '../games/engine/rational';
import { coins, row, table, type PublishedSectionDef } from './types';

/** '900' or '106.62': whole coins without decimals. */
const coinText = (value: Rational): string =>
  value.den === 1n ? coins(Number(value.num)) : toDecimalString(value, 2);

export const itemsSection: PublishedSectionDef = {
  key: 'items',
  title: 'Items',
  build: ({ items }) => ({
    notes: [
      `Power-ups started with Use run ${BUFF_MINUTES} minutes. "Most it can add" is the most a player's expected coins can rise by buying and using the item, ` +
        'over playing as well as possible without it, computed from the caps and returns the games pay by; "at most" marks a bound the item stays at or below. ' +
        'No item is worth more than its price.',
      `Reward multipliers combine by product, up to ${REWARD_MULTIPLIER_CAP}x, and boost free rewards only: ${BOOSTED_REWARDS.map((r) => r.label).join(', ')}.`,
    ],
    tables: [
      table(
        'items',
        'Every item on sale',
        ['Item', 'Price', 'What it does', 'Most it can add', 'Why'],
        items.map((item) => {
          const value = itemMaxExpectedValue(item);
          return row(
            item.id,
            `${item.emoji ? `${item.emoji} ` : ''}${item.name}`,
            coins(item.price),
            itemRule(item),
            `${value.exact ? '' : 'at most '}${coinText(value.coins)}`,
            value.reason,
          );
        }),
      ),
      table(
        'boosted',
        'What a reward multiplier boosts',
        ['Reward', 'Boosted'],
        [
          ...BOOSTED_REWARDS.map((r) =>
            row(r.key, r.label, 'yes, up to the item’s price in extra coins'),
          ),
          ...UNBOOSTED_REWARDS.map((label, i) => row(`not-${i}`, label, 'no')),
        ],
      ),
    ],
  }),
};
