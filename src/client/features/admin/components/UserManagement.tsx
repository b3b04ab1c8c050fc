import { ShowMore } from '../../../components/ShowMore';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { AdminUserDto } from '../../../../shared/api/admin';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { ConfirmDialog } from '../../../components/Modal';
import { formatCoins } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAddFundsMutation, useBanUserMutation } from '../mutations';
import { useAdminUsers } from '../queries';
import { CoinInput } from '../../../components/CoinInput';
import { SelectField, TextField } from '../../../components/TextField';
import { Users } from 'lucide-react';
import { Emoji } from '../../../components/Emoji';
import { ResetLink } from './ResetLink';

/** How long typing pauses before the list is searched. */
const SEARCH_DEBOUNCE_MS = 250;

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
        onClick={onSelect}
        className="min-h-11 min-w-0 flex-1 rounded-lg px-1 text-left"
      >
        {/* Named by its visible text with 'Select' before it, so speech input can say what it sees. */}
        <span className="sr-only">Select </span>
        <span className="block wrap-anywhere font-semibold text-white">{user.username}</span>{' '}
        <span className="block wrap-anywhere text-xs text-slate-400">
          {user.role} ·{' '}
          <span className={user.status === 'banned' ? 'text-rose-300' : ''}>{user.status}</span> ·{' '}
          <Emoji char="🪙" /> {formatCoins(user.balance)}
        </span>
      </button>
      {canBan && (
        <button
          type="button"
          onClick={onBan}
          disabled={banning}
          aria-label={`Ban ${user.username}`}
          className="btn-danger min-h-11 min-w-11 shrink-0 px-3 py-1 text-xs"
        >
          Ban
        </button>
      )}
    </li>
  );
}

export function UserManagement() {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const users = useAdminUsers(query);
  const addFunds = useAddFundsMutation();
  const ban = useBanUserMutation();
  const [selected, setSelected] = useState('');
  const [amount, setAmount] = useState('');
  const [hint, setHint] = useState(false);
  const [banning, setBanning] = useState<string | null>(null);
  const refusedField = errorField(addFunds.error);
  const refusal = addFunds.error
    ? errorMessage(addFunds.error, 'Failed to add funds', CONNECTION_ERROR)
    : null;
  const loaded = users.data?.pages.flat() ?? [];
  // The pages of the previous search stay listed while a new one loads.
  const searching = users.isPlaceholderData;
  const more = users.hasNextPage && !searching;

  useEffect(() => {
    const q = search.trim();
    const timer = setTimeout(() => setQuery(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

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
          // A negative amount removes coins (PATCH /api/admin/balance): say so, without the sign.
          notify.success(
            coins < 0
              ? `Removed ${formatCoins(-coins)} coins from ${selected}`
              : `Added ${formatCoins(coins)} coins to ${selected}`,
          );
          setAmount('');
        },
        onError: (error) =>
          notify.error(errorMessage(error, 'Failed to add funds', CONNECTION_ERROR)),
      },
    );
  }

  function confirmBan() {
    const username = banning;
    setBanning(null);
    if (username === null) return;
    ban.mutate(username, {
      onSuccess: () => notify.success(`${username} has been banned`),
      onError: (error) => notify.error(errorMessage(error, 'Ban failed')),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Users className="mr-1.5" />
        User Management
      </h2>

      <TextField
        id={`${ids}-search`}
        label="Search users"
        type="search"
        placeholder="Search by name"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        className="w-full"
        value={search}
        onValueChange={setSearch}
      />

      {users.isPending ? (
        <LoadingState>Loading users…</LoadingState>
      ) : users.isError && loaded.length === 0 ? (
        <ErrorBanner>{errorMessage(users.error, 'Failed to load users')}</ErrorBanner>
      ) : loaded.length === 0 ? (
        searching ? (
          <LoadingState>Searching…</LoadingState>
        ) : query === '' ? (
          <EmptyState>No users yet</EmptyState>
        ) : (
          <EmptyState>No users match "{query}".</EmptyState>
        )
      ) : (
        <>
          {searching && <LoadingState>Searching…</LoadingState>}
          <ul
            aria-label="All users"
            aria-busy={searching || undefined}
            className="grid grid-cols-1 max-h-48 gap-2 overflow-y-auto pr-1 sm:grid-cols-2"
          >
            {loaded.map((user) => (
              <UserCell
                key={user._id}
                user={user}
                selected={selected === user.username}
                onSelect={() => setSelected(user.username)}
                onBan={() => setBanning(user.username)}
                banning={ban.isPending && ban.variables === user.username}
              />
            ))}
          </ul>
        </>
      )}
      <ShowMore query={users} what="users" shown={loaded.length > 0 && more} />

      <form
        onSubmit={onAddFunds}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <SelectField
          id={`${ids}-user`}
          label="Selected user"
          className="min-w-0 flex-1"
          value={selected}
          error={refusedField === 'username' ? refusal : hint && selected === ''}
          aria-describedby={hint ? `${ids}-hint` : undefined}
          onValueChange={(value) => {
            setSelected(value);
            addFunds.reset();
          }}
        >
          <option value="">Choose a user…</option>
          {/* The chosen user stays choosable after a search that no longer lists them. */}
          {selected !== '' && !loaded.some((user) => user.username === selected) && (
            <option value={selected}>{selected}</option>
          )}
          {loaded.map((user) => (
            <option key={user._id} value={user.username}>
              {user.username}
            </option>
          ))}
        </SelectField>
        <CoinInput
          id={`${ids}-amount`}
          label="Amount"
          className="sm:w-36"
          value={amount}
          error={refusedField === 'amount' ? refusal : hint && amount.trim() === ''}
          aria-describedby={hint ? `${ids}-hint` : undefined}
          onValueChange={(value) => {
            setAmount(value);
            addFunds.reset();
          }}
        />
        <button
          type="submit"
          className="btn-primary min-h-11 py-2.5 sm:mt-6"
          disabled={addFunds.isPending}
        >
          {addFunds.isPending ? 'Adding…' : 'Add Funds'}
        </button>
      </form>
      {hint && (
        <p id={`${ids}-hint`} role="status" className="text-sm text-amber-200">
          Pick a user and enter an amount first.
        </p>
      )}
      <ResetLink username={selected} />
      <ConfirmDialog
        open={banning !== null}
        question={`Ban ${banning ?? ''}?`}
        details="They are signed out at once and cannot sign in or act any more."
        confirmLabel="Ban"
        tone="danger"
        onConfirm={confirmBan}
        onCancel={() => setBanning(null)}
      />
    </section>
  );
}
