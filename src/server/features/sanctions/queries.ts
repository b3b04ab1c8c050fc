import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { accountsSql } from '../accounts/public';
import type { SanctionRow } from './presenter';

/**
 * The clock's now as the statements' timestamp: sanctions run on the app's clock (tests move
 * it); a session's look-up uses the database's, and the route's check the clock's again.
 */
export const nowOf = (deps: Pick<Deps, 'clock'>): SQL =>
  sql`${deps.clock.now().toISOString()}::timestamptz`;

/** A sanction is in force at `now` (a timestamptz): not lifted, not past its end. */
export const inForce = (s: string, now: SQL): SQL =>
  sql`(${sql.raw(s)}.lifted_at is null and (${sql.raw(s)}.ends_at is null or ${sql.raw(s)}.ends_at > ${now}))`;

/** Sanction rows (alias s) with their people's names and appeal, as SanctionRow. */
export const sanctionRows = (now: SQL, where: SQL, order: SQL, limit?: number): SQL => sql`
  select s.id, u.username, s.scope, s.reason, s.created_at, s.ends_at,
    ${accountsSql.usernameOf(sql`s.created_by`)} as by, s.lifted_at,
    ${accountsSql.usernameOf(sql`s.lifted_by`)} as lifted_by,
    ${inForce('s', now)} as in_force,
    (select row_to_json(x) from (
      select a.id, a.text, a.created_at, a.decision, a.reply, a.decided_at,
        ${accountsSql.usernameOf(sql`a.decided_by`)} as decided_by
      from sanction_appeals a where a.sanction_id = s.id) x) as appeal
  from sanctions s join ${accountsSql.users} u on u.id = s.user_id
  where ${where} order by ${order}${limit === undefined ? sql`` : sql` limit ${limit}`}`;

export async function sanctionById(
  q: Queryable,
  id: number,
  now: SQL,
): Promise<SanctionRow | undefined> {
  const [row] = await q.rows<SanctionRow>(sanctionRows(now, sql`s.id = ${id}`, sql`s.id`));
  return row;
}
