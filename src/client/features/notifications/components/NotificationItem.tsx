import { Link } from 'react-router';
import { Check, X } from 'lucide-react';
import type { NotificationDto } from '../../../../shared/api/notifications';
import { NOTIFICATION_KINDS } from '../../../../shared/notifications';
import { formatDateTime } from '../../../lib/format';
import { timeAgo } from '../display';

/**
 * One notification: its title links to the page that acts on it (opening it reads it); unread
 * ones stand out by a mark, a tint and bold text, and say "Unread" to a screen reader.
 */
export function NotificationItem({
  notification: n,
  now,
  onOpen,
  onRead,
  onRemove,
  busy,
}: {
  notification: NotificationDto;
  now: number;
  onOpen: () => void;
  onRead: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const unread = n.readAt === null;
  return (
    <li
      data-testid="notification"
      data-unread={unread}
      className={`flex items-start gap-3 rounded-2xl border p-3 sm:p-4 ${
        unread ? 'border-amber-300/40 bg-amber-300/[0.07]' : 'border-white/10 bg-slate-900/70'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-amber-300' : 'bg-slate-700'}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={n.link}
          onClick={onOpen}
          className={`block wrap-anywhere hover:underline ${unread ? 'font-bold text-white' : 'font-medium text-slate-200'}`}
        >
          {unread && <span className="sr-only">Unread: </span>}
          {n.title}
        </Link>
        {n.body && <p className="mt-0.5 text-sm wrap-anywhere text-slate-300">{n.body}</p>}
        <p className="mt-1 text-xs text-slate-400">
          {NOTIFICATION_KINDS[n.kind].group} ·{' '}
          <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
            {timeAgo(n.createdAt, now)}
          </time>
        </p>
      </div>
      <div className="flex shrink-0 gap-1">
        {unread && (
          <button
            type="button"
            className="btn-secondary size-11 p-0"
            aria-label={`Mark read: ${n.title}`}
            title="Mark read"
            disabled={busy}
            onClick={onRead}
          >
            <Check aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          className="btn-secondary size-11 p-0"
          aria-label={`Remove: ${n.title}`}
          title="Remove"
          disabled={busy}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
