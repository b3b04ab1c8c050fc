/**
 * The pet area's catalogue (DESIGN.md section 8): species, variants, rarities, traits, foods,
 * toys, cosmetics, shard bundles and prices. Pages, the server and /fairness read these same
 * numbers, so what a page publishes is what the server applies. Free of zod so the browser
 * bundle can import it.
 */

/** Critter rarities, lowest first (spec section 3). */
export const RARITIES = ['Common', 'Uncommon', 'Rare', 'Legendary', 'Mythical'] as const;
export type Rarity = (typeof RARITIES)[number];
export const rarityRank = (r: Rarity): number => RARITIES.indexOf(r);

/** Trait rarities (spec section 3: the trait catalogue has six). */
export const TRAIT_RARITIES = [
  'common',
  'uncommon',
  'rare',
  'epic',
  'legendary',
  'mythical',
] as const;
export type TraitRarity = (typeof TRAIT_RARITIES)[number];

/** Shards to unlock a trait (spec section 9 for the first four; legendary and mythical are ours). */
export const TRAIT_COST: Record<TraitRarity, number> = {
  common: 30,
  uncommon: 50,
  rare: 75,
  epic: 100,
  legendary: 150,
  mythical: 250,
};

export interface Species {
  key: string;
  name: string;
  emoji: string;
  rarity: Rarity;
  /** One line a player reads on the starter screen and in the shop. */
  blurb: string;
  variants: readonly string[];
  /** The species it evolves into, if any. */
  evolvesTo?: string;
  starter?: boolean;
  /** Sold in the pet shop (Common and Uncommon only). */
  shop?: { price: number; coinType: CoinType };
}

/** 'user' is gold (the coin balance); 'pet' is pet coins (spec: Shop item coinType). */
export type CoinType = 'user' | 'pet';

export const SPECIES: readonly Species[] = [
  {
    key: 'sproutling',
    name: 'Sproutling',
    emoji: '🌱',
    rarity: 'Common',
    starter: true,
    evolvesTo: 'bloomback',
    blurb: 'A sleepy seedling that grows with every snack.',
    variants: ['Classic', 'Autumn', 'Blossom'],
    shop: { price: 300, coinType: 'pet' },
  },
  {
    key: 'emberpup',
    name: 'Emberpup',
    emoji: '🐶',
    rarity: 'Common',
    starter: true,
    evolvesTo: 'blazehound',
    blurb: 'A warm little pup with a tail like a candle.',
    variants: ['Classic', 'Ash', 'Cinder'],
    shop: { price: 300, coinType: 'pet' },
  },
  {
    key: 'puddlefin',
    name: 'Puddlefin',
    emoji: '🐟',
    rarity: 'Common',
    starter: true,
    evolvesTo: 'tidecrest',
    blurb: 'Splashes in every puddle and loves bubbles.',
    variants: ['Classic', 'Coral', 'Deep'],
    shop: { price: 300, coinType: 'pet' },
  },
  {
    key: 'pebblepaw',
    name: 'Pebblepaw',
    emoji: '🐹',
    rarity: 'Common',
    evolvesTo: 'boulderback',
    blurb: 'Collects shiny stones in its cheeks.',
    variants: ['Classic', 'Granite', 'Quartz'],
    shop: { price: 400, coinType: 'pet' },
  },
  {
    key: 'bloomback',
    name: 'Bloomback',
    emoji: '🦔',
    rarity: 'Uncommon',
    evolvesTo: 'elderoak',
    blurb: 'Its spines flower in spring.',
    variants: ['Classic', 'Autumn', 'Blossom'],
    shop: { price: 2500, coinType: 'user' },
  },
  {
    key: 'fluffmoth',
    name: 'Fluffmoth',
    emoji: '🦋',
    rarity: 'Uncommon',
    blurb: 'Drifts toward any lamp left on.',
    variants: ['Classic', 'Lunar', 'Dusk'],
    shop: { price: 2500, coinType: 'user' },
  },
  {
    key: 'zapkit',
    name: 'Zapkit',
    emoji: '🐱',
    rarity: 'Uncommon',
    evolvesTo: 'stormlynx',
    blurb: 'Static crackles in its fur when it purrs.',
    variants: ['Classic', 'Volt', 'Storm'],
    shop: { price: 3000, coinType: 'user' },
  },
  {
    key: 'boulderback',
    name: 'Boulderback',
    emoji: '🐢',
    rarity: 'Uncommon',
    blurb: 'Slow, patient and very hard to move.',
    variants: ['Classic', 'Granite', 'Quartz'],
  },
  {
    key: 'blazehound',
    name: 'Blazehound',
    emoji: '🐺',
    rarity: 'Rare',
    blurb: 'Runs so fast the grass smoulders.',
    variants: ['Classic', 'Ash', 'Cinder'],
  },
  {
    key: 'tidecrest',
    name: 'Tidecrest',
    emoji: '🐬',
    rarity: 'Rare',
    blurb: 'Rides the biggest waves for fun.',
    variants: ['Classic', 'Coral', 'Deep'],
  },
  {
    key: 'elderoak',
    name: 'Elderoak',
    emoji: '🌳',
    rarity: 'Rare',
    blurb: 'An old soul with birds in its branches.',
    variants: ['Classic', 'Autumn', 'Blossom'],
  },
  {
    key: 'stormlynx',
    name: 'Stormlynx',
    emoji: '🐆',
    rarity: 'Legendary',
    blurb: 'Thunder follows wherever it pounces.',
    variants: ['Classic', 'Volt', 'Storm'],
  },
  {
    key: 'moonfox',
    name: 'Moonfox',
    emoji: '🦊',
    rarity: 'Legendary',
    blurb: 'Only seen on nights with a full moon.',
    variants: ['Classic', 'Silver', 'Eclipse'],
  },
  {
    key: 'starwyrm',
    name: 'Starwyrm',
    emoji: '🐉',
    rarity: 'Mythical',
    blurb: 'Said to have swallowed a comet.',
    variants: ['Classic', 'Nebula', 'Solar'],
  },
  {
    key: 'phoenixling',
    name: 'Phoenixling',
    emoji: '🐦',
    rarity: 'Mythical',
    blurb: 'Rises from its own ashes, a little grumpy.',
    variants: ['Classic', 'Ember', 'Azure'],
  },
];

