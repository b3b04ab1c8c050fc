import { sql } from 'drizzle-orm';
import type { AdminUsersQuery } from '../../../shared/api/admin';
import type { roles, UserStatus } from '../../../shared/api/accounts';
import type { Queryable } from '../../db/client';
import { accountsSql } from '../accounts/public';

export interface AdminUserRow {
  id: number;
  username: string;
  balance: number;
  role: (typeof roles)[number];
  status: UserStatus;
  createdAt: Date;
}

/** `like` reads % and _ as wildcards; a name typed in the search box means them literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts but deleted ones, by username (case-insensitive), a page at a time: a range of the
 * unique index on lower(username) from `after` (and between `q` and `q` followed by the last code
 * point, whose prefix the `like` then holds exactly), so a page costs the same with 300,000
 * accounts as with 30.
 */
export async function visibleUsers(q: Queryable, query: AdminUsersQuery): Promise<AdminUserRow[]> {
  const search = query.q ? query.q.toLowerCase() : null;
  const after = query.after ? query.after.toLowerCase() : null;
  const rows = await q.rows<Omit<AdminUserRow, 'createdAt'> & { created_at: Date | string }>(sql`
    select id, username, balance, role, status, created_at from ${accountsSql.users}
    where status <> 'deleted'
      ${search ? sql`and lower(username) >= ${search} and lower(username) < ${`${search}\u{10FFFF}`} and lower(username) like ${likePrefix(search)}` : sql``}
      ${after ? sql`and lower(username) > ${after}` : sql``}
    order by lower(username) limit ${query.limit}`);
  return rows.map(({ created_at, ...r }) => ({ ...r, createdAt: new Date(created_at) }));
}
