import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { petKeys } from '../queries';

/** The gacha's reads, under petKeys.all like the rest of the pet area. */
export const gachaKeys = {
  pools: (token: string | null) => [...petKeys.all, 'gacha', 'pools', token] as const,
};

/** GET /api/gacha/pools: each pool's cost, odds and this user's pity count on it. */
export function useGachaPools() {
  const { token } = useSession();
  return useQuery({
    queryKey: gachaKeys.pools(token),
    queryFn: ({ signal }) => api('GET /api/gacha/pools', { signal }),
    enabled: token !== null,
  });
}
