import { useQuery } from '@tanstack/react-query';
import type { EggsDto } from '../../../../../shared/games/virtualPet/contract';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { petKeys } from '../queries';
import { BREEDING_POLL_MS, clockOffsetMs } from './breedingView';

/** Breeding's reads, under petKeys.all like the rest of the pet area. */
export const breedingKeys = {
  eggs: (token: string | null) => [...petKeys.all, 'breeding', 'eggs', token] as const,
};

/** The eggs answer with the server's clock minus this browser's, measured when it arrived. */
export type EggsView = EggsDto & { offsetMs: number };

/**
 * GET /api/breeding/eggs: the eggs not yet hatched, read every 10 s (spec section 9), and the
 * gap between the server's clock and this one, from serverTime at the middle of the request.
 * The gap travels with the answer, so an egg put into the cache later keeps it.
 */
export function useEggs() {
  const { token } = useSession();
  return useQuery({
    queryKey: breedingKeys.eggs(token),
    queryFn: async ({ signal }): Promise<EggsView> => {
      const sent = Date.now();
      const answer = await api('GET /api/breeding/eggs', { signal });
      return { ...answer, offsetMs: clockOffsetMs(answer.serverTime, (sent + Date.now()) / 2) };
    },
    enabled: token !== null,
    refetchInterval: BREEDING_POLL_MS,
  });
}

/**
 * The user's critters, the same query as the sanctuary's (critters/queries.ts) but read every
 * 10 s while the breeding page shows: breeding and cooldown times change without a click here.
 */
export function useBreedingCritters() {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.critters(token),
    queryFn: ({ signal }) => api('GET /api/critters/mine', { signal }),
    enabled: token !== null,
    refetchInterval: BREEDING_POLL_MS,
  });
}