const speciesByKey = new Map(SPECIES.map((s) => [s.key, s]));
export const speciesOf = (key: string): Species | undefined => speciesByKey.get(key);
export const STARTERS = SPECIES.filter((s) => s.starter);

/** Effects a trait can have (DESIGN.md section 8: a closed list). Values are percents or units. */
export const TRAIT_EFFECTS = [
  'claimCoinsPct',
  'claimFood',
  'claimToys',
  'affectionPct',
  'minigameExpPct',
  'minigameScorePct',
  'claimCooldownPct',
  'revive',
] as const;
export type TraitEffect = (typeof TRAIT_EFFECTS)[number];

export interface Trait {
  key: string;
  name: string;
  rarity: TraitRarity;
  effect: TraitEffect;
  value: number;
}

/** The spec's 29 traits, each with one effect and its value. */
export const TRAITS: readonly Trait[] = [
  { key: 'forager', name: 'Forager', rarity: 'common', effect: 'claimFood', value: 1 },
  { key: 'naptime', name: 'Naptime', rarity: 'common', effect: 'claimCooldownPct', value: 5 },
  { key: 'cheerful', name: 'Cheerful', rarity: 'common', effect: 'affectionPct', value: 10 },
  { key: 'snuggly', name: 'Snuggly', rarity: 'common', effect: 'affectionPct', value: 15 },
  { key: 'patient', name: 'Patient', rarity: 'common', effect: 'minigameExpPct', value: 10 },
  { key: 'splashy', name: 'Splashy', rarity: 'common', effect: 'minigameScorePct', value: 5 },
  { key: 'hoarder', name: 'Hoarder', rarity: 'uncommon', effect: 'claimCoinsPct', value: 10 },
  { key: 'glutton', name: 'Glutton', rarity: 'uncommon', effect: 'claimFood', value: 2 },
  { key: 'bold', name: 'Bold', rarity: 'uncommon', effect: 'minigameScorePct', value: 10 },
  { key: 'energetic', name: 'Energetic', rarity: 'uncommon', effect: 'minigameExpPct', value: 15 },
  { key: 'sprinter', name: 'Sprinter', rarity: 'uncommon', effect: 'minigameScorePct', value: 10 },
  { key: 'acrobat', name: 'Acrobat', rarity: 'uncommon', effect: 'claimToys', value: 1 },
  { key: 'resourceful', name: 'Resourceful', rarity: 'rare', effect: 'claimCoinsPct', value: 15 },
  { key: 'shinycoat', name: 'Shinycoat', rarity: 'rare', effect: 'affectionPct', value: 20 },
  { key: 'precise', name: 'Precise', rarity: 'rare', effect: 'minigameScorePct', value: 15 },
  {
    key: 'quickthinker',
    name: 'Quickthinker',
    rarity: 'rare',
    effect: 'minigameExpPct',
    value: 20,
  },
  { key: 'stalwart', name: 'Stalwart', rarity: 'rare', effect: 'revive', value: 1 },
  { key: 'cunning', name: 'Cunning', rarity: 'rare', effect: 'claimToys', value: 2 },
  { key: 'luminous', name: 'Luminous', rarity: 'epic', effect: 'claimCoinsPct', value: 20 },
  { key: 'geothermal', name: 'Geothermal', rarity: 'epic', effect: 'claimCooldownPct', value: 10 },
  { key: 'stormborn', name: 'Stormborn', rarity: 'epic', effect: 'minigameScorePct', value: 20 },
  { key: 'moonlight', name: 'Moonlight', rarity: 'epic', effect: 'affectionPct', value: 30 },
  { key: 'mystic', name: 'Mystic', rarity: 'epic', effect: 'minigameExpPct', value: 30 },
  { key: 'celestial', name: 'Celestial', rarity: 'legendary', effect: 'claimCoinsPct', value: 30 },
  { key: 'shadowmeld', name: 'Shadowmeld', rarity: 'legendary', effect: 'revive', value: 1 },
  { key: 'prismatic', name: 'Prismatic', rarity: 'legendary', effect: 'claimFood', value: 3 },
  {
    key: 'quantumLeap',
    name: 'Quantum Leap',
    rarity: 'mythical',
    effect: 'claimCooldownPct',
    value: 25,
  },
  { key: 'voidwalker', name: 'Voidwalker', rarity: 'mythical', effect: 'claimCoinsPct', value: 50 },
  { key: 'phoenixFlame', name: 'Phoenix Flame', rarity: 'mythical', effect: 'revive', value: 1 },
];

