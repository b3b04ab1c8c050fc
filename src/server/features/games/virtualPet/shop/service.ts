import { sql } from 'drizzle-orm';
import type {
  ShopItemDto,
  ShopItemsDto,
  ShopPurchaseResponse,
} from '../../../../../shared/games/virtualPet/contract';
import {
  COSMETICS,
  describeTrait,
  FOODS,
  SHARD_BUNDLES,
  shardBundleOf,
  SPECIES,
  speciesOf,
  STARTING_AFFECTION,
  TOYS,
  TRAIT_COST,
  TRAITS,
  type CoinType,
  type Good,
} from '../../../../../shared/games/virtualPet/catalog';
import type { Queryable } from '../../../../db/client';
import type { Deps } from '../../../../platform/deps';
import { AppError, badRequest } from '../../../../platform/errors';
import { items } from '../../../items/public';
import { ledger } from '../../../wallet/public';
import type { Currency } from '../../../wallet/public';
import { describeGood, goodWithId } from '../catalogItems';
import { presentCritter } from '../critters/presenter';
import { insertCritter } from '../critters/queries';
import { bumpCounter, lockProfile } from '../profile';
import { resourcesOf } from '../resources';
import { accountsSql } from '../../../accounts/public';

const goodItem = (g: Good, tab: ShopItemDto['tab']): ShopItemDto => ({
  _id: g.key,
  name: g.name,
  type: g.kind === 'cosmetic' ? 'cosmetic' : 'other',
  tab,
  emoji: g.emoji,
  rarity: g.rarity,
  description: describeGood(g),
  effect: { affectionBonus: g.affectionBonus, expBonus: g.expBonus },
  quantity: 1,
  price: g.price,
  coinType: g.coinType,
  slot: g.slot ?? null,
  availableTo: g.availableTo ?? null,
});

/** The shop's shelves, built from the catalogue (prices are published there, not stored). */
const SHELVES: ShopItemDto[] = [
  ...SPECIES.flatMap((s) =>
    s.shop
      ? [
          {
            _id: `pet:${s.key}`,
            name: s.name,
            type: 'pet' as const,
            tab: 'pets' as const,
            emoji: s.emoji,
            rarity: s.rarity,
            description: s.blurb,
            effect: { affectionBonus: 0, expBonus: 0 },
            quantity: 1,
            price: s.shop.price,
            coinType: s.shop.coinType,
            slot: null,
            availableTo: null,
          },
        ]
      : [],
  ),
  ...FOODS.map((g) => goodItem(g, 'foods')),
  ...TOYS.map((g) => goodItem(g, 'toys')),
  ...COSMETICS.map((g) => goodItem(g, 'cosmetics')),
  ...SHARD_BUNDLES.map((b) => ({
    _id: b.key,
    name: b.name,
    type: 'other' as const,
    tab: 'shards' as const,
    emoji: '💎',
    rarity: 'Common' as const,
    description: `${b.shards} shards, for unlocking traits`,
    effect: { affectionBonus: 0, expBonus: 0 },
    quantity: b.shards,
    price: b.price,
    coinType: 'user' as const,
    slot: null,
    availableTo: null,
  })),
];

export function shopItems(): ShopItemsDto {
  return {
    items: SHELVES,
    traits: TRAITS.map((t) => ({
      key: t.key,
      name: t.name,
      rarity: t.rarity,
      cost: TRAIT_COST[t.rarity],
      effect: t.effect,
      value: t.value,
      description: describeTrait(t),
    })),
  };
}

const currencyOf = (coinType: CoinType): Currency => (coinType === 'user' ? 'gold' : 'pet_coins');
const currencyWords = (c: Currency) => (c === 'gold' ? 'gold' : 'pet coins');

/**
 * Writes the purchase row and takes its price through the ledger (gold or pet coins), after
 * the caller's units or critter are written: business rows, then holdings, then the account.
 * A price above the balance violates the CHECK and rolls back everything, with the words below.
 */
async function pay(
  tx: Queryable,
  userId: number,
  purchaseId: number,
  price: number,
  currency: Currency,
  what: string,
): Promise<number> {
  try {
    const balances = await ledger.post(
      tx,
      [{ userId, delta: -price, category: 'pet_shop' }],
      { refType: 'pet_purchase', refId: purchaseId, currency },
      { actorId: userId },
    );
    return balances.get(userId) ?? 0;
  } catch (err) {
    if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
      throw new AppError(
        409,
        'INSUFFICIENT_FUNDS',
        `Not enough ${currencyWords(currency)}: ${what} costs ${price}`,
      );
    throw err;
  }
}

