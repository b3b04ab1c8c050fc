import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationDto } from '../../../shared/api/notifications';
import type { RouteBody } from '../../../shared/api/routes';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { withRead, without, type InboxData } from './inboxCache';
import { notificationKeys } from './queries';

export type PreferencesInput = RouteBody<'PUT /api/notifications/preferences'>['preferences'];

/**
 * Marks notifications read and shows it at once: the count the server answered, and the read
 * ones unhighlighted in every cached list. Unread-only lists refetch on the 'notification.read'
 * event that follows (app/liveEvents.ts), so a read item does not vanish under the pointer here.
 */
export async function markRead(
  queryClient: QueryClient,
  which: readonly string[] | 'all',
): Promise<void> {
  const { unread } = await api('POST /api/notifications/read', {
    body: which === 'all' ? { all: true } : { ids: [...which] },
  });
  queryClient.setQueriesData<number>({ queryKey: notificationKeys.unreadAll() }, unread);
  const at = new Date().toISOString();
  queryClient.setQueriesData<InboxData>({ queryKey: notificationKeys.lists() }, (data) =>
    data ? withRead(data, which, at) : data,
  );
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: readonly string[] | 'all') => markRead(queryClient, which),
  });
}

export function useRemoveMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (notification: NotificationDto) =>
      api('DELETE /api/notifications/:id', { params: { id: notification._id } }),
    onSuccess: (_reply, notification) => {
      queryClient.setQueriesData<InboxData>({ queryKey: notificationKeys.lists() }, (data) =>
        data ? without(data, notification._id) : data,
      );
      if (notification.readAt === null)
        queryClient.setQueryData<number>(notificationKeys.unread(token), (n) =>
          n === undefined ? n : Math.max(0, n - 1),
        );
    },
  });
}

export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (preferences: PreferencesInput) =>
      api('PUT /api/notifications/preferences', { body: { preferences } }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(token), saved),
  });
}

/** Sets the digest address (a confirmation link is mailed); the settings show it waiting. */
export function useSaveEmailMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: (email: string) => api('POST /api/user/email', { body: { email } }),
    onSuccess: ({ address }) =>
      queryClient.setQueryData(notificationKeys.email(token), { enabled: true, address }),
  });
}

export function useRemoveEmailMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: () => api('DELETE /api/user/email'),
    onSuccess: () =>
      queryClient.setQueryData(notificationKeys.email(token), { enabled: true, address: null }),
  });
}
