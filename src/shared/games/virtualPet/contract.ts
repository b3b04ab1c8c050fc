import { z } from 'zod';
import {
  COSMETIC_SLOTS,
  GOODS,
  SHOP_TABS,
  RARITIES,
  SHARD_BUNDLES,
  SHOP_MAX_QUANTITY,
  SPECIES,
  TRAIT_EFFECTS,
  TRAIT_KEYS,
  TRAIT_RARITIES,
} from './catalog';
import { GACHA_POOL_IDS } from './gacha';
import { MINIGAMES } from './minigames';
import { idParams, idString } from '../../api/common';
import { defineRoutes } from '../../api/contract';

export * from './catalog';

// ---- shapes -------------------------------------------------------------------------------

/** What a user holds of the pet currencies and goods (spec: User (games view).resources). */
const petResourcesDto = z.object({
  /** Pet coins. */
  coins: z.number(),
  shards: z.number(),
  /** Units held by food key. */
  food: z.record(z.string(), z.number()),
  toys: z.record(z.string(), z.number()),
  /** Cosmetic units held by key. */
  cosmetics: z.record(z.string(), z.number()),
  /** When the next claim opens; null when one can be claimed now. */
  nextClaim: z.string().nullable(),
});
export type PetResourcesDto = z.infer<typeof petResourcesDto>;

const critterDto = z.object({
  _id: z.string(),
  species: z.string(),
  name: z.string(),
  emoji: z.string(),
  variant: z.string(),
  rarity: z.enum(RARITIES),
  generation: z.number(),
  level: z.number(),
  experience: z.number(),
  /** Experience where this level starts and the next one does. */
  levelStart: z.number(),
  nextLevelAt: z.number(),
  affection: z.number(),
  /** Spec: a map of trait name to true. */
  traits: z.record(z.string(), z.literal(true)),
  /** The species it would evolve into, or null at its final form. */
  evolvedTo: z.string().nullable(),
  canEvolve: z.boolean(),
  evolveCondition: z.string(),
  /** Slot to cosmetic key. */
  equippedCosmetics: z.record(z.string(), z.string()),
  breeding: z.object({ hatchAt: z.string().nullable() }),
  lastHatchedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CritterDto = z.infer<typeof critterDto>;

const starterDto = z.object({
  species: z.string(),
  name: z.string(),
  emoji: z.string(),
  rarity: z.enum(RARITIES),
  description: z.string(),
});
export type StarterDto = z.infer<typeof starterDto>;

const gamesUserDto = z.object({
  id: z.string(),
  balance: z.number(),
  /** The store items held (spec: entries with quantity and item.effectType / item.effectValue). */
  inventory: z.array(
    z.object({
      quantity: z.number(),
      item: z.object({
        _id: z.string(),
        name: z.string(),
        effectType: z.string().nullable(),
        effectValue: z.number().nullable(),
      }),
    }),
  ),
  resources: petResourcesDto,
});
export type GamesUserDto = z.infer<typeof gamesUserDto>;

const crittersDto = z.object({ critters: z.array(critterDto) });
export type CrittersDto = z.infer<typeof crittersDto>;

/** The answer of a care action (feed, play, equip, adopt): the changed critter and what is held now. */
const critterActionResponse = z.object({
  message: z.string(),
  critter: critterDto,
  resources: petResourcesDto,
});
export type CritterActionResponse = z.infer<typeof critterActionResponse>;

const evolveResponse = z.object({ message: z.string(), critter: critterDto });
const unlockTraitResponse = z.object({
  message: z.string(),
  newShards: z.number(),
  critter: critterDto,
});
export type UnlockTraitResponse = z.infer<typeof unlockTraitResponse>;

const claimResponse = z.object({
  newInventory: petResourcesDto,
  coinsAdded: z.number(),
  shardsAdded: z.number(),
  foodAdded: z.record(z.string(), z.number()),
  toysAdded: z.record(z.string(), z.number()),
  nextClaim: z.string(),
  /** The round that drew the foods and toys, to verify on /fairness. */
  roundId: z.string(),
  nonce: z.number(),
});
export type ClaimResponse = z.infer<typeof claimResponse>;

const traitCatalogDto = z.object({
  key: z.string(),
  name: z.string(),
  rarity: z.enum(TRAIT_RARITIES),
  cost: z.number(),
  effect: z.enum(TRAIT_EFFECTS),
  value: z.number(),
  description: z.string(),
});

const cosmeticDto = z.object({
  _id: z.string(),
  name: z.string(),
  emoji: z.string(),
  slot: z.enum(COSMETIC_SLOTS),
  availableTo: z.string(),
  rarity: z.enum(RARITIES),
  /** Units this user holds, and on which critters they are worn. */
  owned: z.number(),
  equippedOn: z.array(z.string()),
});
const cosmeticsDto = z.object({ cosmetics: z.array(cosmeticDto) });
export type CosmeticDto = z.infer<typeof cosmeticDto>;

const shopItemDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** Spec: pet, cosmetic or other. */
  type: z.enum(['pet', 'cosmetic', 'other']),
  tab: z.enum(SHOP_TABS),
  emoji: z.string(),
  rarity: z.enum(RARITIES),
  description: z.string(),
  effect: z.object({ affectionBonus: z.number(), expBonus: z.number() }),
  /** Units one purchase of quantity 1 gives (a shard bundle's shards, else 1). */
  quantity: z.number(),
  price: z.number(),
  /** 'user' is gold, 'pet' pet coins. */
  coinType: z.enum(['user', 'pet']),
  /** A cosmetic's slot (one of COSMETIC_SLOTS), else null. A string here: OpenAPI 3.0 cannot say 'an enum or null'. */
  slot: z.string().nullable(),
  availableTo: z.string().nullable(),
});
export type ShopItemDto = z.infer<typeof shopItemDto>;
const shopItemsDto = z.object({ items: z.array(shopItemDto), traits: z.array(traitCatalogDto) });
export type ShopItemsDto = z.infer<typeof shopItemsDto>;

