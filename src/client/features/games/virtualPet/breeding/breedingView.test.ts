import { describe, expect, it } from 'vitest';
import type { CritterDto } from '../../../../../shared/games/virtualPet/contract';
import { BREED_COOLDOWN_MS, HATCH_MS } from '../../../../../shared/games/virtualPet/breeding';
import {
  blockText,
  breedBlockedText,
  breedingList,
  clockOffsetMs,
  cooldownList,
  critterLabel,
  effectivePayment,
  eggProgress,
  eggReady,
  formatDuration,
  formatHms,
  msUntil,
  offspringPreview,
  parentBlock,
  parentChoices,
  paymentLabel,
  paymentOptions,
  childRarity,
  pickable,
} from './breedingView';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const critter = (over: Partial<CritterDto> = {}): CritterDto => ({
  _id: '1',
  species: 'emberpup',
  name: 'Emberpup',
  emoji: '🐶',
  variant: 'Ash',
  rarity: 'Rare',
  generation: 1,
  level: 1,
  experience: 0,
  levelStart: 0,
  nextLevelAt: 50,
  affection: 10,
  traits: {},
  evolvedTo: null,
  canEvolve: false,
  evolveCondition: '',
  equippedCosmetics: {},
  breeding: { hatchAt: null },
  lastHatchedAt: null,
  createdAt: iso(NOW - 1000),
  ...over,
});

const user = (coins: number, balance: number) => ({
  balance,
  resources: { coins, shards: 0, food: {}, toys: {}, cosmetics: {}, nextClaim: null },
});

describe('breeding clock', () => {
  it('corrects the local clock by serverTime', () => {
    expect(clockOffsetMs('2025-03-01T12:00:05.000Z', NOW)).toBe(5000);
    expect(clockOffsetMs('2025-03-01T11:59:58.000Z', NOW)).toBe(-2000);
    expect(clockOffsetMs(undefined, NOW)).toBe(0);
    expect(clockOffsetMs('later', NOW)).toBe(0);
    expect(clockOffsetMs('2025-03-01T12:00:05.000Z', 0)).toBe(0);
  });

  it('counts down as HH:MM:SS, never below zero', () => {
    expect(formatHms(msUntil(iso(NOW + 3_723_000), NOW))).toBe('01:02:03');
    expect(formatHms(msUntil(iso(NOW + 12 * 3_600_000), NOW))).toBe('12:00:00');
    expect(formatHms(msUntil(iso(NOW - 5000), NOW))).toBe('00:00:00');
    expect(msUntil(null, NOW)).toBe(0);
    expect(formatHms(1)).toBe('00:00:01');
  });

  it('states hatch times in hours and minutes', () => {
    expect(formatDuration(HATCH_MS.Common)).toBe('1 h');
    expect(formatDuration(HATCH_MS.Mythical)).toBe('12 h');
    expect(formatDuration(90 * 60_000)).toBe('1 h 30 min');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
  });
});

describe('breeding parents', () => {
  const free = critter({ _id: '1' });
  const other = critter({
    _id: '2',
    species: 'puddlefin',
    name: 'Puddlefin',
    emoji: '🐟',
    variant: 'Coral',
  });
  const breeding = critter({ _id: '3', breeding: { hatchAt: iso(NOW + 3_723_000) } });
  const eggDue = critter({ _id: '4', breeding: { hatchAt: iso(NOW - 1000) } });
  const resting = critter({ _id: '5', lastHatchedAt: iso(NOW - BREED_COOLDOWN_MS + 60_000) });
  const rested = critter({ _id: '6', lastHatchedAt: iso(NOW - BREED_COOLDOWN_MS - 1) });
  const all = [free, other, breeding, eggDue, resting, rested];

  it('says why a critter cannot breed, with the time left', () => {
    expect(parentBlock(free, NOW)).toBeNull();
    expect(parentBlock(rested, NOW)).toBeNull();
    expect(blockText(parentBlock(breeding, NOW)!)).toBe('breeding, egg hatches in 01:02:03');
    expect(blockText(parentBlock(eggDue, NOW)!)).toBe('breeding, egg ready to hatch');
    expect(blockText(parentBlock(resting, NOW)!)).toBe('resting after a hatch, 00:01:00 left');
  });

  it('lists every critter in a picker, the busy ones and the other parent not pickable', () => {
    const choices = parentChoices(all, '2', NOW);
    expect(choices.map((c) => c.disabledBecause)).toEqual([
      null,
      'picked as the other parent',
      'breeding, egg hatches in 01:02:03',
      'breeding, egg ready to hatch',
      'resting after a hatch, 00:01:00 left',
      null,
    ]);
    expect(choices[0]!.label).toBe('🐶 Emberpup (Ash), Rare, gen 1, level 1, #1');
    expect(choices[2]!.label).toBe(
      '🐶 Emberpup (Ash), Rare, gen 1, level 1, #3 (breeding, egg hatches in 01:02:03)',
    );
    expect(critterLabel(other)).toBe('🐟 Puddlefin (Coral), Rare, gen 1, level 1, #2');
  });

  it('keeps a pick only while it may breed and is not the other parent', () => {
    expect(pickable(all, '1', '2', NOW)).toBe(free);
    expect(pickable(all, '1', '1', NOW)).toBeNull();
    expect(pickable(all, '3', null, NOW)).toBeNull();
    expect(pickable(all, '', null, NOW)).toBeNull();
    expect(pickable(all, '99', null, NOW)).toBeNull();
  });

  it('lists the critters breeding and those resting, soonest first', () => {
    expect(breedingList(all, NOW).map((t) => [t.critter._id, t.leftMs])).toEqual([
      ['4', 0],
      ['3', 3_723_000],
    ]);
    expect(cooldownList(all, NOW).map((t) => [t.critter._id, t.leftMs])).toEqual([['5', 60_000]]);
  });
});

