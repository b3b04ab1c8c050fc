import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * The published tables only: not under gameKeys.all, since a round played changes nothing in
 * them. What opening changes (inventory, rounds, balance) lives under those features' keys.
 */
const mysteryBoxKeys = {
  all: ['mystery-box'] as const,
  boxes: (token: string | null) => ['mystery-box', 'boxes', token] as const,
};

/** GET /api/games/mystery-box: the boxes, their price, return and contents table. */
export function useMysteryBoxes() {
  const { token } = useSession();
  return useQuery({
    queryKey: mysteryBoxKeys.boxes(token),
    queryFn: ({ signal }) => api('GET /api/games/mystery-box', { signal }),
    enabled: token !== null,
    // The tables are published figures: they change with a deploy, not while a page is open.
    staleTime: 5 * 60_000,
  });
}
