import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../../db/client';
import { notFound } from '../../../../platform/errors';
import { critterColumns, type CritterRow } from './presenter';

const columns = sql.raw(critterColumns);

const CRITTERS_OF = sql`select ${columns} from virtual_pet_critters where user_id = ${sql.placeholder('userId')} order by id`;

/** The user's critters, oldest first: a prepared statement (the sanctuary's page reads it often). */
export const crittersOf = (db: Db, userId: number): Promise<CritterRow[]> =>
  db.compiled<CritterRow>('critters_of', CRITTERS_OF, { userId });

/**
 * One of the user's critters, locked for the caller's transaction. Another user's critter is
 * a 404 like a missing one: ids are not a way to learn what others own.
 */
export async function lockCritter(
  tx: Queryable,
  userId: number,
  critterId: number,
  field = 'critterId',
): Promise<CritterRow> {
  const [row] = await tx.rows<CritterRow>(
    sql`select ${columns} from virtual_pet_critters where id = ${critterId} and user_id = ${userId} for update`,
  );
  if (!row)
    throw notFound(`${field}: you have no critter with id ${critterId}`, [
      { field, rule: 'not_found', value: String(critterId) },
    ]);
  return row;
}

export async function insertCritter(
  tx: Queryable,
  c: {
    userId: number;
    species: string;
    variant: string;
    rarity: string;
    affection: number;
    generation?: number;
  },
): Promise<CritterRow> {
  const [row] = await tx.rows<CritterRow>(sql`
    insert into virtual_pet_critters (user_id, species, variant, rarity, affection, generation)
    values (${c.userId}, ${c.species}, ${c.variant}, ${c.rarity}, ${c.affection}, ${c.generation ?? 1})
    returning ${columns}`);
  if (!row) throw new Error('insertCritter: nothing written');
  return row;
}

export const critterReturning = sql`returning ${columns}`;
