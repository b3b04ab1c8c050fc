import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Role, UserStatus } from '../../../shared/api/accounts';
import { users } from './tables';

export type UserRow = typeof users.$inferSelect;
/** A user the API may show: not deleted (the look-ups below never return deleted accounts). */
export type VisibleUserRow = UserRow & { status: UserStatus };

export const isVisible = <T extends { status: UserRow['status'] }>(
  row: T,
): row is T & { status: UserStatus } => row.status !== 'deleted';

export async function findUserById(q: Queryable, id: number): Promise<VisibleUserRow | undefined> {
  const [row] = await q.orm
    .select()
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, 'deleted')));
  return row && isVisible(row) ? row : undefined;
}

/** The row locked FOR SHARE until the transaction ends (a ban or deletion waits for it). */
export async function lockUser(q: Queryable, id: number): Promise<VisibleUserRow | undefined> {
  const [row] = await q.orm
    .select()
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, 'deleted')))
    .for('share');
  return row && isVisible(row) ? row : undefined;
}

/** Usernames are unique ignoring case, so look-ups ignore case too. */
export async function findUserByUsername(
  q: Queryable,
  username: string,
): Promise<VisibleUserRow | undefined> {
  const [row] = await q.orm
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.status, 'deleted')));
  return row && isVisible(row) ? row : undefined;
}

/** Taken by an account, or held by a registration waiting for approval (or declined). */
export async function usernameTaken(
  q: Queryable,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await q.rows<{ id: number }>(sql`
    select id from users where lower(username) = lower(${username}) and id <> ${exceptId ?? 0}
    union all select id from signup_requests where lower(username) = lower(${username})
    limit 1`);
  return rows.length > 0;
}

export async function insertUser(
  q: Queryable,
  values: { username: string; passwordHash: string; role?: Role },
): Promise<VisibleUserRow> {
  const [row] = await q.orm
    .insert(users)
    .values({
      username: values.username,
      passwordHash: values.passwordHash,
      role: values.role ?? 'user',
    })
    .returning();
  if (!row || !isVisible(row)) throw new Error('insertUser: the insert returned no active row');
  return row;
}

/**
 * A suspension ended (its sanction was lifted or ran out; sanctions decides): these banned
 * accounts are active again. One conditional UPDATE: two processes ending it at once change it once.
 */
export async function reactivate(q: Queryable, userIds: SQL): Promise<number[]> {
  const rows = await q.rows<{ id: number }>(sql`
    update users set status = 'active' where id in (${userIds}) and status = 'banned' returning id`);
  return rows.map((r) => Number(r.id));
}
