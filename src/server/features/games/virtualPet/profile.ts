import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { banned } from '../../../platform/errors';
import { accountsSql } from '../../accounts/public';

export type PetCounter = 'adopted' | 'fed' | 'played' | 'evolved' | 'traits_unlocked';

/**
 * Every pet action of a user starts here: it makes the user's virtual_pet_profiles row if needed and
 * locks it, so one user's pet actions take turns (two adoptions at once make one critter, two
 * equips cannot each move the other's cosmetic) and their later locks (critters, holdings,
 * the account) are always taken in the same order. Refuses an account that is not active.
 */
export async function lockProfile(tx: Queryable, userId: number): Promise<void> {
  await tx.rows(
    sql`insert into virtual_pet_profiles (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );
  const [row] = await tx.rows<{ status: string }>(sql`
    select u.status from virtual_pet_profiles p join ${accountsSql.users} u on u.id = p.user_id where p.user_id = ${userId} for update of p`);
  if (row?.status !== 'active') throw banned();
}

/** Counts one more of a pet action, in the action's transaction (after lockProfile). */
export async function bumpCounter(
  tx: Queryable,
  userId: number,
  counter: PetCounter,
): Promise<void> {
  await tx.rows(
    sql`update virtual_pet_profiles set ${sql.raw(counter)} = ${sql.raw(counter)} + 1 where user_id = ${userId}`,
  );
}
