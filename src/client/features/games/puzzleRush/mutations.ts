import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** One puzzle answer; the page marks it solved before the answer comes and rolls back on failure. */
export function usePuzzleSubmitMutation() {
  return useMutation({
    mutationFn: (body: { puzzleId: string; answer: unknown }) =>
      api('POST /api/games/puzzle-rush', { body }),
  });
}

/** Turns one memory card: its face comes from the server, a card at a time. */
export function useMemoryFlipMutation() {
  return useMutation({
    mutationFn: (body: { puzzleId: string; index: number }) =>
      api('POST /api/games/puzzle-rush/flip', { body }),
  });
}
