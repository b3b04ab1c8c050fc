import { sql } from 'drizzle-orm';
import type {
  CosmeticDto,
  CritterActionResponse,
  CritterDto,
  StarterDto,
  UnlockTraitResponse,
} from '../../../../../shared/games/virtualPet/contract';
import {
  COSMETICS,
  cosmeticFits,
  speciesOf,
  STARTERS,
  STARTING_AFFECTION,
  TRAIT_COST,
  traitOf,
  type CosmeticSlot,
  type Good,
} from '../../../../../shared/games/virtualPet/catalog';
import {
  affectionAfter,
  EVOLVE_MIN_AFFECTION,
  EVOLVE_MIN_EXPERIENCE,
  evolveCheck,
} from '../../../../../shared/games/virtualPet/growth';
import type { Queryable } from '../../../../db/client';
import type { Deps } from '../../../../platform/deps';
import { AppError, badRequest, conflict } from '../../../../platform/errors';
import { items } from '../../../items/public';
import { ledger } from '../../../wallet/public';
import { goodWithId } from '../catalogItems';
import { bumpCounter, lockProfile } from '../profile';
import { resourcesOf } from '../resources';
import { presentCritter, type CritterRow } from './presenter';
import { critterReturning, crittersOf, insertCritter, lockCritter } from './queries';

export function starters(): StarterDto[] {
  return STARTERS.map((s) => ({
    species: s.key,
    name: s.name,
    emoji: s.emoji,
    rarity: s.rarity,
    description: s.blurb,
  }));
}

export async function myCritters(deps: Deps, userId: number): Promise<{ critters: CritterDto[] }> {
  return { critters: (await crittersOf(deps.db, userId)).map(presentCritter) };
}

async function answer(
  tx: Queryable,
  deps: Deps,
  userId: number,
  row: CritterRow,
  message: string,
): Promise<CritterActionResponse> {
  return {
    message,
    critter: presentCritter(row),
    resources: await resourcesOf(tx, userId, deps.clock.now()),
  };
}

/** A starter, only while the user has no critter at all (critters never die, so once). */
export async function adopt(
  deps: Deps,
  userId: number,
  speciesKey: string,
): Promise<CritterActionResponse> {
  const species = speciesOf(speciesKey);
  if (!species?.starter) {
    throw badRequest(
      `species: ${speciesKey} is not a starter; choose ${STARTERS.map((s) => s.key).join(', ')}`,
      [{ field: 'species', rule: 'one_of', value: speciesKey }],
    );
  }
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const [has] = await tx.rows<{ id: number }>(
      sql`select id from virtual_pet_critters where user_id = ${userId} limit 1`,
    );
    if (has) throw conflict('You already have a critter: starters are for keepers without one');
    const row = await insertCritter(tx, {
      userId,
      species: species.key,
      variant: species.variants[0] ?? 'Classic',
      rarity: species.rarity,
      affection: STARTING_AFFECTION,
    });
    await bumpCounter(tx, userId, 'adopted');
    return answer(tx, deps, userId, row, `Welcome home, ${species.name}!`);
  });
}

/**
 * Feeding and playing: one unit of the good leaves the holding (a conditional UPDATE of the
 * items module, so parallel feeds take exactly the units there are) and the critter gains its
 * experience and affection, in one transaction.
 */
async function care(
  deps: Deps,
  userId: number,
  critterId: number,
  key: string,
  kind: 'food' | 'toy',
): Promise<CritterActionResponse> {
  const field = kind === 'food' ? 'foodItem' : 'toyItem';
  const found = await goodWithId(deps.db, key, kind);
  if (!found)
    throw badRequest(`${field}: there is no ${kind} called ${key}`, [
      { field, rule: 'one_of', value: key },
    ]);
  const { good, itemId } = found;
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const critter = await lockCritter(tx, userId, critterId, 'id');
    const left = await items.take(
      tx,
      { userId, itemId, quantity: 1 },
      { reason: 'care', refType: 'critter', refId: critterId },
    );
    if (left === null)
      throw conflict(`You have no ${good.name} left: buy more in the pet shop or claim resources`);
    const [row] = await tx.rows<CritterRow>(sql`
      update virtual_pet_critters set experience = experience + ${good.expBonus}, affection = ${affectionAfter(critter.affection, good.affectionBonus, critter.traits)}
      where id = ${critterId} ${critterReturning}`);
    await bumpCounter(tx, userId, kind === 'food' ? 'fed' : 'played');
    const name = speciesOf(critter.species)?.name ?? critter.species;
    return answer(
      tx,
      deps,
      userId,
      row ?? critter,
      kind === 'food'
        ? `${name} enjoyed the ${good.name}`
        : `${name} loved playing with the ${good.name}`,
    );
  });
}

export const feed = (deps: Deps, userId: number, critterId: number, foodKey: string) =>
  care(deps, userId, critterId, foodKey, 'food');
export const play = (deps: Deps, userId: number, critterId: number, toyKey: string) =>
  care(deps, userId, critterId, toyKey, 'toy');

