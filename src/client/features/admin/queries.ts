import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  logs: () => ['admin', 'logs'] as const,
};

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => api('GET /api/admin/users', { signal }),
  });
}

export function useAdminLogs(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.logs(),
    queryFn: ({ signal }) => api('GET /api/admin/logs', { signal }),
    enabled,
  });
}
