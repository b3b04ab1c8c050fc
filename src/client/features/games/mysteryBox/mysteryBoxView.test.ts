import { describe, expect, it } from 'vitest';
import { MYSTERY_BOXES } from '../../../../shared/games/mysteryBox/rules';
import {
  FEED_LIMIT,
  REEL_CELLS,
  REEL_STOP,
  addToFeed,
  chanceText,
  openBlockedText,
  openOptions,
  openSummary,
  reelStrip,
  roundParams,
  verifyDropHref,
  weightText,
} from './mysteryBoxView';

const bronze = {
  ...MYSTERY_BOXES[0]!,
  tiers: MYSTERY_BOXES[0]!.tiers.map((t) => ({
    ...t,
    drops: t.drops.map((d, i) => ({ ...d, itemId: String(100 + i) })),
  })),
};
const order = bronze.tiers.map((t) => t.name);

describe('mystery box page', () => {
  it('prints weights out of 10,000 and as percents', () => {
    expect(bronze.tiers.map((t) => weightText(t.weight))).toEqual([
      '7,992 / 10,000',
      '1,598 / 10,000',
      '320 / 10,000',
      '64 / 10,000',
      '26 / 10,000',
    ]);
    expect(bronze.tiers.map((t) => chanceText(t.weight))).toEqual([
      '79.92%',
      '15.98%',
      '3.20%',
      '0.64%',
      '0.26%',
    ]);
  });

  it('turns the open buttons off with the reason when the balance is short', () => {
    expect(openOptions(100, 1000).map((o) => [o.count, o.cost, o.affordable, o.label])).toEqual([
      [1, 100, true, 'Open ×1'],
      [5, 500, true, 'Open ×5'],
    ]);
    expect(openBlockedText(openOptions(100, 1000), 1000)).toBeNull();
    expect(openBlockedText(openOptions(1000, 2500), 2500)).toBe(
      '×5 needs 5,000 coins; you have 2,500.',
    );
    expect(openBlockedText(openOptions(1000, 40), 40)).toBe(
      'Not enough coins: a box costs 1,000 and you have 40.',
    );
    // Unknown balance: the server decides.
    expect(openOptions(1000, undefined).every((o) => o.affordable)).toBe(true);
    expect(openBlockedText(openOptions(1000, undefined), undefined)).toBeNull();
  });

  it('builds the reel strip from the box, the drop under the stop, the same each time for a round', () => {
    const strip = reelStrip(bronze, '👑', '42');
    expect(strip).toHaveLength(REEL_CELLS);
    expect(strip[REEL_STOP]).toBe('👑');
    const emojis = new Set(bronze.tiers.flatMap((t) => t.drops.map((d) => d.emoji)));
    expect(strip.every((e) => emojis.has(e))).toBe(true);
    expect(reelStrip(bronze, '👑', '42')).toEqual(strip);
    expect(reelStrip(bronze, '👑', '43')).not.toEqual(strip);
  });

  it('links a drop to the verifier with the params its round records (no item ids)', () => {
    const href = verifyDropHref({ roundId: '17', nonce: 4 }, bronze);
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/fairness');
    expect(url.hash).toBe('#verify');
    expect(url.searchParams.get('game')).toBe('mystery-box');
    expect(url.searchParams.get('nonce')).toBe('4');
    expect(url.searchParams.get('round')).toBe('17');
    expect(JSON.parse(url.searchParams.get('params')!)).toEqual({
      box: 'bronze',
      tiers: MYSTERY_BOXES[0]!.tiers,
    });
    expect(roundParams(bronze)).toEqual({ box: 'bronze', tiers: MYSTERY_BOXES[0]!.tiers });
  });

  it('sums up an opening, best tier first', () => {
    const drop = (tier: string, value: number) => ({
      tier,
      item: { name: `${tier} thing`, value },
    });
    expect(openSummary([drop('Rare', 380)], order)).toBe('Rare Rare thing, worth 380 coins');
    expect(
      openSummary(
        [
          drop('Common', 40),
          drop('Epic', 1500),
          drop('Common', 50),
          drop('Uncommon', 140),
          drop('Common', 45),
        ],
        order,
      ),
    ).toBe('5 drops: 1 Epic, 1 Uncommon, 3 Common, worth 1,775 coins in all');
  });

  it('keeps the newest drops first, at most 20', () => {
    let feed: number[] = [];
    for (let i = 1; i <= 25; i++) feed = addToFeed(feed, i);
    expect(feed).toHaveLength(FEED_LIMIT);
    expect(feed[0]).toBe(25);
    expect(feed.at(-1)).toBe(6);
  });
});
