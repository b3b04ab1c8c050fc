import type {
  AdminBalanceResponse,
  AdminLogDto,
  AdminStatusResponse,
  AdminUserDto,
  AdminUsersQuery,
} from '../../../shared/api/admin';
import type { UserStatus } from '../../../shared/api/accounts';
import type { PageQuery } from '../../../shared/api/common';
import { listAdminLogs, logAdminAction } from '../../platform/adminLog';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AuthUser } from '../../platform/auth';
import { ledger } from '../wallet/public';
import { findUserByUsername } from '../accounts/public';
import { impose, liftSuspensions } from '../sanctions/public';
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

/**
 * The spec's ban switch, on sanctions (issue 39): banned is a suspension (scope all) without an
 * end; active lifts the player's suspensions in force (the unban the spec never showed).
 */
export async function setStatus(
  deps: Deps,
  admin: AuthUser,
  username: string,
  status: UserStatus,
): Promise<AdminStatusResponse> {
  if (status === 'banned') {
    const made = await impose(deps, admin, {
      username,
      scope: 'all',
      reason: 'Banned from the admin panel',
    });
    return presentStatusChange(made.username, status);
  }
  const result = await deps.db.tx(async (tx) => {
    const target = await findUserByUsername(tx, username);
    if (!target) throw notFound(`User ${username} not found`);
    if (target.id === admin.id)
      throw badRequest('username: you cannot change your own status', [
        { field: 'username', rule: 'self' },
      ]);
    if (target.status === status) throw conflict(`${target.username} is already ${status}`);
    await liftSuspensions(deps, tx, admin.id, target.id);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'unban_user',
      details: `Unbanned ${target.username}`,
      target: target.username,
    });
    return { id: target.id, username: target.username };
  });
  deps.sessions.forgetUser(result.id);
  return presentStatusChange(result.username, status);
}

/** The audit log lives in the platform (platform/adminLog.ts); this is the admin page's view of it. */
export async function listLogs(deps: Deps, page: PageQuery): Promise<AdminLogDto[]> {
  return listAdminLogs(deps.db, page);
}
