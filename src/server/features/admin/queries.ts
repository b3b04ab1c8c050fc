import { ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { isVisible } from '../accounts/queries';
import { users } from '../accounts/tables';

/** Every account but deleted ones, by username (case-insensitive). */
export async function visibleUsers(q: Queryable) {
  const rows = await q.orm
    .select({ id: users.id, username: users.username, balance: users.balance, role: users.role, status: users.status, createdAt: users.createdAt })
    .from(users)
    .where(ne(users.status, 'deleted'))
    .orderBy(sql`lower(${users.username})`);
  return rows.filter(isVisible);
}

export type AdminUserRow = Awaited<ReturnType<typeof visibleUsers>>[number];
