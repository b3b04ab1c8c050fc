import { useId, useState } from 'react';
import type { StoreItemDto } from '../../../../shared/api/store';
import { CoinInput } from '../../../components/CoinInput';
import { ConfirmDialog } from '../../../components/Modal';
import { ErrorBanner, EmptyState, LoadingState } from '../../../components/States';
import { TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { ItemPicture } from '../components/ItemPicture';
import { useUpdateItemMutation } from '../mutations';
import { useAdminItems } from '../queries';
import { Package } from 'lucide-react';

function ItemRow({
  item,
  onRetire,
}: {
  item: StoreItemDto;
  onRetire: (item: StoreItemDto) => void;
}) {
  const ids = useId();
  const update = useUpdateItemMutation();
  const [price, setPrice] = useState(String(item.price));
  const [stock, setStock] = useState(String(item.stock));
  const changed = price !== String(item.price) || stock !== String(item.stock);

  function save() {
    update.mutate(
      { id: item._id, change: { price: Number(price), stock: Number(stock) } },
      {
        onSuccess: () => notify.success(`${item.name} updated`),
        onError: (error) => notify.error(errorMessage(error, 'Update failed', CONNECTION_ERROR)),
      },
    );
  }

  return (
    <li
      data-testid="admin-item"
      className={`flex flex-wrap items-end gap-3 rounded-xl border border-white/10 bg-white/5 p-3 ${item.retired ? 'opacity-60' : ''}`}
    >
      <div className="flex min-w-40 flex-1 items-center gap-3">
        <ItemPicture image={item.image} emoji={item.emoji} name={item.name} />
        <div className="min-w-0">
          <p className="wrap-anywhere font-semibold text-white">{item.name}</p>
          <p className="text-xs text-slate-400">
            {item.type}
            {item.retired && ' · retired'}
          </p>
        </div>
      </div>
      <CoinInput
        id={`${ids}-price`}
        label={`Price of ${item.name}`}
        className="w-28"
        min={0}
        value={price}
        onValueChange={setPrice}
      />
      <TextField
        id={`${ids}-stock`}
        label={`Stock of ${item.name}`}
        className="w-28"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={stock}
        onValueChange={setStock}
      />
      <button
        type="button"
        className="btn-primary"
        disabled={!changed || update.isPending}
        onClick={save}
      >
        Save
      </button>
      <button
        type="button"
        className="btn-secondary"
        disabled={update.isPending}
        onClick={() =>
          item.retired
            ? update.mutate(
                { id: item._id, change: { retired: false } },
                {
                  onError: (error) =>
                    notify.error(errorMessage(error, 'Update failed', CONNECTION_ERROR)),
                },
              )
            : onRetire(item)
        }
      >
        {item.retired ? 'Restore' : 'Retire'}
      </button>
    </li>
  );
}

/** Admin: edit price and stock, retire (hidden from the store, kept in inventories) or restore. */
export function ItemManagement() {
  const ids = useId();
  const items = useAdminItems();
  const update = useUpdateItemMutation();
  const [retiring, setRetiring] = useState<StoreItemDto | null>(null);

  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <Package className="mr-1.5" />
        Store items
      </h2>
      {items.isPending ? (
        <LoadingState />
      ) : items.isError ? (
        <ErrorBanner>{errorMessage(items.error, 'Failed to load items')}</ErrorBanner>
      ) : items.data.length === 0 ? (
        <EmptyState>No items yet</EmptyState>
      ) : (
        <ul className="flex max-h-[36rem] flex-col gap-2 overflow-y-auto">
          {items.data.map((item) => (
            // Keyed by the values too, so a saved change resets the row's inputs.
            <ItemRow
              key={`${item._id}-${item.price}-${item.stock}`}
              item={item}
              onRetire={setRetiring}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={retiring !== null}
        question={`Retire ${retiring?.name ?? ''}?`}
        details="It leaves the store; players keep the units they hold."
        confirmLabel="Retire"
        tone="danger"
        onCancel={() => setRetiring(null)}
        onConfirm={() => {
          if (retiring) {
            update.mutate(
              { id: retiring._id, change: { retired: true } },
              {
                onError: (error) =>
                  notify.error(errorMessage(error, 'Update failed', CONNECTION_ERROR)),
              },
            );
          }
          setRetiring(null);
        }}
      />
    </section>
  );
}