/** Into the species' next form at level 10 and affection 50: one conditional UPDATE decides. */
export async function evolve(
  deps: Deps,
  userId: number,
  critterId: number,
): Promise<{ message: string; critter: CritterDto }> {
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const critter = await lockCritter(tx, userId, critterId);
    // A parent keeps the form it bred in until its egg hatches (the egg records it).
    if (critter.breeding_hatch_at)
      throw conflict('This critter is breeding: it can evolve once its egg hatches');
    const check = evolveCheck(critter);
    if (!check.into)
      throw conflict(`${speciesOf(critter.species)?.name ?? critter.species} is at its final form`);
    if (!check.ready) throw conflict(`Not ready to evolve: ${check.condition}`);
    const [row] = await tx.rows<CritterRow>(sql`
      update virtual_pet_critters set species = ${check.into}
      where id = ${critterId} and species = ${critter.species} and experience >= ${EVOLVE_MIN_EXPERIENCE} and affection >= ${EVOLVE_MIN_AFFECTION}
      ${critterReturning}`);
    if (!row) throw conflict('The critter changed meanwhile; try again');
    await bumpCounter(tx, userId, 'evolved');
    return {
      message: `${speciesOf(critter.species)?.name} evolved into ${speciesOf(check.into)?.name}!`,
      critter: presentCritter(row),
    };
  });
}

/** Shards for a trait, once per critter and trait: the shards move through the ledger. */
export async function unlockTrait(
  deps: Deps,
  userId: number,
  critterId: number,
  traitKey: string,
): Promise<UnlockTraitResponse> {
  const trait = traitOf(traitKey);
  if (!trait)
    throw badRequest(`trait: there is no trait called ${traitKey}`, [
      { field: 'trait', rule: 'one_of', value: traitKey },
    ]);
  const cost = TRAIT_COST[trait.rarity];
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const critter = await lockCritter(tx, userId, critterId);
    if (critter.traits.includes(trait.key))
      throw conflict(`This critter already has ${trait.name}`);
    let balances: Map<number, number>;
    try {
      balances = await ledger.post(
        tx,
        [{ userId, delta: -cost, category: 'trait_unlock' }],
        { refType: 'critter', refId: critterId, currency: 'shards' },
        { actorId: userId },
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')
        throw new AppError(409, 'INSUFFICIENT_FUNDS', `Not enough shards! (${cost} required)`);
      throw err;
    }
    const [row] = await tx.rows<CritterRow>(
      sql`update virtual_pet_critters set traits = array_append(traits, ${trait.key}) where id = ${critterId} ${critterReturning}`,
    );
    await bumpCounter(tx, userId, 'traits_unlocked');
    return {
      message: `${trait.name} unlocked`,
      newShards: balances.get(userId) ?? 0,
      critter: presentCritter(row ?? critter),
    };
  });
}

export async function cosmetics(deps: Deps, userId: number): Promise<{ cosmetics: CosmeticDto[] }> {
  const now = deps.clock.now();
  const [resources, worn] = await Promise.all([
    resourcesOf(deps.db, userId, now),
    deps.db.rows<{ id: number; equipped_cosmetics: Record<string, string> }>(sql`
      select id, equipped_cosmetics from virtual_pet_critters where user_id = ${userId} and equipped_cosmetics <> '{}'::jsonb order by id`),
  ]);
  return {
    cosmetics: COSMETICS.map((c) => ({
      _id: c.key,
      name: c.name,
      emoji: c.emoji,
      slot: c.slot ?? 'hat',
      availableTo: c.availableTo ?? 'any',
      rarity: c.rarity,
      owned: resources.cosmetics[c.key] ?? 0,
      equippedOn: worn
        .filter((w) => w.equipped_cosmetics[c.slot ?? ''] === c.key)
        .map((w) => String(w.id)),
    })),
  };
}

/**
 * Wears a held cosmetic. Each held unit is worn by one critter at a time: when every unit is
 * already worn, the unit moves from the critter that wore it longest ago (lowest id).
 */
export async function equip(
  deps: Deps,
  userId: number,
  critterId: number,
  slot: CosmeticSlot,
  key: string,
): Promise<CritterActionResponse> {
  const found = await goodWithId(deps.db, key, 'cosmetic');
  if (!found)
    throw badRequest(`itemId: there is no cosmetic called ${key}`, [
      { field: 'itemId', rule: 'one_of', value: key },
    ]);
  const good: Good = found.good;
  if (good.slot !== slot)
    throw badRequest(`slot: ${good.name} is worn in the ${good.slot} slot, not ${slot}`, [
      { field: 'slot', rule: 'one_of', value: slot },
    ]);
  return deps.db.tx(async (tx) => {
    await lockProfile(tx, userId);
    const critter = await lockCritter(tx, userId, critterId);
    if (!cosmeticFits(good, critter.species))
      throw conflict(
        `${good.name} is made for ${speciesOf(good.availableTo ?? '')?.name ?? good.availableTo}, not ${speciesOf(critter.species)?.name ?? critter.species}`,
      );
    if (critter.equipped_cosmetics[slot] === key) throw conflict('Already equipped.');
    const held = (await items.holding(tx, userId, found.itemId)).quantity;
    if (held <= 0) throw conflict(`You do not own ${good.name}: buy it in the pet shop first`);
    const wearers = await tx.rows<{ id: number }>(sql`
      select id from virtual_pet_critters where user_id = ${userId} and id <> ${critterId} and equipped_cosmetics ->> ${slot} = ${key} order by id for update`);
    let message = `${good.name} equipped`;
    if (wearers.length >= held) {
      const from = wearers[0]!;
      await tx.rows(
        sql`update virtual_pet_critters set equipped_cosmetics = equipped_cosmetics - ${slot}::text where id = ${from.id}`,
      );
      message = `${good.name} moved to this critter`;
    }
    const [row] = await tx.rows<CritterRow>(sql`
      update virtual_pet_critters set equipped_cosmetics = equipped_cosmetics || jsonb_build_object(${slot}::text, ${key}::text) where id = ${critterId} ${critterReturning}`);
    return answer(tx, deps, userId, row ?? critter, message);
  });
}
