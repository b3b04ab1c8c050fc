import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RpsPlayBody } from '../../../shared/api/rps';
import type { SpinnerId } from '../../../shared/games/catalog';
import { api } from '../../lib/api';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';
import { gameKeys } from './queries';

const SPIN_ROUTES = {
  spinner: 'POST /api/games/spinner',
  spinner12: 'POST /api/games/spinner12',
  spinnerDaily: 'POST /api/games/spinnerDaily',
  spinnerWeekly: 'POST /api/games/spinnerWeekly',
} as const satisfies Record<SpinnerId, string>;

/**
 * A spin pays coins and uses a nonce. The page shows the reward only when the wheel stops,
 * so it refreshes the balance and history itself (afterSpin) at that moment, not here.
 */
export function useSpinMutation() {
  return useMutation({ mutationFn: (id: SpinnerId) => api(SPIN_ROUTES[id]) });
}

export function useAfterSpin(): () => Promise<void> {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return async () => {
    await Promise.all([afterCoinsMoved(), queryClient.invalidateQueries({ queryKey: gameKeys.all })]);
  };
}

export function useSetClientSeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => api('POST /api/fairness/client-seed', { body: { clientSeed } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

export function useRotateSeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/fairness/rotate'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
}

/** One puzzle answer; the page marks it solved before the answer comes and rolls back on failure. */
export function usePuzzleSubmitMutation() {
  return useMutation({
    mutationFn: (body: { puzzleId: string; answer: unknown }) => api('POST /api/games/puzzle-rush', { body }),
  });
}

/** Turns one memory card: its face comes from the server, a card at a time. */
export function useMemoryFlipMutation() {
  return useMutation({
    mutationFn: (body: { puzzleId: string; index: number }) => api('POST /api/games/puzzle-rush/flip', { body }),
  });
}

/** A duel play or cancel moves coins: the balance, the duel lists and the counters refresh. */
export function useRpsPlayMutation() {
  const afterSpin = useAfterSpin();
  return useMutation({
    mutationFn: (body: RpsPlayBody) => api('POST /api/games/rps', { body }),
    onSuccess: () => void afterSpin(),
  });
}

export function useRpsCancelMutation() {
  const afterSpin = useAfterSpin();
  return useMutation({
    mutationFn: (id: string) => api('POST /api/games/rps/:id/cancel', { params: { id } }),
    onSuccess: () => void afterSpin(),
  });
}
