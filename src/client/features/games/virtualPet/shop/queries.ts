import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { petKeys } from '../queries';

/** The pet shop's shelf and the trait catalogue (with the shard cost of each trait). */
export function useShopItems() {
  const { token } = useSession();
  return useQuery({
    queryKey: petKeys.shop(token),
    queryFn: ({ signal }) => api('GET /api/shop/items', { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}
