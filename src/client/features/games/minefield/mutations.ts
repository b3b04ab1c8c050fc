import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '../../../../shared/api/routes';
import { api } from '../../../lib/api';
import { useAfterCoinsMoved } from '../../../lib/useAfterCoinsMoved';

export type StartMinefieldInput = RouteBody<'POST /api/games/minefield/start'>;
export type RevealCellInput = RouteBody<'POST /api/games/minefield/reveal'>;

/** The stake leaves the balance at the start. */
export function useStartMinefieldMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (body: StartMinefieldInput) => api('POST /api/games/minefield/start', { body }),
    onSuccess: () => void afterCoinsMoved(),
  });
}

/** Coins move only when a reveal ends the game (a mine, or the last safe cell pays). */
export function useRevealCellMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (body: RevealCellInput) => api('POST /api/games/minefield/reveal', { body }),
    onSuccess: (result) => {
      if (result.exploded || result.reward !== null) void afterCoinsMoved();
    },
  });
}

export function useCashOutMutation() {
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn: (sessionId: string) => api('POST /api/games/minefield/cashout', { body: { sessionId } }),
    onSuccess: () => void afterCoinsMoved(),
  });
}
