// Mystery boxes: each box's tiers, their chances and what every collectible sells back for
// (a collectible is an item whose whole value is its sell-back price).
import { itemMaxExpectedValue } from '../engine/itemValue';
import { BOX_WEIGHT_TOTAL, boxRtp, expectedValue, MYSTERY_BOXES } from './rules';
import { rational, toDecimalString, toPercentString } from '../engine/rational';
import {
  coins,
  row,
  table,
  type GamePublished,
  type PublishedSectionDef,
} from '../../published/types';

const mysteryBoxSection: PublishedSectionDef = {
  key: 'mystery-box',
  title: 'Mystery boxes',
  fixed: true,
  build: () => ({
    notes: [
      `One opening is one round of your fair stream: float #0 picks the tier by its weight out of ${coins(BOX_WEIGHT_TOTAL)}, float #1 one of the tier's collectibles, each equally. ` +
        'A collectible sells back for its value at any time, so that value is the most it is worth.',
    ],
    tables: MYSTERY_BOXES.map((box) =>
      table(
        `box-${box.id}`,
        `${box.emoji} ${box.name}: ${coins(box.price)} coins, expected value ${toDecimalString(expectedValue(box), 2)} (return ${toPercentString(boxRtp(box))})`,
        ['Collectible', 'Tier', 'Chance', 'Sells back for'],
        box.tiers.flatMap((tier) =>
          tier.drops.map((drop) =>
            row(
              drop.key,
              `${drop.emoji} ${drop.name}`,
              tier.name,
              toPercentString(rational(tier.weight, BOX_WEIGHT_TOTAL * tier.drops.length), 3),
              coins(
                Number(
                  itemMaxExpectedValue({
                    type: 'cosmetic',
                    effectType: 'cosmetic',
                    effectValue: 1,
                    price: drop.value,
                    sellBack: drop.value,
                  }).coins.num,
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  }),
};

export const mysteryBoxPublished: GamePublished = { sections: [mysteryBoxSection] };
