// Merge Lab: the generator's odds, the order draw and the pay table, from the rules that play it.
import {
  BEST_COINS_PER_ENERGY,
  CHAINS,
  ENERGY_MAX,
  ENERGY_PER_DAY,
  ENERGY_REGEN_MS,
  ENERGY_START,
  MAX_COINS_PER_DAY,
  mergeLabDailyCapRule,
  ORDER_TIERS,
  PAYOUT_TABLE,
  TAP_ENERGY,
} from './rules';
import { rational, toPercentString } from '../engine/rational';
import {
  coins,
  row,
  table,
  type GamePublished,
  type PublishedSectionDef,
} from '../../published/types';

const chance = (n: number): string => toPercentString(rational(1, n));

const mergeLabSection: PublishedSectionDef = {
  key: 'merge-lab',
  title: 'Merge Lab',
  fixed: true,
  build: () => ({
    notes: [
      `A tap costs ${TAP_ENERGY} energy and drops a tier-1 item: one round of your fair stream, float #0 picks the chain, float #1 one of the empty cells (each equally). ` +
        `Energy comes back 1 point every ${ENERGY_REGEN_MS / 60_000} minutes up to ${ENERGY_MAX} (${coins(ENERGY_PER_DAY)} a day); a new lab starts with ${ENERGY_START}.`,
      'Orders come from one published sequence, the same for everyone: order n is float #0 (chain) and float #1 (tier) of the stream for seed SHA-256("merge-lab orders v1"), client seed merge-lab-orders, nonce n.',
      `Every coin comes from an item's energy at no more than ${BEST_COINS_PER_ENERGY} a point: at most ${coins(MAX_COINS_PER_DAY)} coins a day from the day's energy, ` +
        `and ${BEST_COINS_PER_ENERGY} x (${ENERGY_START} + energy regenerated) since your first visit.`,
    ],
    tables: [
      table(
        'merge-tap',
        'What a tap drops',
        ['Draw', 'Outcome', 'Chance'],
        [
          ...CHAINS.map((c) =>
            row(
              `chain-${c.key}`,
              'chain (float #0)',
              `${c.tiers[0]!.emoji} ${c.tiers[0]!.name} (${c.name.toLowerCase()})`,
              chance(CHAINS.length),
            ),
          ),
          row(
            'cell',
            'cell (float #1)',
            'any one of the empty cells',
            '1 / the number of empty cells',
          ),
        ],
      ),
      table(
        'merge-orders',
        'What an order asks for',
        ['Draw', 'Outcome', 'Chance'],
        [
          ...CHAINS.map((c) =>
            row(`chain-${c.key}`, 'chain (float #0)', c.name, chance(CHAINS.length)),
          ),
          ...ORDER_TIERS.map((t) =>
            row(`tier-${t}`, 'tier (float #1)', `tier ${t}`, chance(ORDER_TIERS.length)),
          ),
        ],
      ),
      table(
        'merge-pay',
        'What each tier pays',
        ['Tier', 'Energy in it', 'An order pays', 'Selling pays'],
        PAYOUT_TABLE.map((r) =>
          row(
            String(r.tier),
            String(r.tier),
            coins(r.energy),
            r.order === null ? 'no order asks for it' : coins(r.order),
            coins(r.sell),
          ),
        ),
      ),
    ],
  }),
};

export const mergeLabPublished: GamePublished = {
  faucets: () => [
    row(
      'merge-lab',
      'Merge Lab orders and sales',
      mergeLabDailyCapRule().rule,
      coins(mergeLabDailyCapRule().coins),
      `${BEST_COINS_PER_ENERGY} x (${ENERGY_START} + energy regenerated since your first visit)`,
    ),
  ],
  sections: [mergeLabSection],
};