const shopPurchaseResponse = z.object({
  message: z.string(),
  balance: z.number(),
  resources: petResourcesDto,
});
export type ShopPurchaseResponse = z.infer<typeof shopPurchaseResponse>;
const buyPetResponse = shopPurchaseResponse.extend({ critter: critterDto });

// ---- inputs -------------------------------------------------------------------------------

const speciesKeys = SPECIES.map((s) => s.key) as [string, ...string[]];
const goodKeys = [...GOODS.map((g) => g.key), ...SHARD_BUNDLES.map((b) => b.key)] as [
  string,
  ...string[],
];

const adoptBody = z.strictObject({
  species: z.enum(speciesKeys, { error: 'species must be one of the starters' }),
});
const feedBody = z.strictObject({
  foodItem: z
    .string({ error: 'foodItem is required: select a food item first' })
    .min(1, 'foodItem is required: select a food item first'),
});
const playBody = z.strictObject({
  toyItem: z
    .string({ error: 'toyItem is required: select a toy first' })
    .min(1, 'toyItem is required: select a toy first'),
});
const evolveBody = z.strictObject({ critterId: idString('critterId') });
const unlockTraitBody = z.strictObject({
  critterId: idString('critterId'),
  trait: z.enum(TRAIT_KEYS as [string, ...string[]], {
    error: 'trait must be one of the trait catalogue',
  }),
});
const equipBody = z.strictObject({
  critterId: idString('critterId'),
  slot: z.enum(COSMETIC_SLOTS, { error: `slot must be one of ${COSMETIC_SLOTS.join(', ')}` }),
  itemId: z.string({ error: 'itemId is required' }).min(1, 'itemId is required'),
});
const shopBuyBody = z.strictObject({
  itemId: z.enum(goodKeys, { error: 'itemId must be an item of the pet shop' }),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(SHOP_MAX_QUANTITY, `quantity must be at most ${SHOP_MAX_QUANTITY}`)
    .default(1),
});
const buyCosmeticBody = z.strictObject({
  itemId: z.string({ error: 'itemId is required' }).min(1, 'itemId is required'),
});
const buyPetBody = z.strictObject({
  species: z.enum(speciesKeys, { error: 'species must be a species of the pet shop' }),
});

// ---- routes -------------------------------------------------------------------------------

const sanctuaryRoutes = defineRoutes({
  'GET /api/user/me': {
    auth: 'user',
    summary: 'The games view of you: balance, store items held and pet resources',
    reply: gamesUserDto,
  },
  'GET /api/sanctuary/resources': {
    auth: 'user',
    summary:
      'Claim the sanctuary resources (every 4 hours; 400 with details.nextClaim when too soon)',
    reply: claimResponse,
  },
});

