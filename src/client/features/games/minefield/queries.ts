import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { gameKeys } from '../public';

const minefieldKeys = {
  active: () => [...gameKeys.all, 'minefield-active'] as const,
};

/** Your running game, if any: it survives a reload because the server still has it. */
export function useActiveMinefield() {
  return useQuery({
    queryKey: minefieldKeys.active(),
    queryFn: ({ signal }) => api('GET /api/games/minefield/active', { signal }),
  });
}
