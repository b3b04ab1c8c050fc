import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveConnected } from '../../lib/liveSocket';
import { useSession } from '../../lib/session';
import type { InboxFilter } from './inboxCache';

/**
 * The unread count (the bell), the inbox lists (one per filter) and the preferences, each
 * keyed by the token. Live events (app/liveEvents.ts) set the count and add to the lists.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadAll: () => ['notifications', 'unread'] as const,
  unread: (token: string | null) => ['notifications', 'unread', token] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (token: string | null, filter: InboxFilter) =>
    ['notifications', 'list', token, filter] as const,
  preferences: (token: string | null) => ['notifications', 'preferences', token] as const,
  emailAll: () => ['notifications', 'email'] as const,
  email: (token: string | null) => ['notifications', 'email', token] as const,
};

/** The filter a list's key was made with (see notificationKeys.list). */
export function filterOfKey(key: readonly unknown[]): InboxFilter | null {
  const filter = key[3] as InboxFilter | undefined;
  return filter && typeof filter === 'object' ? filter : null;
}

/** Without the socket the count is read again this often, so the bell still moves. */
const UNREAD_POLL_MS = 60_000;

/** The bell's count: the unread list's count (there is no lighter route). */
export function useUnreadCount() {
  const { token } = useSession();
  const live = useLiveConnected();
  return useQuery({
    queryKey: notificationKeys.unread(token),
    queryFn: async ({ signal }) =>
      (await api('GET /api/notifications', { query: { unread: 'true' }, signal })).unread,
    enabled: token !== null,
    refetchInterval: live ? false : UNREAD_POLL_MS,
  });
}

export function useInbox(filter: InboxFilter) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(token, filter),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api('GET /api/notifications', {
        query: {
          cursor: pageParam ?? undefined,
          unread: filter.unread ? 'true' : undefined,
          group: filter.group ?? undefined,
        },
        signal,
      });
      // Every page says the count too: the bell agrees with the list it sits above.
      queryClient.setQueryData(notificationKeys.unread(token), page.unread);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: token !== null,
  });
}

export function usePreferences() {
  const { token } = useSession();
  return useQuery({
    queryKey: notificationKeys.preferences(token),
    queryFn: ({ signal }) => api('GET /api/notifications/preferences', { signal }),
    enabled: token !== null,
  });
}

/** The player's digest address, and whether the site sends e-mail at all. */
export function useEmailAddress() {
  const { token } = useSession();
  return useQuery({
    queryKey: notificationKeys.email(token),
    queryFn: ({ signal }) => api('GET /api/user/email', { signal }),
    enabled: token !== null,
  });
}
