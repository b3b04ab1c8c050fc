import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../shared/api/accounts';
import type { RouteReply } from '../../../shared/api/routes';
import type { Allocations } from '../../../shared/games/idleTrainer';
import { api } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { idleKeys, usePutIdle } from './queries';

/** One intent; the request never carries what was earned, only what the player chose. */
export type IdleAction = { intent: 'allocate'; allocations: Allocations } | { intent: 'fight'; boss: number } | { intent: 'rebirth' };

export type IdleActionAnswer = RouteReply<'POST /api/games/idle-ngu/fight'>;

function send(action: IdleAction): Promise<IdleActionAnswer> {
  switch (action.intent) {
    case 'allocate':
      return api('POST /api/games/idle-ngu/allocate', { body: { allocations: { ...action.allocations } } });
    case 'fight':
      return api('POST /api/games/idle-ngu/fight', { body: { boss: action.boss } });
    case 'rebirth':
      return api('POST /api/games/idle-ngu/rebirth');
  }
}

/**
 * Every intent answers with the trainer as it now stands and the coin balance: the trainer goes
 * into the cache and the nav's balance updates at once; when a first kill paid, everything coins
 * touch is read again.
 */
export function useIdleAction() {
  const queryClient = useQueryClient();
  const put = usePutIdle();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      put(answer);
      queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) => (user ? { ...user, balance: answer.balance } : user));
      if (answer.coins !== 0) void afterCoinsMoved();
    },
    // A refusal means the screen was behind the server (another tab fought or reallocated).
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: idleKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
