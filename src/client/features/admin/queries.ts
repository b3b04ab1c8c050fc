import { useQuery } from '@tanstack/react-query';
import type { AdminLogDto, AdminUserDto } from '../../../shared/api/admin';
import { api } from '../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  logs: () => ['admin', 'logs'] as const,
};

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => api.get<AdminUserDto[]>('/api/admin/users', { auth: true, signal }),
  });
}

export function useAdminLogs(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.logs(),
    queryFn: ({ signal }) => api.get<AdminLogDto[]>('/api/admin/logs', { auth: true, signal }),
    enabled,
  });
}
