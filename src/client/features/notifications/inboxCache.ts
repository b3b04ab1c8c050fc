import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationDto } from '../../../shared/api/notifications';
import {
  NOTIFICATION_KINDS,
  notificationGroups,
  type NotificationGroup,
  type NotificationKind,
} from '../../../shared/notifications';

/*
 * What live events and the inbox's own actions do to cached inbox pages, without a refetch:
 * a new notification goes on top of each list it belongs in, a read one gets its readAt, a
 * removed one leaves.
 */

export interface InboxFilter {
  unread: boolean;
  group: NotificationGroup | null;
}

interface InboxPage {
  notifications: NotificationDto[];
  unread: number;
  nextCursor: string | null;
}

export type InboxData = InfiniteData<InboxPage, string | null>;

/** Whether a list with this filter shows this notification. */
export function belongsIn(
  filter: InboxFilter,
  notification: { kind: NotificationKind; readAt: string | null },
): boolean {
  if (filter.unread && notification.readAt !== null) return false;
  return filter.group === null || NOTIFICATION_KINDS[notification.kind].group === filter.group;
}

function mapNotifications(
  data: InboxData,
  change: (list: NotificationDto[]) => NotificationDto[],
): InboxData {
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, notifications: change(p.notifications) })),
  };
}

/** The list with a new notification on top, once (a repeated event changes nothing). */
export function withNew(
  data: InboxData,
  filter: InboxFilter,
  notification: NotificationDto,
): InboxData {
  const [first, ...rest] = data.pages;
  if (!first || !belongsIn(filter, notification)) return data;
  if (data.pages.some((p) => p.notifications.some((n) => n._id === notification._id))) return data;
  return {
    ...data,
    pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest],
  };
}

/** The list with these notifications (or all) read at `at`; ones read before keep their time. */
export function withRead(data: InboxData, which: readonly string[] | 'all', at: string): InboxData {
  const hit = (id: string) => which === 'all' || which.includes(id);
  return mapNotifications(data, (list) =>
    list.map((n) => (n.readAt === null && hit(n._id) ? { ...n, readAt: at } : n)),
  );
}

export function without(data: InboxData, id: string): InboxData {
  return mapNotifications(data, (list) => list.filter((n) => n._id !== id));
}

/** The inbox's filter as the address holds it: ?show=unread&group=Coins (anything else: all). */
export function filterFromSearch(params: URLSearchParams): InboxFilter {
  const group = params.get('group');
  return {
    unread: params.get('show') === 'unread',
    group: notificationGroups.find((g) => g === group) ?? null,
  };
}
