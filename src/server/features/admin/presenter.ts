import type {
  AdminBalanceResponse,
  AdminStatusResponse,
  AdminUserDto,
} from '../../../shared/api/admin';
import type { UserStatus } from '../../../shared/api/accounts';
import type { AdminUserRow } from './queries';

export const presentAdminUser = (r: AdminUserRow): AdminUserDto => ({
  _id: String(r.id),
  username: r.username,
  balance: r.balance,
  role: r.role,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** `balance` is the grant's balance_after, as the ledger returned it. */
export const presentBalanceChange = (
  username: string,
  balance: number | undefined,
): AdminBalanceResponse => ({
  message: `${username} now has ${balance} coins`,
  username,
  balance: balance ?? 0,
});

export const presentStatusChange = (username: string, status: UserStatus): AdminStatusResponse => ({
  message: `${username} is now ${status}`,
  username,
  status,
});
