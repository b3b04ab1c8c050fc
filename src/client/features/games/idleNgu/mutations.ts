import type { RouteReply } from '../../../../shared/api/routes';
import type { Allocations } from '../../../../shared/games/idleNgu/rules';
import { api } from '../../../lib/api';
import { useGameIntent } from '../public';
import { idleKeys, usePutIdle } from './queries';

/** One intent; the request never carries what was earned, only what the player chose. */
export type IdleAction =
  | { intent: 'allocate'; allocations: Allocations }
  | { intent: 'fight'; boss: number }
  | { intent: 'rebirth' };

export type IdleActionAnswer = RouteReply<'POST /api/games/idle-ngu/fight'>;

function send(action: IdleAction): Promise<IdleActionAnswer> {
  switch (action.intent) {
    case 'allocate':
      return api('POST /api/games/idle-ngu/allocate', {
        body: { allocations: { ...action.allocations } },
      });
    case 'fight':
      return api('POST /api/games/idle-ngu/fight', { body: { boss: action.boss } });
    case 'rebirth':
      return api('POST /api/games/idle-ngu/rebirth');
  }
}

/** Allocate, fight and rebirth (see useGameIntent). */
export function useIdleAction() {
  return useGameIntent(send, usePutIdle(), idleKeys.all);
}