const traitByKey = new Map(TRAITS.map((t) => [t.key, t]));
export const traitOf = (key: string): Trait | undefined => traitByKey.get(key);
export const TRAIT_KEYS = TRAITS.map((t) => t.key);

/** How a trait's effect reads on a page: 'Claims give +10% pet coins'. */
export function describeTrait(t: Pick<Trait, 'effect' | 'value'>): string {
  switch (t.effect) {
    case 'claimCoinsPct':
      return `Claims give +${t.value}% pet coins`;
    case 'claimFood':
      return `Claims give ${t.value} extra food`;
    case 'claimToys':
      return `Claims give ${t.value} extra ${t.value === 1 ? 'toy' : 'toys'}`;
    case 'affectionPct':
      return `+${t.value}% affection from feeding and play`;
    case 'minigameExpPct':
      return `+${t.value}% experience from mini-games`;
    case 'minigameScorePct':
      return `+${t.value}% mini-game score`;
    case 'claimCooldownPct':
      return `Claim cooldown −${t.value}%`;
    case 'revive':
      return 'One revive per mini-game';
  }
}

type GoodsKind = 'food' | 'toy' | 'cosmetic';

export interface Good {
  /** The catalogue key: the shop's _id and the key of the food and toys maps. */
  key: string;
  kind: GoodsKind;
  name: string;
  emoji: string;
  rarity: Rarity;
  price: number;
  coinType: CoinType;
  expBonus: number;
  affectionBonus: number;
  /** Cosmetics only: where it is worn and which species may wear it ('any' for all). */
  slot?: CosmeticSlot;
  availableTo?: string;
}

export const COSMETIC_SLOTS = ['hat', 'neck', 'back'] as const;
export type CosmeticSlot = (typeof COSMETIC_SLOTS)[number];

export const FOODS: readonly Good[] = [
  {
    key: 'berry-bites',
    kind: 'food',
    name: 'Berry Bites',
    emoji: '🫐',
    rarity: 'Common',
    price: 10,
    coinType: 'pet',
    expBonus: 20,
    affectionBonus: 2,
  },
  {
    key: 'crunchy-kibble',
    kind: 'food',
    name: 'Crunchy Kibble',
    emoji: '🥣',
    rarity: 'Common',
    price: 15,
    coinType: 'pet',
    expBonus: 35,
    affectionBonus: 1,
  },
  {
    key: 'honey-cake',
    kind: 'food',
    name: 'Honey Cake',
    emoji: '🍯',
    rarity: 'Uncommon',
    price: 40,
    coinType: 'pet',
    expBonus: 80,
    affectionBonus: 5,
  },
  {
    key: 'star-fruit',
    kind: 'food',
    name: 'Star Fruit',
    emoji: '⭐',
    rarity: 'Rare',
    price: 120,
    coinType: 'pet',
    expBonus: 250,
    affectionBonus: 8,
  },
  {
    key: 'golden-feast',
    kind: 'food',
    name: 'Golden Feast',
    emoji: '🍱',
    rarity: 'Legendary',
    price: 500,
    coinType: 'user',
    expBonus: 600,
    affectionBonus: 15,
  },
];

