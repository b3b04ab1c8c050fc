import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ServiceDto, ServiceStatus } from '../../../../shared/api/services';
import { Avatar } from '../../../components/Avatar';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatCoins, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useActionGuard } from '../../../lib/useActionGuard';
import {
  priceChangedDetails,
  useAcceptServiceMutation,
  useBuyServiceMutation,
  useDeleteServiceMutation,
  useFinalizeServiceMutation,
  useRefundServiceMutation,
} from '../mutations';
import { Emoji } from '../../../components/Emoji';
import { ReportButton } from '../../reports/public';

const STATE_LABEL: Record<ServiceStatus, string> = {
  listed: 'Available',
  bought: 'Bought, in progress',
  finalized: 'Finalized, awaiting acceptance',
  completed: 'Completed',
  refunded: 'Refunded',
  deleted: 'Deleted',
};

interface ServiceCardProps {
  service: ServiceDto;
  meId: string | null;
  onEdit: (service: ServiceDto) => void;
}

/** One service with the buttons spec section 4's lifecycle allows the viewer. */
export function ServiceCard({ service, meId, onEdit }: ServiceCardProps) {
  const ids = useId();
  const buy = useBuyServiceMutation();
  const remove = useDeleteServiceMutation();
  const finalize = useFinalizeServiceMutation();
  const accept = useAcceptServiceMutation();
  const refund = useRefundServiceMutation();
  // One request per click: a double click's second click lands before the re-render disables the button.
  const guard = useActionGuard();
  const busy =
    buy.isPending ||
    remove.isPending ||
    finalize.isPending ||
    accept.isPending ||
    refund.isPending ||
    guard.quiet;
  /** The price the server reported after the provider changed it: shown, and what Buy agrees to next. */
  const [repriced, setRepriced] = useState<number | null>(null);
  const shownPrice = repriced ?? service.price;
  const isOwner = meId === service.provider._id;
  const isBuyer = service.buyer !== null && meId === service.buyer._id;
  const status = service.status;

  const run = (action: () => Promise<unknown>, success: string, fallback: string) =>
    void guard.run(() =>
      action().then(
        () => notify.success(success),
        (error: unknown) => notify.error(errorMessage(error, fallback, CONNECTION_ERROR)),
      ),
    );

  const onBuy = () =>
    void guard.run(async () => {
      try {
        await buy.mutateAsync({ id: service._id, expectedPrice: shownPrice });
        setRepriced(null);
        notify.success('Purchase successful!');
      } catch (error) {
        const changed = priceChangedDetails(error);
        if (!changed) return notify.error(errorMessage(error, 'Purchase failed', CONNECTION_ERROR));
        setRepriced(changed.currentPrice);
        notify.error(
          `The price has changed: this service now costs ${formatCoins(changed.currentPrice)} coins. Check it and buy again.`,
        );
      }
    });

  const completedOn = service.completedAt ?? service.refundedAt;

  return (
    <li
      data-testid="service"
      data-service-id={service._id}
      data-status={status}
      aria-labelledby={`${ids}-title`}
      className="card flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${ids}-title`} className="min-w-0 text-lg font-semibold wrap-anywhere text-white">
          {service.title}
        </h3>
        <p data-testid="service-price" className="font-semibold text-emerald-300">
          <Emoji char="🪙" /> {formatCoins(shownPrice)}
        </p>
      </div>
      <p className="text-sm whitespace-pre-line wrap-anywhere text-slate-300">
        {service.description}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to={`/profile/${service.provider.username}`}
          className="inline-flex min-w-0 items-center gap-2 text-amber-200 hover:underline"
        >
          <Avatar
            src={service.provider.profileImage}
            username={service.provider.username}
            size="sm"
          />
          <span className="min-w-0 wrap-anywhere">{service.provider.username}</span>
        </Link>
        <p data-testid="service-state" className="text-slate-300">
          {STATE_LABEL[status]}
          {service.buyer && !isBuyer && isOwner ? ` · buyer ${service.buyer.username}` : ''}
        </p>
        {!isOwner && (
          <ReportButton targetType="service" targetId={service._id} label={service.title} />
        )}
      </div>
      {completedOn && (status === 'completed' || status === 'refunded') && (
        <p className="text-xs text-slate-400">
          {status === 'completed' ? 'Completed' : 'Refunded'} on{' '}
          <time dateTime={completedOn}>{formatDate(completedOn)}</time>
        </p>
      )}
      {repriced !== null && !isOwner && status === 'listed' && (
        <p
          role="status"
          data-testid="service-repriced"
          className="rounded-lg bg-amber-500/15 px-3 py-2 text-sm text-amber-100"
        >
          The provider changed the price to <Emoji char="🪙" /> {formatCoins(repriced)}. Buy again
          to pay the new price.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {isOwner && status === 'listed' && (
          <>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => onEdit(service)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={busy}
              onClick={() =>
                run(() => remove.mutateAsync(service._id), 'Service deleted', 'Delete failed')
              }
            >
              Delete
            </button>
          </>
        )}
        {!isOwner && status === 'listed' && (
          <button type="button" className="btn-primary" disabled={busy} onClick={onBuy}>
            {repriced === null ? (
              'Buy'
            ) : (
              <>
                Buy for <Emoji char="🪙" /> {formatCoins(repriced)}
              </>
            )}
          </button>
        )}
        {isOwner && status === 'bought' && (
          <>
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() =>
                run(
                  () => finalize.mutateAsync(service._id),
                  'Service finalized!',
                  'Finalize failed',
                )
              }
            >
              Finalize
            </button>
            <button
              type="button"
              className="btn-danger"
              disabled={busy}
              onClick={() =>
                run(() => refund.mutateAsync(service._id), 'Service refunded', 'Refund failed')
              }
            >
              Refund
            </button>
          </>
        )}
        {isBuyer && status === 'finalized' && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() =>
              run(() => accept.mutateAsync(service._id), 'Finalization accepted!', 'Accept failed')
            }
          >
            Accept
          </button>
        )}
      </div>
    </li>
  );
}
