import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../shared/api/accounts';
import type { TycoonActionResponse } from '../../../shared/api/coinTycoon';
import type { BusinessKey } from '../../../shared/games/coinTycoon';
import { api } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { tycoonKeys, usePutTycoon } from './queries';

/** One intent; the request never carries an amount, only what the player pressed. */
export type TycoonAction =
  | { intent: 'buy'; business: BusinessKey; count: number | 'max' }
  | { intent: 'manager' | 'start'; business: BusinessKey }
  | { intent: 'prestige' | 'claim' | 'boost' };

function send(action: TycoonAction): Promise<TycoonActionResponse> {
  switch (action.intent) {
    case 'buy':
      return api('POST /api/games/coin-tycoon/buy', { body: { business: action.business, count: action.count } });
    case 'manager':
      return api('POST /api/games/coin-tycoon/manager', { body: { business: action.business } });
    case 'start':
      return api('POST /api/games/coin-tycoon/start', { body: { business: action.business } });
    case 'prestige':
      return api('POST /api/games/coin-tycoon/prestige');
    case 'claim':
      return api('POST /api/games/coin-tycoon/claim');
    case 'boost':
      return api('POST /api/games/coin-tycoon/boost');
  }
}

/**
 * Every intent answers with the company as it now stands and the coin balance: the company goes
 * into the cache and the nav's balance updates at once; when coins moved (the dividend, the
 * boost) everything coins touch is read again.
 */
export function useTycoonAction() {
  const queryClient = useQueryClient();
  const put = usePutTycoon();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      put(answer);
      queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) => (user ? { ...user, balance: answer.balance } : user));
      if (answer.coins !== 0) void afterCoinsMoved();
    },
    // A refusal usually means the screen was behind the server (bucks, a cycle, the balance).
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: tycoonKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