export const TOYS: readonly Good[] = [
  {
    key: 'yarn-ball',
    kind: 'toy',
    name: 'Yarn Ball',
    emoji: '🧶',
    rarity: 'Common',
    price: 12,
    coinType: 'pet',
    expBonus: 5,
    affectionBonus: 6,
  },
  {
    key: 'squeaky-bone',
    kind: 'toy',
    name: 'Squeaky Bone',
    emoji: '🦴',
    rarity: 'Common',
    price: 18,
    coinType: 'pet',
    expBonus: 5,
    affectionBonus: 8,
  },
  {
    key: 'bubble-wand',
    kind: 'toy',
    name: 'Bubble Wand',
    emoji: '🫧',
    rarity: 'Uncommon',
    price: 45,
    coinType: 'pet',
    expBonus: 10,
    affectionBonus: 14,
  },
  {
    key: 'puzzle-cube',
    kind: 'toy',
    name: 'Puzzle Cube',
    emoji: '🧩',
    rarity: 'Rare',
    price: 300,
    coinType: 'user',
    expBonus: 30,
    affectionBonus: 25,
  },
];

export const COSMETICS: readonly Good[] = [
  {
    key: 'party-hat',
    kind: 'cosmetic',
    name: 'Party Hat',
    emoji: '🥳',
    rarity: 'Common',
    price: 150,
    coinType: 'pet',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'hat',
    availableTo: 'any',
  },
  {
    key: 'top-hat',
    kind: 'cosmetic',
    name: 'Top Hat',
    emoji: '🎩',
    rarity: 'Uncommon',
    price: 1500,
    coinType: 'user',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'hat',
    availableTo: 'any',
  },
  {
    key: 'flower-crown',
    kind: 'cosmetic',
    name: 'Flower Crown',
    emoji: '💐',
    rarity: 'Uncommon',
    price: 400,
    coinType: 'pet',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'hat',
    availableTo: 'sproutling',
  },
  {
    key: 'red-scarf',
    kind: 'cosmetic',
    name: 'Red Scarf',
    emoji: '🧣',
    rarity: 'Common',
    price: 200,
    coinType: 'pet',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'neck',
    availableTo: 'any',
  },
  {
    key: 'bell-collar',
    kind: 'cosmetic',
    name: 'Bell Collar',
    emoji: '🔔',
    rarity: 'Uncommon',
    price: 350,
    coinType: 'pet',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'neck',
    availableTo: 'emberpup',
  },
  {
    key: 'tiny-backpack',
    kind: 'cosmetic',
    name: 'Tiny Backpack',
    emoji: '🎒',
    rarity: 'Rare',
    price: 2500,
    coinType: 'user',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'back',
    availableTo: 'any',
  },
  {
    key: 'fairy-wings',
    kind: 'cosmetic',
    name: 'Fairy Wings',
    emoji: '🪽',
    rarity: 'Legendary',
    price: 6000,
    coinType: 'user',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'back',
    availableTo: 'any',
  },
  {
    key: 'snorkel',
    kind: 'cosmetic',
    name: 'Snorkel',
    emoji: '🤿',
    rarity: 'Uncommon',
    price: 350,
    coinType: 'pet',
    expBonus: 0,
    affectionBonus: 0,
    slot: 'hat',
    availableTo: 'puddlefin',
  },
];

/** Every unit that lives in the items module, by key. */
export const GOODS: readonly Good[] = [...FOODS, ...TOYS, ...COSMETICS];
const goodByKey = new Map(GOODS.map((g) => [g.key, g]));
export const goodOf = (key: string): Good | undefined => goodByKey.get(key);

/** A cosmetic fits a species when it names it or 'any' (spec section 5). */
export const cosmeticFits = (good: Pick<Good, 'availableTo'>, species: string): boolean =>
  good.availableTo === 'any' || good.availableTo === species;

/** Shards are sold for gold in bundles. */
export interface ShardBundle {
  key: string;
  name: string;
  shards: number;
  price: number;
}
export const SHARD_BUNDLES: readonly ShardBundle[] = [
  { key: 'shards-25', name: 'Pouch of 25 shards', shards: 25, price: 250 },
  { key: 'shards-100', name: 'Sack of 100 shards', shards: 100, price: 900 },
  { key: 'shards-500', name: 'Chest of 500 shards', shards: 500, price: 4000 },
];
const bundleByKey = new Map(SHARD_BUNDLES.map((b) => [b.key, b]));
export const shardBundleOf = (key: string): ShardBundle | undefined => bundleByKey.get(key);

/** The pet shop's tabs (spec section 2). */
export const SHOP_TABS = ['pets', 'foods', 'toys', 'cosmetics', 'shards'] as const;
export type ShopTab = (typeof SHOP_TABS)[number];

/** Foods and toys sell in quantities of 1 to 99 (DESIGN.md section 8); shard bundles the same. */
export const SHOP_MAX_QUANTITY = 99;

/** A new critter starts here (adoption, the shop). */
export const STARTING_AFFECTION = 20;
export const MAX_AFFECTION = 100;
