import { useId } from 'react';
import { Link } from 'react-router';
import type { ServiceDto, ServiceStatus } from '../../../../shared/api/services';
import { Avatar } from '../../../components/Avatar';
import { CONNECTION_ERROR, errorMessage } from '../../../lib/errorMessages';
import { formatCoins, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import {
  useAcceptServiceMutation,
  useBuyServiceMutation,
  useDeleteServiceMutation,
  useFinalizeServiceMutation,
  useRefundServiceMutation,
} from '../mutations';
import { Emoji } from '../../../components/Emoji';

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
  const busy = buy.isPending || remove.isPending || finalize.isPending || accept.isPending || refund.isPending;
  const isOwner = meId === service.provider._id;
  const isBuyer = service.buyer !== null && meId === service.buyer._id;
  const status = service.status;

  const run = (mutate: (id: string, o: { onSuccess: () => void; onError: (e: unknown) => void }) => void, success: string, fallback: string) =>
    mutate(service._id, {
      onSuccess: () => notify.success(success),
      onError: (error) => notify.error(errorMessage(error, fallback, CONNECTION_ERROR)),
    });

  const completedOn = service.completedAt ?? service.refundedAt;

  return (
    <li data-testid="service" data-service-id={service._id} data-status={status} aria-labelledby={`${ids}-title`} className="card flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${ids}-title`} className="min-w-0 text-lg font-semibold wrap-anywhere text-white">
          {service.title}
        </h3>
        <p className="font-semibold text-emerald-300"><Emoji char="🪙" /> {formatCoins(service.price)}</p>
      </div>
      <p className="text-sm whitespace-pre-line wrap-anywhere text-slate-300">{service.description}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to={`/profile/${service.provider.username}`} className="inline-flex min-w-0 items-center gap-2 text-amber-200 hover:underline">
          <Avatar src={service.provider.profileImage} username={service.provider.username} size="sm" />
          <span className="min-w-0 wrap-anywhere">{service.provider.username}</span>
        </Link>
        <p data-testid="service-state" className="text-slate-300">
          {STATE_LABEL[status]}
          {service.buyer && !isBuyer && isOwner ? ` · buyer ${service.buyer.username}` : ''}
        </p>
      </div>
      {completedOn && (status === 'completed' || status === 'refunded') && (
        <p className="text-xs text-slate-400">
          {status === 'completed' ? 'Completed' : 'Refunded'} on <time dateTime={completedOn}>{formatDate(completedOn)}</time>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {isOwner && status === 'listed' && (
          <>
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => onEdit(service)}>
              Edit
            </button>
            <button type="button" className="btn-danger" disabled={busy} onClick={() => run(remove.mutate, 'Service deleted', 'Delete failed')}>
              Delete
            </button>
          </>
        )}
        {!isOwner && status === 'listed' && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => run(buy.mutate, 'Purchase successful!', 'Purchase failed')}>
            Buy
          </button>
        )}
        {isOwner && status === 'bought' && (
          <>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => run(finalize.mutate, 'Service finalized!', 'Finalize failed')}>
              Finalize
            </button>
            <button type="button" className="btn-danger" disabled={busy} onClick={() => run(refund.mutate, 'Service refunded', 'Refund failed')}>
              Refund
            </button>
          </>
        )}
        {isBuyer && status === 'finalized' && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => run(accept.mutate, 'Finalization accepted!', 'Accept failed')}>
            Accept
          </button>
        )}
      </div>
    </li>
  );
}
