import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { petKeys } from '../queries';

/** GET /api/critters/mine: the user's critters (an empty list shows the starter screen). */
export function useMyCritters() {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.critters(token),
    queryFn: ({ signal }) => api('GET /api/critters/mine', { signal }),
    enabled: token !== null,
  });
}

/** The three starter species, read only while the starter screen is shown. */
export function useStarters(enabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.starters(token),
    queryFn: ({ signal }) => api('GET /api/critters/starters', { signal }),
    enabled: token !== null && enabled,
    staleTime: Infinity,
  });
}

/** Every cosmetic with the units held and the critters wearing them. */
export function useCosmetics(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.cosmetics(token),
    queryFn: ({ signal }) => api('GET /api/cosmetics', { signal }),
    enabled: token !== null && enabled,
  });
}
