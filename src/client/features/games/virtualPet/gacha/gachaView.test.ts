import { describe, expect, it } from 'vitest';
import type { GachaPoolDto } from '../../../../../shared/games/virtualPet/contract';
import { GACHA_POOLS, PITY_LIMIT } from '../../../../../shared/games/virtualPet/gacha';
import {
  PITY_RULE,
  celebrationOf,
  nextRevealIn,
  oddsDetails,
  pityBeforeEach,
  pityText,
  pityValue,
  poolOf,
  pullSummary,
  REVEAL_FIRST_MS,
  REVEAL_STEP_MS,
  revealPlan,
  revealedCount,
  spinBlockedText,
  spinOptions,
  verifyPullHref,
} from './gachaView';

const starlight: GachaPoolDto = {
  ...GACHA_POOLS[0]!,
  odds: { ...GACHA_POOLS[0]!.odds },
  pityCount: 37,
};
const pullOf = (
  rarity: 'Common' | 'Uncommon' | 'Rare' | 'Legendary' | 'Mythical',
  pity = false,
) => ({ rarity, pity });

describe('gacha pool card', () => {
  it('reads the server odds into the shared pool, 0 for a rarity left out', () => {
    expect(poolOf(starlight).odds).toEqual(GACHA_POOLS[0]!.odds);
    expect(poolOf({ ...starlight, odds: { Common: 9000, Legendary: 1000 } }).odds).toEqual({
      Common: 9000,
      Uncommon: 0,
      Rare: 0,
      Legendary: 1000,
      Mythical: 0,
    });
  });

  it('shows the pity as n / 100 with the rule in one sentence', () => {
    expect(PITY_RULE).toBe('Legendary or better guaranteed by pull 100.');
    expect(pityText(37)).toEqual({
      figure: '37 / 100',
      left: 'At most 63 more pulls to a Legendary-or-better.',
    });
    expect(pityText(99).left).toBe('Your next pull is Legendary or better.');
    expect(pityValue(-3)).toBe(0);
    expect(pityValue(250)).toBe(PITY_LIMIT - 1);
    expect(pityValue(Number.NaN)).toBe(0);
  });

  it('disables ×1 below the cost and ×10 below ten times it; unknown gold leaves it to the server', () => {
    expect(spinOptions(500, 5000).map((o) => [o.count, o.cost, o.affordable])).toEqual([
      [1, 500, true],
      [10, 5000, true],
    ]);
    expect(spinOptions(500, 4999).map((o) => o.affordable)).toEqual([true, false]);
    expect(spinOptions(500, 499).map((o) => o.affordable)).toEqual([false, false]);
    expect(spinOptions(500, undefined).map((o) => o.affordable)).toEqual([true, true]);
    expect(spinBlockedText(spinOptions(500, 4999), 4999)).toBe(
      '×10 needs 5,000 gold; you have 4,999.',
    );
    expect(spinBlockedText(spinOptions(500, 100), 100)).toBe(
      'Not enough gold: a pull costs 500 and you have 100.',
    );
    expect(spinBlockedText(spinOptions(500, 9000), 9000)).toBeNull();
    expect(spinBlockedText(spinOptions(500, undefined), undefined)).toBeNull();
  });

  it('publishes base and consolidated rates, expected pulls and the worst case', () => {
    const details = oddsDetails(poolOf(starlight));
    expect(details.rows.map((r) => [r.rarity, r.base, r.consolidated])).toEqual([
      ['Common', '60.00%', '59.907%'],
      ['Uncommon', '28.00%', '27.957%'],
      ['Rare', '9.00%', '8.986%'],
      ['Legendary', '2.50%', '2.625%'],
      ['Mythical', '0.50%', '0.525%'],
    ]);
    expect(details.expectedPulls).toBe('31.7');
    expect(details.worstCase).toBe(100);
    expect(details.rows.find((r) => r.rarity === 'Mythical')!.species.map((s) => s.key)).toEqual([
      'starwyrm',
      'phoenixling',
    ]);
    expect(details.rows.find((r) => r.rarity === 'Mythical')!.traitPct).toBe(100);
  });
});