const crittersRoutes = defineRoutes({
  'GET /api/critters/starters': {
    auth: 'user',
    summary: 'The three starter species',
    reply: z.array(starterDto),
  },
  'POST /api/critters/adopt': {
    auth: 'user',
    idempotent: true,
    summary: 'Adopt a starter (only while you have no critter)',
    body: adoptBody,
    reply: critterActionResponse,
    status: 201,
  },
  'GET /api/critters/mine': { auth: 'user', summary: 'Your critters', reply: crittersDto },
  'POST /api/critters/feed/:id': {
    auth: 'user',
    idempotent: true,
    summary: 'Feed one food to a critter',
    params: idParams,
    body: feedBody,
    reply: critterActionResponse,
  },
  'POST /api/critters/play/:id': {
    auth: 'user',
    idempotent: true,
    summary: 'Play with a critter using one toy',
    params: idParams,
    body: playBody,
    reply: critterActionResponse,
  },
  'POST /api/critters/evolve': {
    auth: 'user',
    idempotent: true,
    summary: 'Evolve a critter (level 10, affection 50)',
    body: evolveBody,
    reply: evolveResponse,
  },
  'POST /api/traits/unlock': {
    auth: 'user',
    idempotent: true,
    summary: 'Unlock a trait on a critter for shards',
    body: unlockTraitBody,
    reply: unlockTraitResponse,
  },
  'GET /api/cosmetics': {
    auth: 'user',
    summary: 'Every cosmetic, with the units you hold and where they are worn',
    reply: cosmeticsDto,
  },
  'POST /api/critters/equip-cosmetic': {
    auth: 'user',
    idempotent: true,
    summary: 'Wear a held cosmetic in a slot',
    body: equipBody,
    reply: critterActionResponse,
  },
});

const petShopRoutes = defineRoutes({
  'GET /api/shop/items': {
    auth: 'user',
    summary: 'The pet shop: pets, foods, toys, cosmetics, shards, and the trait catalogue',
    reply: shopItemsDto,
  },
  'POST /api/shop/buy': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy foods, toys or shards (quantity 1-99)',
    body: shopBuyBody,
    reply: shopPurchaseResponse,
  },
  'POST /api/shop/buy-cosmetic': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy a cosmetic',
    body: buyCosmeticBody,
    reply: shopPurchaseResponse,
  },
  'POST /api/shop/buy-pet': {
    auth: 'user',
    idempotent: true,
    summary: 'Buy a Common or Uncommon critter',
    body: buyPetBody,
    reply: buyPetResponse,
    status: 201,
  },
});

// ---- part 2: gacha, breeding, mini-games (issue 22) ----------------------------------------

const gachaPoolDto = z.object({
  id: z.string(),
  name: z.string(),
  emoji: z.string(),
  /** Gold per pull. */
  cost: z.number(),
  /** Weight out of 10,000 per rarity. */
  odds: z.record(z.string(), z.number()),
  /** Pulls on this pool since your last Legendary-or-better, out of 100. */
  pityCount: z.number(),
});
export type GachaPoolDto = z.infer<typeof gachaPoolDto>;
const gachaPoolsDto = z.object({ pools: z.array(gachaPoolDto) });

const gachaResultDto = z.object({
  species: z.string(),
  name: z.string(),
  emoji: z.string(),
  variant: z.string(),
  rarity: z.enum(RARITIES),
  traits: z.array(z.string()),
  /** The pull pity decided. */
  pity: z.boolean(),
  critterId: z.string(),
  roundId: z.string(),
  nonce: z.number(),
});
export type GachaResultDto = z.infer<typeof gachaResultDto>;
const gachaSpinResponse = z.object({
  newBalance: z.number(),
  pityCount: z.number(),
  results: z.array(gachaResultDto),
});
export type GachaSpinResponse = z.infer<typeof gachaSpinResponse>;

const gachaSpinBody = z.strictObject({
  pool: z.enum(GACHA_POOL_IDS as [string, ...string[]], {
    error: `pool must be one of ${GACHA_POOL_IDS.join(', ')}`,
  }),
  count: z.union([z.literal(1), z.literal(10)], { error: 'count must be 1 or 10' }),
});

