import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreItemDto } from '../../../shared/api/store';
import type { RouteBody } from '../../../shared/api/routes';
import { api } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { adminKeys } from '../admin/public';
import { storeKeys } from './queries';

export type CreateItemInput = RouteBody<'POST /api/store/create'>;
export type UpdateItemInput = RouteBody<'PATCH /api/store/items/:id'>;

/**
 * Spec section 4, store: stock drops by 1 on screen after a purchase. The answer carries the
 * item as it now is, so the shelf shows that at once (and drops it at 0) before the refetch.
 */
export function usePurchaseMutation() {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (itemId: string) => api('POST /api/store/purchase', { body: { itemId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<StoreItemDto[]>(storeKeys.items(), (items) =>
        items
          ?.map((item) => (item._id === answer.item._id ? answer.item : item))
          .filter((item) => item.stock > 0),
      );
      void afterCoinsMoved();
    },
    // A refusal (sold out, price changed) usually means the shelf on screen is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: storeKeys.items() }),
  });
}

export function useUseItemMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (itemId: string) =>
      api('POST /api/store/items/:id/use', { params: { id: itemId } }),
    onSettled: () => void afterCoinsMoved(),
  });
}

function useAdminItemMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useCreateItemMutation() {
  return useAdminItemMutation((body: CreateItemInput) => api('POST /api/store/create', { body }));
}

export function useUpdateItemMutation() {
  return useAdminItemMutation(({ id, change }: { id: string; change: UpdateItemInput }) =>
    api('PATCH /api/store/items/:id', { params: { id }, body: change }),
  );
}

export function useUploadItemImageMutation() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('image', file);
      return api('POST /api/store/upload', { body });
    },
  });
}