describe('gacha pulls', () => {
  it('works out the pity before each pull from the answer, and from the count before where it cannot', () => {
    // No Legendary-or-better: the answer alone says it (before 37, after 40).
    expect(
      pityBeforeEach([pullOf('Common'), pullOf('Rare'), pullOf('Uncommon')], null, 40),
    ).toEqual([37, 38, 39]);
    // A Legendary in the middle: after it the answer says it, before it the count shown before the spin does.
    expect(
      pityBeforeEach([pullOf('Common'), pullOf('Legendary'), pullOf('Common')], 50, 1),
    ).toEqual([50, 51, 0]);
    expect(
      pityBeforeEach([pullOf('Common'), pullOf('Legendary'), pullOf('Common')], null, 1),
    ).toEqual([null, null, 0]);
    // A pity pull started at 99, so the pulls before it count back from there.
    expect(
      pityBeforeEach([pullOf('Rare'), pullOf('Mythical', true), pullOf('Common')], 12, 1),
    ).toEqual([98, 99, 0]);
    // A stale count before the spin loses to what the answer says.
    expect(pityBeforeEach([pullOf('Common')], 5, 9)).toEqual([8]);
    expect(pityBeforeEach([], 3, 3)).toEqual([]);
  });

  it('links each pull to the verifier with its round, nonce and params', () => {
    const href = verifyPullHref({ roundId: '42', nonce: 7 }, poolOf(starlight), 12);
    expect(href.startsWith('/fairness?')).toBe(true);
    expect(href.endsWith('#verify')).toBe(true);
    const query = new URLSearchParams(href.slice('/fairness?'.length, -'#verify'.length));
    expect(query.get('game')).toBe('gacha');
    expect(query.get('nonce')).toBe('7');
    expect(query.get('round')).toBe('42');
    expect(JSON.parse(query.get('params')!)).toEqual({
      pool: 'starlight',
      odds: GACHA_POOLS[0]!.odds,
      pityBefore: 12,
    });
    expect(
      new URLSearchParams(
        verifyPullHref({ roundId: '42', nonce: 7 }, poolOf(starlight), null)
          .split('?')[1]!
          .split('#')[0],
      ).has('params'),
    ).toBe(false);
  });

  it('sums the pulls up, highest rarity first, and celebrates a Legendary or Mythical', () => {
    const one = { rarity: 'Rare' as const, name: 'Tidecrest', variant: 'Coral' };
    expect(pullSummary([one])).toBe('Rare Tidecrest (Coral)');
    const ten = [
      ...Array<typeof one>(7).fill({ ...one, rarity: 'Rare' }),
      { ...one, rarity: 'Legendary' as const },
      { ...one, rarity: 'Common' as const },
      { ...one, rarity: 'Common' as const },
    ];
    expect(pullSummary(ten)).toBe('10 pulls: 1 Legendary, 7 Rare, 2 Common');
    expect(celebrationOf(ten)).toBe('Legendary');
    expect(celebrationOf([{ rarity: 'Legendary' }, { rarity: 'Mythical' }])).toBe('Mythical');
    expect(celebrationOf([{ rarity: 'Rare' }])).toBeNull();
  });

  it('reveals the pulls one after another, all at once with reduced motion', () => {
    const plan = revealPlan(3, false);
    expect(plan).toEqual([
      REVEAL_FIRST_MS,
      REVEAL_FIRST_MS + REVEAL_STEP_MS,
      REVEAL_FIRST_MS + 2 * REVEAL_STEP_MS,
    ]);
    expect(revealedCount(plan, 0)).toBe(0);
    expect(revealedCount(plan, REVEAL_FIRST_MS)).toBe(1);
    expect(revealedCount(plan, REVEAL_FIRST_MS + REVEAL_STEP_MS - 1)).toBe(1);
    expect(revealedCount(plan, 10_000)).toBe(3);
    expect(nextRevealIn(plan, REVEAL_FIRST_MS + 10)).toBe(REVEAL_STEP_MS - 10);
    expect(nextRevealIn(plan, 10_000)).toBeNull();
    const reduced = revealPlan(10, true);
    expect(reduced).toHaveLength(10);
    expect(revealedCount(reduced, 0)).toBe(10);
    expect(revealPlan(0, false)).toEqual([]);
  });
});
