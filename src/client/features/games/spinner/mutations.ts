import { useMutation } from '@tanstack/react-query';
import type { SpinnerId } from '../../../../shared/games/engine/catalog';
import { api } from '../../../lib/api';

const SPIN_ROUTES = {
  spinner: 'POST /api/games/spinner',
  spinner12: 'POST /api/games/spinner12',
  spinnerDaily: 'POST /api/games/spinnerDaily',
  spinnerWeekly: 'POST /api/games/spinnerWeekly',
} as const satisfies Record<SpinnerId, string>;

/**
 * A spin pays coins and uses a nonce. The page shows the reward only when the wheel stops,
 * so it refreshes the balance and history itself (useAfterGamePlayed) at that moment, not here.
 */
export function useSpinMutation() {
  return useMutation({ mutationFn: (id: SpinnerId) => api(SPIN_ROUTES[id]) });
}
