import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { adminKeys } from './queries';

export interface AddFundsInput {
  username: string;
  amount: number;
}

export function useAddFundsMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: ({ username, amount }: AddFundsInput) =>
      api('PATCH /api/admin/balance/:username', { params: { username }, body: { amount } }),
    // Covers the admin lists and logs too, and the admin's own balance if they paid themselves.
    onSuccess: () => void afterCoinsMoved(),
  });
}

export function useBanUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api('PATCH /api/admin/status/user/:username', {
        params: { username },
        body: { status: 'banned' },
      }),
    // Every admin action is logged server-side, so the users list and the logs both go stale.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Every sign-up act is logged, so the lists and the log both go stale. */
function useSignupMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useCreateInvite = () =>
  useSignupMutation((body: { maxUses: number; expiresInHours: number }) =>
    api('POST /api/admin/invites', { body }),
  );

export const useRevokeInvite = () =>
  useSignupMutation((code: string) => api('DELETE /api/admin/invites/:code', { params: { code } }));

export const useDecideSignup = () =>
  useSignupMutation(({ username, approve }: { username: string; approve: boolean }) =>
    approve
      ? api('POST /api/admin/signups/:username/approve', { params: { username } })
      : api('POST /api/admin/signups/:username/deny', { params: { username } }),
  );

/** A one-hour password reset link for the user (written to the admin log). */
export function useResetLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api('POST /api/admin/users/:username/reset-link', { params: { username } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
