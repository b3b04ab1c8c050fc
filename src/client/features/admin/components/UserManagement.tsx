import { useId, useState, type SubmitEvent } from 'react';
import type { AdminUserDto } from '../../../../shared/api/admin';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/api';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAddFundsMutation, useBanUserMutation } from '../mutations';
import { useAdminUsers } from '../queries';
import { CoinInput } from '../../../components/CoinInput';

interface UserCellProps {
  user: AdminUserDto;
  selected: boolean;
  onSelect: () => void;
  onBan: () => void;
  banning: boolean;
}

function UserCell({ user, selected, onSelect, onBan, banning }: UserCellProps) {
  const canBan = user.role !== 'admin' && user.status === 'active';
  return (
    <li
      data-testid="admin-user"
      className={`flex items-center gap-2 rounded-xl border p-2 ${
        selected ? 'border-amber-300 bg-amber-300/10' : 'border-white/10 bg-white/5'
      }`}
    >
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`Select ${user.username}`}
        onClick={onSelect}
        className="min-w-0 flex-1 rounded-lg px-1 text-left"
      >
        <span className="block truncate font-semibold text-white">{user.username}</span>
        <span className="block truncate text-xs text-slate-400">
          {user.role} · <span className={user.status === 'banned' ? 'text-rose-300' : ''}>{user.status}</span> · 🪙{' '}
          {formatCoins(user.balance)}
        </span>
      </button>
      {canBan && (
        <button
          type="button"
          onClick={onBan}
          disabled={banning}
          aria-label={`Ban ${user.username}`}
          className="btn-danger shrink-0 px-3 py-1 text-xs"
        >
          Ban
        </button>
      )}
    </li>
  );
}

export function UserManagement() {
  const ids = useId();
  const users = useAdminUsers();
  const addFunds = useAddFundsMutation();
  const ban = useBanUserMutation();
  const [selected, setSelected] = useState('');
  const [amount, setAmount] = useState('');
  const [hint, setHint] = useState(false);

  function onAddFunds(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const coins = Number(amount);
    // Spec section 5: acts only when a user is selected and an amount is entered.
    if (selected === '' || amount.trim() === '' || !Number.isFinite(coins)) {
      setHint(true);
      return;
    }
    setHint(false);
    addFunds.mutate(
      { username: selected, amount: coins },
      {
        onSuccess: () => {
          notify.success(`Added ${formatCoins(coins)} coins to ${selected}`);
          setAmount('');
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to add funds')),
      },
    );
  }

  function onBan(username: string) {
    if (!window.confirm(`Ban ${username}?`)) return;
    ban.mutate(username, {
      onSuccess: () => notify.success(`${username} has been banned`),
      onError: (error) => notify.error(errorMessage(error, 'Ban failed')),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <span aria-hidden="true">👥 </span>User Management
      </h2>

      {users.isPending ? (
        <LoadingState>Loading users…</LoadingState>
      ) : users.isError ? (
        <ErrorBanner>{errorMessage(users.error, 'Failed to load users')}</ErrorBanner>
      ) : users.data.length === 0 ? (
        <EmptyState>No users yet</EmptyState>
      ) : (
        <ul aria-label="All users" className="grid max-h-48 gap-2 overflow-y-auto pr-1 sm:grid-cols-2">
          {users.data.map((user) => (
            <UserCell
              key={user._id}
              user={user}
              selected={selected === user.username}
              onSelect={() => setSelected(user.username)}
              onBan={() => onBan(user.username)}
              banning={ban.isPending && ban.variables === user.username}
            />
          ))}
        </ul>
      )}

      <form onSubmit={onAddFunds} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-user`} className="label">
            Selected user
          </label>
          <select
            id={`${ids}-user`}
            className="input"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            <option value="">Choose a user…</option>
            {users.data?.map((user) => (
              <option key={user._id} value={user.username}>
                {user.username}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-36">
          <CoinInput id={`${ids}-amount`} label="Amount" value={amount} onValueChange={setAmount} />
        </div>
        <button type="submit" className="btn-primary py-2.5" disabled={addFunds.isPending}>
          {addFunds.isPending ? 'Adding…' : 'Add Funds'}
        </button>
      </form>
      {hint && (
        <p role="status" className="text-sm text-amber-200">
          Pick a user and enter an amount first.
        </p>
      )}
    </section>
  );
}
