import { useMutation } from '@tanstack/react-query';
import type { RouteBody } from '../../../../shared/api/routes';
import { api } from '../../../lib/api';
import { useAfterGamePlayed } from '../public';

export type StartMinefieldInput = RouteBody<'POST /api/games/minefield/start'>;
export type RevealCellInput = RouteBody<'POST /api/games/minefield/reveal'>;

/**
 * The stake leaves the balance at the start; the round lists ("Your last rounds") and the
 * running game are read again with the balance, as for every game.
 */
export function useStartMinefieldMutation() {
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: StartMinefieldInput) => api('POST /api/games/minefield/start', { body }),
    onSuccess: () => void afterGamePlayed(),
  });
}

/** Coins move only when a reveal ends the game (a mine, or the last safe cell pays). */
export function useRevealCellMutation() {
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (body: RevealCellInput) => api('POST /api/games/minefield/reveal', { body }),
    onSuccess: (result) => {
      if (result.exploded || result.reward !== null) void afterGamePlayed();
    },
  });
}

export function useCashOutMutation() {
  const afterGamePlayed = useAfterGamePlayed();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api('POST /api/games/minefield/cashout', { body: { sessionId } }),
    onSuccess: () => void afterGamePlayed(),
  });
}