describe('breeding payment and preview', () => {
  it('offers 500 pet coins or 5,000 gold, disabling what cannot be paid', () => {
    expect(
      paymentOptions(user(500, 4999), 'Common').map((o) => [o.method, o.cost, o.affordable]),
    ).toEqual([
      ['pet', 500, true],
      ['gold', 5000, false],
    ]);
    expect(paymentOptions(undefined, 'Common').every((o) => o.affordable)).toBe(true);
    expect(paymentLabel(paymentOptions(user(1200, 0), 'Common')[0]!)).toBe(
      '500 pet coins (you have 1,200)',
    );
    expect(paymentLabel(paymentOptions(user(1200, 10), 'Common')[1]!)).toBe(
      '5,000 gold (you have 10), not enough',
    );
    expect(effectivePayment('gold', paymentOptions(user(500, 5000), 'Common'))).toBe('gold');
    expect(effectivePayment('gold', paymentOptions(user(500, 10), 'Common'))).toBe('pet');
    expect(effectivePayment(null, paymentOptions(user(0, 5000), 'Common'))).toBe('gold');
    expect(effectivePayment('pet', paymentOptions(user(0, 0), 'Common'))).toBeNull();
    // A top-rarity child costs what the gacha would on average (issue 34): two Mythicals' child 66,700 gold or 6,670 pet coins.
    expect(
      paymentOptions(user(6669, 66_700), 'Mythical').map((o) => [o.method, o.cost, o.affordable]),
    ).toEqual([
      ['pet', 6670, false],
      ['gold', 66_700, true],
    ]);
    expect(childRarity(critter({ rarity: 'Mythical' }), critter({ rarity: 'Legendary' }))).toBe(
      'Legendary',
    );
    expect(childRarity(critter({ rarity: 'Mythical' }), null)).toBe('Common');
  });

  it('previews the offspring: species 50/50, the lower rarity, generation max + 1, traits with chances', () => {
    const a = critter({
      species: 'emberpup',
      rarity: 'Legendary',
      generation: 3,
      traits: { bold: true, forager: true },
    });
    const b = critter({
      species: 'puddlefin',
      rarity: 'Uncommon',
      generation: 1,
      traits: { bold: true },
    });
    const p = offspringPreview(a, b);
    expect(p.species).toEqual([
      { key: 'emberpup', name: 'Emberpup', emoji: '🐶', percent: 50 },
      { key: 'puddlefin', name: 'Puddlefin', emoji: '🐟', percent: 50 },
    ]);
    expect(p.rarity).toBe('Uncommon');
    expect(p.generation).toBe(4);
    expect(p.traits).toEqual([
      { trait: 'bold', name: 'Bold', percent: 51 },
      { trait: 'forager', name: 'Forager', percent: 30 },
    ]);
    expect(p.mutationPct).toBe(5);
    expect(p.hatchMs).toBe(HATCH_MS.Uncommon);
    expect(p.hatchText).toBe('2 h');
    expect(offspringPreview(a, a).species).toEqual([
      { key: 'emberpup', name: 'Emberpup', emoji: '🐶', percent: 100 },
    ]);
  });

  it('says why Breed is off', () => {
    expect(
      breedBlockedText({
        critterCount: 1,
        parentA: null,
        parentB: null,
        payment: 'pet',
        rarity: 'Common',
      }),
    ).toBe('Breeding needs two critters.');
    expect(
      breedBlockedText({
        critterCount: 2,
        parentA: {},
        parentB: null,
        payment: 'pet',
        rarity: 'Common',
      }),
    ).toBe('Pick two different critters that are free to breed.');
    expect(
      breedBlockedText({
        critterCount: 2,
        parentA: {},
        parentB: {},
        payment: null,
        rarity: 'Common',
      }),
    ).toBe('Not enough to pay: breeding a Common costs 500 pet coins or 5,000 gold.');
    expect(
      breedBlockedText({
        critterCount: 2,
        parentA: {},
        parentB: {},
        payment: null,
        rarity: 'Mythical',
      }),
    ).toBe('Not enough to pay: breeding a Mythical costs 6,670 pet coins or 66,700 gold.');
    expect(
      breedBlockedText({
        critterCount: 2,
        parentA: {},
        parentB: {},
        payment: 'gold',
        rarity: 'Common',
      }),
    ).toBeNull();
  });
});

describe('breeding eggs', () => {
  const egg = (hatchAt: number, ready = false) => ({
    ready,
    hatchAt: iso(hatchAt),
    child: { rarity: 'Common' as const },
  });

  it('is ready when the server says so or its countdown is at zero', () => {
    expect(eggReady(egg(NOW + 1000), NOW)).toBe(false);
    expect(eggReady(egg(NOW + 1000, true), NOW)).toBe(true);
    expect(eggReady(egg(NOW), NOW)).toBe(true);
  });

  it('shows how far it has come', () => {
    expect(eggProgress(egg(NOW + HATCH_MS.Common), NOW)).toBe(0);
    expect(eggProgress(egg(NOW + HATCH_MS.Common / 4), NOW)).toBe(75);
    expect(eggProgress(egg(NOW - 1), NOW)).toBe(100);
  });
});
