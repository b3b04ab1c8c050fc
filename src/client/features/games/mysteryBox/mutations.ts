import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../../shared/api/accounts';
import type { StoreUserDto } from '../../../../shared/api/store';
import { api } from '../../../lib/api';
import { sessionKeys, useSession } from '../../../lib/session';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';
import { gameKeys } from '../public';
import { storeKeys } from '../../store/public';
import type { OpenCount } from './mysteryBoxView';

/** The nav's balance from an answer at once, without waiting for the refetch. */
function showBalance(queryClient: QueryClient, balance: number) {
  queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) =>
    user ? { ...user, balance } : user,
  );
}

/**
 * Opening pays at once, but what dropped shows only when the reels stop: the inventory and the
 * round lists are marked stale here without a refetch (a page showing them would give the drops
 * away mid-spin); the page refetches them when the reveal ends (useAfterGamePlayed), and any page
 * opened meanwhile reads them afresh.
 */
export function useOpenBoxesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { boxId: string; count: OpenCount }) =>
      api('POST /api/games/mystery-box/open', { body }),
    onSuccess: (answer) => {
      showBalance(queryClient, answer.balance);
      for (const queryKey of [storeKeys.all, gameKeys.all])
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    },
    // A refusal (short balance) may mean the balance on screen is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/**
 * Sells collectibles back (from a fresh drop, the collectibles list or the store inventory): the
 * balance and the entry's quantity change at once, then everything coins touch is read again.
 */
export function useSellCollectibleMutation() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (body: { itemId: string; quantity: number }) =>
      api('POST /api/games/mystery-box/sell', { body }),
    onSuccess: (answer, { itemId }) => {
      showBalance(queryClient, answer.balance);
      queryClient.setQueryData<StoreUserDto>(storeKeys.mine(token), (data) =>
        data
          ? {
              ...data,
              balance: answer.balance,
              inventory: data.inventory.flatMap((e) =>
                e.item._id !== itemId
                  ? [e]
                  : answer.left > 0
                    ? [{ ...e, quantity: answer.left }]
                    : [],
              ),
            }
          : data,
      );
      void afterCoinsMoved();
    },
    onError: () => void afterCoinsMoved(),
  });
}
