import { eq } from 'drizzle-orm';
import type {
  AdminBalanceResponse,
  AdminLogDto,
  AdminStatusResponse,
  AdminUserDto,
  AdminUsersQuery,
} from '../../../shared/api/admin';
import type { UserStatus } from '../../../shared/api/accounts';
import type { PageQuery } from '../../../shared/api/common';
import { users } from '../accounts/public';
import { listAdminLogs, logAdminAction } from '../../platform/adminLog';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/auth';
import { ledger } from '../wallet/public';
import { findUserByUsername } from '../accounts/public';
import { closeAccount } from '../../platform/module';
import { recordEvent } from '../../platform/events';
import { presentAdminUser, presentBalanceChange, presentStatusChange } from './presenter';
import { visibleUsers } from './queries';

export async function listUsers(deps: Deps, query: AdminUsersQuery): Promise<AdminUserDto[]> {
  return (await visibleUsers(deps.db, query)).map(presentAdminUser);
}

export async function adjustBalance(
  deps: Deps,
  admin: AuthUser,
  username: string,
  amount: number,
): Promise<AdminBalanceResponse> {
  return deps.db
    .tx(async (tx) => {
      const target = await findUserByUsername(tx, username);
      if (!target) throw notFound(`User ${username} not found`);
      // The log entry first: the grant's ledger rows reference it.
      const logId = await logAdminAction(tx, {
        adminId: admin.id,
        action: amount > 0 ? 'add_funds' : 'remove_funds',
        details: `${amount > 0 ? 'Added' : 'Removed'} ${Math.abs(amount)} coins ${amount > 0 ? 'to' : 'from'} ${target.username}`,
        target: target.username,
      });
      const after = await ledger.post(
        tx,
        [{ userId: target.id, delta: amount, category: 'admin_grant', counterpartyId: admin.id }],
        {
          refType: 'admin_log',
          refId: logId,
        },
      );
      await recordEvent(tx, 'BalanceAdjusted', { userId: target.id, delta: amount, logId });
      return presentBalanceChange(target.username, after.get(target.id));
    })
    .finally(() => deps.events.nudge());
}

export async function setStatus(
  deps: Deps,
  admin: AuthUser,
  username: string,
  status: UserStatus,
): Promise<AdminStatusResponse> {
  const result = await deps.db.tx(async (tx) => {
    const target = await findUserByUsername(tx, username);
    if (!target) throw notFound(`User ${username} not found`);
    if (target.id === admin.id)
      throw badRequest('username: you cannot change your own status', [
        { field: 'username', rule: 'self' },
      ]);
    if (target.role === 'admin') throw conflict('Admins cannot be banned');
    if (target.status === status) throw conflict(`${target.username} is already ${status}`);
    if (status === 'banned') {
      // A banned user can no longer finalize, accept, refund, answer or trade: every module ends
      // what the user has open (escrow back to its buyers, duels refunded, trades canceled) and
      // accounts sets the status and ends the sessions, in the module list's order.
      await closeAccount(deps, tx, target.id, 'banned');
    } else {
      await tx.orm.update(users).set({ status }).where(eq(users.id, target.id));
    }
    await logAdminAction(tx, {
      adminId: admin.id,
      action: status === 'banned' ? 'ban_user' : 'unban_user',
      details: `${status === 'banned' ? 'Banned' : 'Unbanned'} ${target.username}`,
      target: target.username,
    });
    return { id: target.id, username: target.username };
  });
  if (status === 'banned') deps.sessions.forgetUser(result.id); // again, now that the revocation is committed
  return presentStatusChange(result.username, status);
}

/** The audit log lives in the platform (platform/adminLog.ts); this is the admin page's view of it. */
export async function listLogs(deps: Deps, page: PageQuery): Promise<AdminLogDto[]> {
  return listAdminLogs(deps.db, page);
}
