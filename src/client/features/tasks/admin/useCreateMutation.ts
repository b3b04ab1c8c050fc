import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../admin/public';
import type { RouteBody } from '../../../../shared/api/routes';

export type CreateTaskInput = RouteBody<'POST /api/tasks/create'>;
export type CreateAchievementInput = RouteBody<'POST /api/achievements/create'>;

/** Admin creates are logged, and the new entry belongs in every task or achievement list. */
function useAdminCreate<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['achievements'] });
    },
  });
}

export const useCreateTaskMutation = () =>
  useAdminCreate((body: CreateTaskInput) => api('POST /api/tasks/create', { body }));
export const useCreateAchievementMutation = () =>
  useAdminCreate((body: CreateAchievementInput) => api('POST /api/achievements/create', { body }));

/** Retiring takes the entry out of every list; claims and completions that name it stay. */
export const useRetireTaskMutation = () =>
  useAdminCreate((id: string) => api('POST /api/tasks/:id/retire', { params: { id } }));
export const useRetireAchievementMutation = () =>
  useAdminCreate((id: string) => api('POST /api/achievements/:id/retire', { params: { id } }));
