import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMoneyBody, SendMoneyResponse } from '../../../shared/api/wallet';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { walletKeys } from './queries';

export function useSendCoinsMutation() {
  const { refreshUser } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMoneyBody) => api.post<SendMoneyResponse>('/api/user/send-money', body, { auth: true }),
    // Spec section 4: after money actions the user and the statement are read again.
    onSuccess: () => {
      void refreshUser();
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
