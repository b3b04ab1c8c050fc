import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { gameKeys } from '../public';

export const puzzleKeys = {
  rush: (token: string | null) => [...gameKeys.all, 'puzzle-rush', token] as const,
};

/** Today's five puzzles (questions only) and your solves. */
export function usePuzzleRush() {
  const { token } = useSession();
  return useQuery({
    queryKey: puzzleKeys.rush(token),
    queryFn: ({ signal }) => api('GET /api/games/puzzle-rush', { signal }),
    enabled: token !== null,
  });
}
