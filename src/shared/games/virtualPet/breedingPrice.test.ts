import { describe, expect, it } from 'vitest';
import { compare, div, rational, toNumber } from '../engine/rational';
import {
  BREED_COST_GOLD,
  BREED_PRICE_RULE,
  breedPrice,
  breedPrices,
  gachaExpectedGold,
} from './breeding';
import { RARITIES } from './catalog';
import { consolidatedRates, GACHA_POOLS } from './gacha';

describe('breeding price (issue 34)', () => {
  it('takes the gacha expected gold per critter from the pool where it is cheapest', () => {
    const starlight = GACHA_POOLS.find((p) => p.id === 'starlight')!;
    const mythic = GACHA_POOLS.find((p) => p.id === 'mythic')!;
    // The figure: about 95,000 gold per Mythical from Starlight; the Mythic pool is cheaper.
    expect(
      Math.round(
        toNumber(div(rational(starlight.cost), consolidatedRates(starlight).rates.Mythical)),
      ),
    ).toBe(95_245);
    expect(gachaExpectedGold('Mythical')).toEqual({
      rarity: 'Mythical',
      gold: div(rational(mythic.cost), consolidatedRates(mythic).rates.Mythical),
      pool: 'mythic',
    });
    expect(gachaExpectedGold('Legendary').pool).toBe('starlight');
  });

  it('never sells a child below the gacha expected cost of one of its rarity, nor below the spec price', () => {
    for (const rarity of RARITIES) {
      const price = breedPrice(rarity);
      const gacha = gachaExpectedGold(rarity).gold;
      expect(compare(rational(price.gold), gacha), rarity).toBeGreaterThanOrEqual(0);
      expect(price.gold).toBeGreaterThanOrEqual(BREED_COST_GOLD);
      // Rounded up to 100 gold, no more.
      expect(price.gold === BREED_COST_GOLD || compare(rational(price.gold - 100), gacha) < 0).toBe(
        true,
      );
      expect(price.gold % 100).toBe(0);
      expect(price.petCoins * 10).toBeGreaterThanOrEqual(price.gold);
    }
    expect(
      breedPrices().map((p) => [p.rarity, p.gold, p.petCoins, p.gachaGold, p.gachaPool]),
    ).toEqual([
      ['Common', 5000, 500, 835, 'starlight'],
      ['Uncommon', 5000, 500, 1788, 'starlight'],
      ['Rare', 5600, 560, 5564, 'starlight'],
      ['Legendary', 19_100, 1910, 19_049, 'starlight'],
      ['Mythical', 66_700, 6670, 66_666, 'mythic'],
    ]);
  });

  it('states the rule', () => {
    expect(BREED_PRICE_RULE).toContain(
      "what the gacha costs on average for one critter of the child's rarity",
    );
    expect(BREED_PRICE_RULE).toContain('a hatched child rests a day before its first breeding');
  });
});
