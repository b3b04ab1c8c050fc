import { useId, useState, type ReactNode } from 'react';
import type { StoreItemDto } from '../../../../shared/api/store';
import { ErrorBanner, EmptyState, LoadingState } from '../../../components/States';
import { SelectField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import {
  SORT_KEYS,
  TYPE_FILTERS,
  shelfView,
  type SortDirection,
  type SortKey,
  type TypeFilter,
} from '../catalog';
import { PurchaseHistory } from '../components/PurchaseHistory';
import { StoreItemCard } from '../components/StoreItemCard';
import { UsableInventory } from '../components/UsableInventory';
import { usePurchaseMutation } from '../mutations';
import { useStoreItems, useStoreUser } from '../queries';
import { ChevronRight, ShoppingCart } from 'lucide-react';
import { Emoji } from '../../../components/Emoji';

/** Spec section 2: Inventory and Purchase History are collapsible. */
function Collapsible({
  title,
  icon,
  count,
  children,
}: {
  title: string;
  icon: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <details
      className="card group"
      data-testid={`store-${title.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <summary className="section-title flex cursor-pointer list-none items-center gap-2">
        <span aria-hidden="true" className="transition group-open:rotate-90">
          <ChevronRight />
        </span>
        <span aria-hidden="true">
          <Emoji char={icon} />
        </span>
        {title}
        {count !== undefined && (
          <span className="text-sm font-normal text-slate-400">({formatCoins(count)})</span>
        )}
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      className="min-w-0 flex-1 sm:flex-none"
      inputClassName="sm:w-40"
      value={value}
      onValueChange={(v) => onChange(v as T)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

export function StorePage() {
  const ids = useId();
  const { userQuery } = useSession();
  const items = useStoreItems();
  const mine = useStoreUser();
  const purchase = usePurchaseMutation();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const [sort, setSort] = useState<SortKey>('title');
  const [direction, setDirection] = useState<SortDirection>('asc');

  const balance = mine.data?.balance ?? userQuery.data?.balance;
  const shown = items.data ? shelfView(items.data, filter, sort, direction) : [];

  async function buy(item: StoreItemDto) {
    try {
      const answer = await purchase.mutateAsync(item._id);
      notify.success(`${answer.item.name} purchased!`);
    } catch (error) {
      notify.error(errorMessage(error, 'Purchase failed', CONNECTION_ERROR));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="card flex flex-wrap items-end justify-between gap-3 bg-linear-to-br from-fuchsia-500/15 via-slate-900 to-amber-400/10">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <ShoppingCart className="mr-1.5" />
            Store
          </h1>
          <p className="mt-1 text-slate-300">Badges, power-ups and cosmetics. All scams final.</p>
        </div>
        {balance !== undefined && (
          <p className="text-lg text-slate-300">
            Balance:{' '}
            <strong data-testid="store-balance" className="font-mono text-emerald-300">
              <Emoji char="🪙" /> {formatCoins(balance)}
            </strong>
          </p>
        )}
      </header>
      {userQuery.isError && (
        <ErrorBanner>{errorMessage(userQuery.error, 'Failed to load user data')}</ErrorBanner>
      )}
      {mine.isError && (
        <ErrorBanner>{errorMessage(mine.error, 'Failed to fetch store data')}</ErrorBanner>
      )}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Collapsible title="Inventory" icon="🎒" count={mine.data?.inventory.length}>
          {mine.data ? (
            <UsableInventory inventory={mine.data.inventory} />
          ) : (
            mine.isPending && <LoadingState />
          )}
        </Collapsible>
        <Collapsible title="Purchase History" icon="🧾" count={mine.data?.purchaseHistory.length}>
          {mine.data ? (
            <PurchaseHistory purchases={mine.data.purchaseHistory} />
          ) : (
            mine.isPending && <LoadingState />
          )}
        </Collapsible>
      </div>

      <section aria-labelledby={`${ids}-shelf`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${ids}-shelf`} className="section-title">
            For sale
          </h2>
          <div className="flex w-full flex-wrap gap-3 sm:w-auto">
            <Choice
              id={`${ids}-type`}
              label="Type"
              value={filter}
              options={TYPE_FILTERS}
              onChange={setFilter}
            />
            <Choice
              id={`${ids}-sort`}
              label="Sort by"
              value={sort}
              options={SORT_KEYS}
              onChange={setSort}
            />
            <Choice
              id={`${ids}-direction`}
              label="Order"
              value={direction}
              options={[
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
              onChange={setDirection}
            />
          </div>
        </div>
        {items.isPending ? (
          <LoadingState>Loading items…</LoadingState>
        ) : items.isError ? (
          <ErrorBanner>{errorMessage(items.error, 'Failed to load items')}</ErrorBanner>
        ) : shown.length === 0 ? (
          <EmptyState>Nothing on the shelf here. Try another type.</EmptyState>
        ) : (
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
            data-testid="store-grid"
          >
            {shown.map((item) => (
              <StoreItemCard
                key={item._id}
                item={item}
                processing={purchase.isPending && purchase.variables === item._id}
                busy={purchase.isPending}
                balance={balance}
                onBuy={buy}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
