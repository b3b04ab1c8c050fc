import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { adminKeys } from './queries';

export interface AddFundsInput {
  username: string;
  amount: number;
}

/** Every admin action is logged server-side, so the users list and the logs both go stale. */
function useAdminMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const { refreshUser } = useSession();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The admin may have just paid themselves.
      void refreshUser();
    },
  });
}

export function useAddFundsMutation() {
  return useAdminMutation(({ username, amount }: AddFundsInput) =>
    api.patch<unknown>(`/api/admin/balance/${encodeURIComponent(username)}`, { amount }, { auth: true }),
  );
}

export function useBanUserMutation() {
  return useAdminMutation((username: string) =>
    api.patch<unknown>(`/api/admin/status/user/${encodeURIComponent(username)}`, { status: 'banned' }, { auth: true }),
  );
}
