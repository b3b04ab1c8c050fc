import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * Every read of the pet area starts with petKeys.all. A care action or a purchase refreshes the
 * parts it changed (mutations.ts), never the whole area at once.
 */
export const petKeys = {
  all: ['pets'] as const,
  /** GET /api/user/me: gold balance and the pet resources (coins, shards, foods, toys, next claim). */
  me: (token: string | null) => ['pets', 'me', token] as const,
  critters: (token: string | null) => ['pets', 'critters', token] as const,
  starters: (token: string | null) => ['pets', 'starters', token] as const,
  cosmetics: (token: string | null) => ['pets', 'cosmetics', token] as const,
  shop: (token: string | null) => ['pets', 'shop', token] as const,
};

/** The games view of the user: gold balance and what is held of the pet currencies and goods. */
export function usePetUser() {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.me(token),
    queryFn: ({ signal }) => api('GET /api/user/me', { signal }),
    enabled: token !== null,
  });
}
