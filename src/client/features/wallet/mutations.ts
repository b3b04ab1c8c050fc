import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import { api } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';

export function useSendCoinsMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/user/send-money'>) =>
      api('POST /api/user/send-money', { body }),
    onSuccess: () => void afterCoinsMoved(),
  });
}
