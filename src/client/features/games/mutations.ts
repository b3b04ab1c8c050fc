import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { gameKeys } from './queries';

/** After a round moved coins: the balance, every game's lists and the counters refresh. */
export function useAfterGamePlayed(): () => Promise<void> {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useCallback(async () => {
    await Promise.all([
      afterCoinsMoved(),
      queryClient.invalidateQueries({ queryKey: gameKeys.all }),
    ]);
  }, [afterCoinsMoved, queryClient]);
}
