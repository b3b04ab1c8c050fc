import { desc, eq, lt } from 'drizzle-orm';
import type { AdminLogDto } from '../../shared/api/admin';
import type { PageQuery } from '../../shared/api/common';
import type { Queryable } from '../db/client';
import { users } from '../features/accounts/tables';
import { adminLogs, type AdminAction } from './tables';
import { publishLive } from './realtime/publish';

/**
 * The admin audit log, a platform service any feature calls (DESIGN.md section 1). Every
 * admin action writes one entry in the same transaction as the action itself.
 */
export interface AdminLogEntry {
  adminId: number;
  action: AdminAction;
  details: string;
  target?: string | null;
}

/** Writes the entry and returns its id, which a ledger posting made for the action references. */
export async function logAdminAction(q: Queryable, entry: AdminLogEntry): Promise<number> {
  const [row] = await q.orm
    .insert(adminLogs)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      details: entry.details,
      target: entry.target ?? null,
    })
    .returning({ id: adminLogs.id });
  if (!row) throw new Error('admin log: the insert returned no row');
  await publishLive(q, 'admin.log', { logId: String(row.id) });
  return row.id;
}

/** The newest entries first (below `before`, a page of `limit`), with the acting admin's current name. */
export async function listAdminLogs(q: Queryable, page: PageQuery): Promise<AdminLogDto[]> {
  const rows = await q.orm
    .select({
      id: adminLogs.id,
      createdAt: adminLogs.createdAt,
      action: adminLogs.action,
      details: adminLogs.details,
      target: adminLogs.target,
      admin: users.username,
    })
    .from(adminLogs)
    .leftJoin(users, eq(users.id, adminLogs.adminId))
    .where(page.before ? lt(adminLogs.id, page.before) : undefined)
    .orderBy(desc(adminLogs.id))
    .limit(page.limit);
  return rows.map((r) => ({
    _id: String(r.id),
    timestamp: r.createdAt.toISOString(),
    action: r.action,
    details: r.details,
    admin: r.admin,
    target: r.target,
  }));
}
