import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../shared/api/routes';
import { api } from '../../lib/api';
import { adminKeys } from '../admin/public';
import { sanctionKeys } from './queries';

/** Every sanction act is logged and changes lists: all of them go stale. */
function useInvalidateSanctions() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: sanctionKeys.all });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
}

export function useImposeSanction() {
  const done = useInvalidateSanctions();
  return useMutation({
    mutationFn: (body: RouteBody<'POST /api/admin/sanctions'>) =>
      api('POST /api/admin/sanctions', { body }),
    onSuccess: done,
  });
}

export function useLiftSanction() {
  const done = useInvalidateSanctions();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/sanctions/:id', { params: { id } }),
    onSuccess: done,
  });
}

export function useAppeal() {
  const done = useInvalidateSanctions();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api('POST /api/sanctions/:id/appeal', { params: { id }, body: { text } }),
    onSuccess: done,
  });
}

/** A suspended player's appeal from the sign-in screen: no session, the password instead. */
export function useSuspensionAppeal() {
  return useMutation({
    mutationFn: (body: RouteBody<'POST /auth/appeal'>) => api('POST /auth/appeal', { body }),
  });
}

export function useDecideAppeal() {
  const done = useInvalidateSanctions();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reply,
    }: {
      id: string;
      decision: 'upheld' | 'lifted';
      reply: string;
    }) => api('POST /api/admin/appeals/:id/decide', { params: { id }, body: { decision, reply } }),
    onSuccess: done,
  });
}
