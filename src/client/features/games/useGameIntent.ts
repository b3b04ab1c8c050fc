import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { UserDto } from '../../../shared/api/accounts';
import { sessionKeys } from '../../lib/session';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';

/**
 * An intent of a game whose state lives on the server (the tycoon, the trainer). Its answer is
 * the game as it now stands with the coin balance: the game goes into the cache (`put`) and the
 * nav's balance updates at once; when coins moved, everything coins touch is read again. A
 * refusal usually means the screen was behind the server (another tab, the clock), so the game
 * under `gameKey` and the session are read again.
 */
export function useGameIntent<A, R extends { balance: number; coins: number }>(
  send: (action: A) => Promise<R>,
  put: (answer: R) => void,
  gameKey: QueryKey,
) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      put(answer);
      queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) =>
        user ? { ...user, balance: answer.balance } : user,
      );
      if (answer.coins !== 0) void afterCoinsMoved();
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: gameKey });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
