import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import * as items from '../../items/holdings';
import * as ledger from '../../wallet/ledger';
import { catalogItemIds } from './catalogItems';

/** Test set-up: pet coins or shards handed out through the ledger, as an admin grant would be. */
export async function grantPetCurrency(
  db: Db,
  userId: number,
  currency: 'pet_coins' | 'shards',
  amount: number,
): Promise<void> {
  await ledger.post(db, [{ userId, delta: amount, category: 'admin_grant' }], {
    refType: 'user',
    refId: userId,
    currency,
  });
}

/** Test set-up: gold handed out through the ledger. */
export async function grantGold(db: Db, userId: number, amount: number): Promise<void> {
  await ledger.post(db, [{ userId, delta: amount, category: 'admin_grant' }], {
    refType: 'user',
    refId: userId,
  });
}

/** Test set-up: units of a catalogue good, through the items module. */
export async function grantGood(
  db: Db,
  userId: number,
  key: string,
  quantity: number,
): Promise<number> {
  const itemId = (await catalogItemIds(db)).get(key);
  if (itemId === undefined) throw new Error(`no catalogue good ${key}`);
  await items.give(
    db,
    { userId, itemId, quantity },
    { reason: 'grant', refType: 'user', refId: userId },
  );
  return itemId;
}

/** Test set-up: a critter's experience and affection as if raised. */
export async function raiseCritter(
  db: Db,
  critterId: number | string,
  experience: number,
  affection: number,
): Promise<void> {
  await db.rows(
    sql`update virtual_pet_critters set experience = ${experience}, affection = ${affection} where id = ${Number(critterId)}`,
  );
}
