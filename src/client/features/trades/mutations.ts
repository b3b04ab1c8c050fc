import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import { api } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { tradeKeys } from './queries';

export type RequestTradeInput = RouteBody<'POST /api/trades/request'>;
export type RespondTradeInput = RouteBody<'POST /api/trades/:id/respond'> & { tradeId: string };

/**
 * Spec section 4: after a trade action the user and the stats are read again. Items moved or
 * were locked, so the trade lists and the holdings are re-read too, whether the call succeeded
 * or was refused (a refusal usually means the screen was out of date).
 */
function useTradeMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    // Not awaited: the re-read may unmount the trade's card (a closed trade leaves the active
    // list), and the caller's own callbacks (toast, banner) must run before that happens.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      void afterCoinsMoved();
    },
  });
}

export function useRequestTradeMutation() {
  return useTradeMutation((body: RequestTradeInput) => api('POST /api/trades/request', { body }));
}

export function useRespondTradeMutation() {
  return useTradeMutation(({ tradeId, ...body }: RespondTradeInput) =>
    api('POST /api/trades/:id/respond', { params: { id: tradeId }, body }),
  );
}

export function useCancelTradeMutation() {
  return useTradeMutation((tradeId: string) =>
    api('POST /api/trades/:id/cancel', { params: { id: tradeId } }),
  );
}

export function useFinalizeTradeMutation() {
  return useTradeMutation((tradeId: string) =>
    api('POST /api/trades/:id/finalize', { params: { id: tradeId } }),
  );
}
