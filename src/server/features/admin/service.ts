import { desc, eq, sql } from 'drizzle-orm';
import type { AdminLogDto, AdminUserDto } from '../../../shared/api/admin';
import type { Queryable } from '../../db/client';
import { adminLogs, users } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/auth';
import * as ledger from '../wallet/ledger';
import { findUserByUsername } from '../accounts/queries';

/** Every admin action writes one of these in the same transaction as the action itself. */
export async function logAdminAction(
  q: Queryable,
  entry: { adminId: number; action: string; details: string; target?: string | null },
): Promise<void> {
  await q.orm.insert(adminLogs).values({ adminId: entry.adminId, action: entry.action, details: entry.details, target: entry.target ?? null });
}

export async function listUsers(deps: Deps): Promise<AdminUserDto[]> {
  const rows = await deps.db.rows<{ id: number; username: string; balance: number; role: string; status: string; created_at: Date }>(sql`
    select id, username, balance, role, status, created_at from users where status <> 'deleted' order by lower(username)`);
  return rows.map((r) => ({
    _id: String(r.id),
    username: r.username,
    balance: r.balance,
    role: r.role === 'admin' ? 'admin' : 'user',
    status: r.status === 'banned' ? 'banned' : 'active',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function adjustBalance(deps: Deps, admin: AuthUser, username: string, amount: number) {
  return deps.db.tx(async (tx) => {
    const target = await findUserByUsername(tx, username);
    if (!target) throw notFound(`User ${username} not found`);
    const after = await ledger.post(tx, [{ userId: target.id, delta: amount, category: 'admin_grant', counterpartyId: admin.id }], {
      refType: 'admin',
      refId: admin.id,
    });
    await logAdminAction(tx, {
      adminId: admin.id,
      action: amount > 0 ? 'add_funds' : 'remove_funds',
      details: `${amount > 0 ? 'Added' : 'Removed'} ${Math.abs(amount)} coins ${amount > 0 ? 'to' : 'from'} ${target.username}`,
      target: target.username,
    });
    return { message: `${target.username} now has ${after.get(target.id)} coins`, username: target.username, balance: after.get(target.id) ?? 0 };
  });
}

export async function setStatus(deps: Deps, admin: AuthUser, username: string, status: 'active' | 'banned') {
  const result = await deps.db.tx(async (tx) => {
    const target = await findUserByUsername(tx, username);
    if (!target) throw notFound(`User ${username} not found`);
    if (target.id === admin.id) throw badRequest('username: you cannot change your own status');
    if (target.role === 'admin') throw conflict('Admins cannot be banned');
    if (target.status === status) throw conflict(`${target.username} is already ${status}`);
    await tx.orm.update(users).set({ status }).where(eq(users.id, target.id));
    if (status === 'banned') await deps.sessions.revokeAllFor(tx, target.id);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: status === 'banned' ? 'ban_user' : 'unban_user',
      details: `${status === 'banned' ? 'Banned' : 'Unbanned'} ${target.username}`,
      target: target.username,
    });
    return { id: target.id, username: target.username };
  });
  if (status === 'banned') deps.sessions.forgetUser(result.id); // again, now that the revocation is committed
  if (status === 'banned') deps.events.emit('UserBanned', { userId: result.id, byAdminId: admin.id });
  return { message: `${result.username} is now ${status}`, username: result.username, status };
}

export async function listLogs(deps: Deps): Promise<AdminLogDto[]> {
  const rows = await deps.db.orm
    .select({ id: adminLogs.id, createdAt: adminLogs.createdAt, action: adminLogs.action, details: adminLogs.details, target: adminLogs.target, admin: users.username })
    .from(adminLogs)
    .leftJoin(users, eq(users.id, adminLogs.adminId))
    .orderBy(desc(adminLogs.id))
    .limit(500);
  return rows.map((r) => ({
    _id: String(r.id),
    timestamp: r.createdAt.toISOString(),
    action: r.action,
    details: r.details,
    admin: r.admin,
    target: r.target,
  }));
}