const eggDto = z.object({
  _id: z.string(),
  hatchAt: z.string(),
  ready: z.boolean(),
  child: z.object({
    species: z.string(),
    name: z.string(),
    emoji: z.string(),
    variant: z.string(),
    rarity: z.enum(RARITIES),
    generation: z.number(),
    traits: z.array(z.string()),
  }),
  parents: z.array(z.string()),
  roundId: z.string(),
});
export type EggDto = z.infer<typeof eggDto>;
const eggsDto = z.object({ eggs: z.array(eggDto), serverTime: z.string() });
export type EggsDto = z.infer<typeof eggsDto>;

const breedBody = z.strictObject({
  parentA: idString('parentA'),
  parentB: idString('parentB'),
  paymentMethod: z.enum(['pet', 'gold'], { error: "paymentMethod must be 'pet' or 'gold'" }),
});
const breedResponse = z.object({
  message: z.string(),
  egg: eggDto,
  balance: z.number(),
  resources: petResourcesDto,
});
const hatchResponse = z.object({ message: z.string(), critter: critterDto });

const minigameStartBody = z.strictObject({
  critterId: idString('critterId'),
  game: z.enum(MINIGAMES, { error: `game must be one of ${MINIGAMES.join(', ')}` }),
});
const minigameStartResponse = z.object({
  runId: z.string(),
  serverTime: z.string(),
  expiresAt: z.string(),
});
export type MinigameStartResponse = z.infer<typeof minigameStartResponse>;
const minigameCompleteBody = z.strictObject({
  critterId: idString('critterId'),
  game: z.enum(MINIGAMES, { error: `game must be one of ${MINIGAMES.join(', ')}` }),
  actualScore: z
    .number({ error: 'actualScore must be a number' })
    .min(0, 'actualScore must be at least 0')
    .max(1_000_000, 'actualScore must be at most 1000000'),
  runId: idString('runId'),
});
const minigameCompleteResponse = z.object({
  message: z.string(),
  /** The score counted: the claim, clamped to what the run's length allows. */
  score: z.number(),
  clamped: z.boolean(),
  experienceEarned: z.number(),
  coinsEarned: z.number(),
  /** Pet coins the daily cap held back. */
  coinsCapped: z.number(),
  critter: critterDto,
});
export type MinigameCompleteResponse = z.infer<typeof minigameCompleteResponse>;

const gachaRoutes = defineRoutes({
  'GET /api/gacha/pools': {
    auth: 'user',
    summary: 'The gacha pools, their odds and your pity count on each',
    reply: gachaPoolsDto,
  },
  'POST /api/gacha/spin': {
    auth: 'user',
    idempotent: true,
    summary: 'Pull 1 or 10 critters from a pool for gold (x10 costs ten pulls)',
    body: gachaSpinBody,
    reply: gachaSpinResponse,
  },
});

const breedingRoutes = defineRoutes({
  'GET /api/breeding/eggs': { auth: 'user', summary: 'Your eggs not yet hatched', reply: eggsDto },
  'POST /api/breeding/critters/breed': {
    auth: 'user',
    idempotent: true,
    summary: 'Breed two of your critters for 500 pet coins or 5,000 gold',
    body: breedBody,
    reply: breedResponse,
    status: 201,
  },
  'POST /api/breeding/eggs/:id/hatch': {
    auth: 'user',
    idempotent: true,
    summary: 'Hatch a ready egg',
    params: idParams,
    reply: hatchResponse,
  },
});

const minigamesRoutes = defineRoutes({
  'POST /api/sanctuary/minigame/start': {
    auth: 'user',
    summary: 'Start a mini-game run for a critter (the server times it)',
    body: minigameStartBody,
    reply: minigameStartResponse,
    status: 201,
  },
  'POST /api/sanctuary/minigame/complete': {
    auth: 'user',
    idempotent: true,
    summary: 'Complete a run with its score: pays experience and pet coins once',
    body: minigameCompleteBody,
    reply: minigameCompleteResponse,
  },
});

/** The pet family's one route table, under its game key: the groups above, one per area. */
export const virtualPetRoutes = {
  ...sanctuaryRoutes,
  ...crittersRoutes,
  ...petShopRoutes,
  ...gachaRoutes,
  ...breedingRoutes,
  ...minigamesRoutes,
};
