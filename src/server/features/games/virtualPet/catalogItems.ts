import { GOODS, goodOf, type Good } from '../../../../shared/games/virtualPet/catalog';
import type { Db, Queryable } from '../../../db/client';
import { notFound } from '../../../platform/errors';
import { upsertPetGoods } from '../../store/public';

/**
 * Foods, toys and cosmetics are units of the items module, so each catalogue good has an
 * `items` row (marked by pet_key, which keeps it out of the store and trades). The rows are
 * written from the catalogue by the first pet request of each process: an upsert by key, so
 * processes starting together, or a catalogue that changed a price or an emoji, agree.
 */
const ensured = new WeakMap<object, Promise<Map<string, number>>>();

async function upsertCatalog(q: Queryable): Promise<Map<string, number>> {
  const rows = GOODS.map((g) => ({
    key: g.key,
    name: g.name,
    emoji: g.emoji,
    type: g.kind === 'cosmetic' ? ('cosmetic' as const) : ('power-up' as const),
    price: g.price,
    description: describeGood(g),
  }));
  return upsertPetGoods(q, rows);
}

export function describeGood(g: Good): string {
  if (g.kind === 'cosmetic')
    return `Worn in the ${g.slot} slot by ${g.availableTo === 'any' ? 'any critter' : g.availableTo}`;
  return `+${g.expBonus} experience, +${g.affectionBonus} affection`;
}

/** The items id of every catalogue good, written first if this process has not yet. */
export function catalogItemIds(db: Db): Promise<Map<string, number>> {
  let ids = ensured.get(db);
  if (!ids) {
    ids = upsertCatalog(db);
    ensured.set(db, ids);
    // A failed attempt (the database was away) is tried again by the next request.
    ids.catch(() => ensured.delete(db));
  }
  return ids;
}

/** A good of the given kind and its items id, or a 400-style refusal built by the caller. */
export async function goodWithId(
  db: Db,
  key: string,
  kind: Good['kind'],
): Promise<{ good: Good; itemId: number } | null> {
  const good = goodOf(key);
  if (!good || good.kind !== kind) return null;
  const itemId = (await catalogItemIds(db)).get(key);
  if (itemId === undefined) throw notFound(`${key} is not in the pet catalogue`);
  return { good, itemId };
}
