import type { QueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { LiveEventPayloads } from '../../../shared/api/live';
import type { NotificationDto } from '../../../shared/api/notifications';
import type { NotificationKind } from '../../../shared/notifications';
import { notify } from '../../lib/toast';
import { withNew, type InboxData } from './inboxCache';
import { markRead } from './mutations';
import { filterOfKey, notificationKeys } from './queries';

/** Goes to a path of the app without reloading it (the router's navigate). */
export type Navigate = (to: string) => void;

/**
 * Kinds whose event already shows a toast of its own with more to say ('coins.received',
 * 'bet.paid' in app/liveEvents.ts): their notification adds none, so one event is one toast.
 */
const TOASTED_ELSEWHERE: readonly NotificationKind[] = ['coins_received', 'bet_settled'];

const plainClick = (event: React.MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A new notification's toast: its title (and body) as a link to its page. The toaster sits
 * outside the router, so a plain click navigates through `navigate`; a modified click opens
 * the link as the browser would. Either way the notification is read.
 */
function NotificationToast({
  notification,
  toastId,
  navigate,
  read,
}: {
  notification: NotificationDto;
  toastId: string;
  navigate: Navigate;
  read: () => void;
}) {
  return (
    <a
      href={notification.link}
      className="block text-left text-slate-100 no-underline hover:underline"
      onClick={(event) => {
        if (plainClick(event)) {
          event.preventDefault();
          navigate(notification.link);
        }
        read();
        notify.dismiss(toastId);
      }}
    >
      <span className="block font-semibold">{notification.title}</span>
      {notification.body && (
        <span className="block text-sm text-slate-300">{notification.body}</span>
      )}
    </a>
  );
}

/** A new notification: the bell's count, on top of each cached list it belongs in, and a toast. */
export function onNotificationNew(
  queryClient: QueryClient,
  navigate: Navigate,
  { notification, unread }: LiveEventPayloads['notification.new'],
): void {
  queryClient.setQueriesData<number>({ queryKey: notificationKeys.unreadAll() }, unread);
  for (const [key, data] of queryClient.getQueriesData<InboxData>({
    queryKey: notificationKeys.lists(),
  })) {
    const filter = filterOfKey(key);
    if (data && filter) queryClient.setQueryData(key, withNew(data, filter, notification));
  }
  if (TOASTED_ELSEWHERE.includes(notification.kind)) return;
  const toastId = `notification-${notification._id}`;
  const read = () => void markRead(queryClient, [notification._id]).catch(() => undefined);
  const toast = (
    <NotificationToast
      notification={notification}
      toastId={toastId}
      navigate={navigate}
      read={read}
    />
  );
  notify.info(toast, {
    id: toastId,
    icon: <Bell aria-hidden="true" className="size-4 shrink-0 text-amber-300" />,
  });
}

/** Notifications were read (in this tab or another): the count, and the lists read again. */
export function onNotificationRead(
  queryClient: QueryClient,
  { unread }: LiveEventPayloads['notification.read'],
): void {
  queryClient.setQueriesData<number>({ queryKey: notificationKeys.unreadAll() }, unread);
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
}
