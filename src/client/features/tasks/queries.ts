import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useAfterCoinsMoved } from '../../lib/useAfterCoinsMoved';

const taskKeys = {
  all: ['tasks'] as const,
  list: (token: string | null) => ['tasks', 'list', token] as const,
  achievements: (token: string | null) => ['achievements', token] as const,
};

export function useTasks() {
  const { token } = useSession();
  return useQuery({
    queryKey: taskKeys.list(token),
    queryFn: ({ signal }) => api('GET /api/tasks', { signal }),
    enabled: token !== null,
  });
}

export function useAchievements() {
  const { token } = useSession();
  return useQuery({
    queryKey: taskKeys.achievements(token),
    queryFn: ({ signal }) => api('GET /api/achievements', { signal }),
    enabled: token !== null,
  });
}

/** Completing or claiming pays coins: the lists and the user are read again, succeeded or refused. */
function useRewardMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  const afterCoinsMoved = useAfterCoinsMoved();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['achievements'] });
      void afterCoinsMoved();
    },
  });
}

export const useCompleteTaskMutation = () =>
  useRewardMutation((taskId: string) => api('POST /api/tasks/complete', { body: { taskId } }));

export const useClaimAchievementMutation = () =>
  useRewardMutation((achievementId: string) =>
    api('POST /api/achievements/complete', { body: { achievementId } }),
  );
