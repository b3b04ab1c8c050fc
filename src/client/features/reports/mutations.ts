import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import { api, ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessages';
import { reportKeys } from './queries';

export type ReportInput = RouteBody<'POST /api/reports'>;
export type ResolveInput = RouteBody<'POST /api/admin/reports/:id/resolve'>;

/** A 429 keeps the server's sentence (how many an hour, and when again); a 409 its own too. */
export function reportError(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (error.status === 429 || error.status === 409) &&
    error.serverMessage
  )
    return error.serverMessage;
  return errorMessage(error, fallback);
}

export function useFileReport() {
  return useMutation({ mutationFn: (body: ReportInput) => api('POST /api/reports', { body }) });
}

/** Resolving or escalating changes every queue on screen. */
function useQueueMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export const useAdminResolve = () =>
  useQueueMutation(({ id, ...body }: ResolveInput & { id: string }) =>
    api('POST /api/admin/reports/:id/resolve', { params: { id }, body }),
  );

export const useModeratorResolve = (slug: string) =>
  useQueueMutation(({ id, ...body }: ResolveInput & { id: string }) =>
    api('POST /api/communities/:slug/reports/:id/resolve', { params: { slug, id }, body }),
  );

export const useEscalate = (slug: string) =>
  useQueueMutation((id: string) =>
    api('POST /api/communities/:slug/reports/:id/escalate', { params: { slug, id } }),
  );
