import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../features/admin/queries';
import { betKeys } from '../features/bets/queries';
import { storeKeys } from '../features/store/queries';
import { walletKeys } from '../features/wallet/queries';
import { sessionKeys } from './session';

/**
 * Spec section 4: after a money action the user and the stats are read again. Coins moving
 * also changes the statement, the bet lists (stakes, votes, payouts), the store (stock,
 * inventory, buffs) and the balances the
 * admin panel lists, so every such mutation calls this one function on success instead of
 * keeping its own list. Only queries on screen refetch; the rest are just marked stale.
 */
export function useAfterCoinsMoved(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [sessionKeys.all, walletKeys.all, betKeys.all, storeKeys.all, adminKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}