async function purchaseRow(
  tx: Queryable,
  userId: number,
  good: string,
  quantity: number,
  price: number,
  currency: Currency,
): Promise<number> {
  const [row] = await tx.rows<{ id: number }>(sql`
    insert into virtual_pet_purchases (user_id, good, quantity, price, currency) values (${userId}, ${good}, ${quantity}, ${price}, ${currency}) returning id`);
  if (!row) throw new Error('pet shop: purchase row not written');
  return Number(row.id);
}

async function goldBalance(tx: Queryable, userId: number): Promise<number> {
  const [row] = await tx.rows<{ balance: number }>(accountsSql.balanceOf(userId));
  return Number(row?.balance ?? 0);
}

/** Foods, toys (1-99 units) and shard bundles (1-99 bundles). */
export async function buy(
  deps: Deps,
  userId: number,
  key: string,
  quantity: number,
): Promise<ShopPurchaseResponse> {
  const bundle = shardBundleOf(key);
  const found = bundle
    ? null
    : ((await goodWithId(deps.db, key, 'food')) ?? (await goodWithId(deps.db, key, 'toy')));
  if (!bundle && !found) {
    const hint = COSMETICS.some((c) => c.key === key)
      ? ': cosmetics are bought with POST /api/shop/buy-cosmetic'
      : '';
    throw badRequest(`itemId: ${key} is not a food, toy or shard bundle of the pet shop${hint}`, [
      { field: 'itemId', rule: 'one_of', value: key },
    ]);
  }
  const price = (bundle ? bundle.price : found!.good.price) * quantity;
  const currency = bundle ? 'gold' : currencyOf(found!.good.coinType);
  const name = bundle ? bundle.name : found!.good.name;
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const purchaseId = await purchaseRow(tx, userId, key, quantity, price, currency);
    if (found)
      await items.give(
        tx,
        { userId, itemId: found.itemId, quantity },
        { reason: 'pet_shop', refType: 'pet_purchase', refId: purchaseId },
      );
    const after = await pay(tx, userId, purchaseId, price, currency, `${quantity} × ${name}`);
    if (bundle)
      await ledger.post(
        tx,
        [{ userId, delta: bundle.shards * quantity, category: 'shards_bought' }],
        { refType: 'pet_purchase', refId: purchaseId, currency: 'shards' },
      );
    const now = deps.clock.now();
    return {
      message: `Bought ${quantity} × ${name}`,
      balance: currency === 'gold' ? after : await goldBalance(tx, userId),
      resources: await resourcesOf(tx, userId, now),
    };
  });
}

export async function buyCosmetic(
  deps: Deps,
  userId: number,
  key: string,
): Promise<ShopPurchaseResponse> {
  const found = await goodWithId(deps.db, key, 'cosmetic');
  if (!found)
    throw badRequest(`itemId: there is no cosmetic called ${key}`, [
      { field: 'itemId', rule: 'one_of', value: key },
    ]);
  const { good, itemId } = found;
  const currency = currencyOf(good.coinType);
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const purchaseId = await purchaseRow(tx, userId, key, 1, good.price, currency);
    await items.give(
      tx,
      { userId, itemId, quantity: 1 },
      { reason: 'pet_shop', refType: 'pet_purchase', refId: purchaseId },
    );
    const after = await pay(tx, userId, purchaseId, good.price, currency, good.name);
    return {
      message: `Bought ${good.name}`,
      balance: currency === 'gold' ? after : await goldBalance(tx, userId),
      resources: await resourcesOf(tx, userId, deps.clock.now()),
    };
  });
}

/** Common and Uncommon species, a new critter at generation 1. */
export async function buyPet(
  deps: Deps,
  userId: number,
  speciesKey: string,
): Promise<ShopPurchaseResponse & { critter: ReturnType<typeof presentCritter> }> {
  const species = speciesOf(speciesKey);
  if (!species?.shop) {
    throw badRequest(`species: ${speciesKey} is not sold in the pet shop`, [
      { field: 'species', rule: 'one_of', value: speciesKey },
    ]);
  }
  const { price, coinType } = species.shop;
  const currency = currencyOf(coinType);
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const purchaseId = await purchaseRow(tx, userId, `pet:${species.key}`, 1, price, currency);
    const row = await insertCritter(tx, {
      userId,
      species: species.key,
      variant: species.variants[0] ?? 'Classic',
      rarity: species.rarity,
      affection: STARTING_AFFECTION,
    });
    const after = await pay(tx, userId, purchaseId, price, currency, species.name);
    await bumpCounter(tx, userId, 'adopted');
    return {
      message: `${species.name} joined your sanctuary`,
      balance: currency === 'gold' ? after : await goldBalance(tx, userId),
      resources: await resourcesOf(tx, userId, deps.clock.now()),
      critter: presentCritter(row),
    };
  });
}
