import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await q.orm.select().from(users).where(and(eq(users.id, id), ne(users.status, 'deleted')));
  return row;
}

/** Usernames are unique ignoring case, so look-ups ignore case too. */
export async function findUserByUsername(q: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await q.orm
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.status, 'deleted')));
  return row;
}

export async function usernameTaken(q: Queryable, username: string, exceptId?: number): Promise<boolean> {
  const rows = await q.rows<{ id: number }>(
    sql`select id from users where lower(username) = lower(${username}) and id <> ${exceptId ?? 0} limit 1`,
  );
  return rows.length > 0;
}

export async function insertUser(
  q: Queryable,
  values: { username: string; passwordHash: string; role?: 'user' | 'admin' },
): Promise<UserRow> {
  const [row] = await q.orm
    .insert(users)
    .values({ username: values.username, passwordHash: values.passwordHash, role: values.role ?? 'user' })
    .returning();
  return row!;
}
