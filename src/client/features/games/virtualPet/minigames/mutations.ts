import { useMutation } from '@tanstack/react-query';
import type { Minigame } from '../../../../../shared/games/virtualPet/minigames';
import { api } from '../../../../lib/api';
import { usePetCache } from '../mutations';

export interface RunBody {
  critterId: string;
  game: Minigame;
}

/** POST /api/sanctuary/minigame/start: the server starts timing a run and names it. */
export function useMinigameStartMutation() {
  return useMutation({
    mutationFn: (body: RunBody) => api('POST /api/sanctuary/minigame/start', { body }),
  });
}

/**
 * POST /api/sanctuary/minigame/complete: the run's score, sent once. The answer carries the critter
 * with its new experience; the pet coins earned show once user/me is read again.
 */
export function useMinigameCompleteMutation() {
  const cache = usePetCache();
  return useMutation({
    mutationFn: (body: RunBody & { actualScore: number; runId: string }) =>
      api('POST /api/sanctuary/minigame/complete', { body }),
    onSuccess: (answer) => cache.setCritter(answer.critter),
    onSettled: () => void cache.refresh(['me', 'critters']),
  });
}
