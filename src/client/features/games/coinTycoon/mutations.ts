import type { TycoonActionResponse } from '../../../../shared/games/coinTycoon/contract';
import type { BusinessKey } from '../../../../shared/games/coinTycoon/rules';
import { api } from '../../../lib/api';
import { useGameIntent } from '../public';
import { tycoonKeys, usePutTycoon } from './queries';

/** One intent; the request never carries an amount, only what the player pressed. */
export type TycoonAction =
  | { intent: 'buy'; business: BusinessKey; count: number | 'max' }
  | { intent: 'manager' | 'start'; business: BusinessKey }
  | { intent: 'prestige' | 'claim' | 'boost' };

function send(action: TycoonAction): Promise<TycoonActionResponse> {
  switch (action.intent) {
    case 'buy':
      return api('POST /api/games/coin-tycoon/buy', {
        body: { business: action.business, count: action.count },
      });
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

/** Buy, hire, start, sell the company, claim and boost (see useGameIntent). */
export function useTycoonAction() {
  return useGameIntent(send, usePutTycoon(), tycoonKeys.all);
}
