import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import type { PriceChangedDetails } from '../../../shared/api/services';
import { api, ApiError } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { serviceKeys } from './queries';

export type ServiceInput = RouteBody<'POST /api/services'>;

/**
 * Every service action re-reads the service lists, succeeded or refused (a refusal usually
 * means the screen was out of date); the ones that move coins re-read the user too.
 */
function useServiceMutation<T, R>(mutationFn: (input: T) => Promise<R>, movesCoins: boolean) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      if (movesCoins) void afterCoinsMoved();
    },
  });
}

export const useCreateServiceMutation = () =>
  useServiceMutation((body: ServiceInput) => api('POST /api/services', { body }), false);

export const useUpdateServiceMutation = () =>
  useServiceMutation(
    ({ id, ...body }: ServiceInput & { id: string }) =>
      api('PUT /api/services/:id', { params: { id }, body }),
    false,
  );

export const useDeleteServiceMutation = () =>
  useServiceMutation((id: string) => api('DELETE /api/services/:id', { params: { id } }), false);

/** A buy names the price the page showed: the server refuses it if the provider changed it since. */
export const useBuyServiceMutation = () =>
  useServiceMutation(
    ({ id, expectedPrice }: { id: string; expectedPrice: number }) =>
      api('POST /api/services/buy/:id', { params: { id }, body: { expectedPrice } }),
    true,
  );

/** The 409 a buy gets when the service's price is no longer the one it named, narrowed from ApiError. */
export function priceChangedDetails(error: unknown): PriceChangedDetails | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as Partial<PriceChangedDetails> | null | undefined;
  return typeof details === 'object' && details !== null && typeof details.currentPrice === 'number'
    ? { currentPrice: details.currentPrice }
    : null;
}

export const useFinalizeServiceMutation = () =>
  useServiceMutation(
    (serviceId: string) => api('POST /api/services/finalize', { body: { serviceId } }),
    false,
  );

export const useAcceptServiceMutation = () =>
  useServiceMutation(
    (serviceId: string) => api('POST /api/services/accept', { body: { serviceId } }),
    true,
  );

export const useRefundServiceMutation = () =>
  useServiceMutation(
    (serviceId: string) => api('POST /api/services/refund', { body: { serviceId } }),
    true,
  );
