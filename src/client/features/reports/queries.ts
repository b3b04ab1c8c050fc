import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReportTargetType } from '../../../shared/reports';
import { api } from '../../lib/api';

export const reportKeys = {
  all: ['reports'] as const,
  admin: (status: 'open' | 'resolved', targetType: ReportTargetType | '') =>
    ['reports', 'admin', status, targetType] as const,
  community: (slug: string, status: 'open' | 'resolved') =>
    ['reports', 'community', slug, status] as const,
};

export function useAdminReports(status: 'open' | 'resolved', targetType: ReportTargetType | '') {
  return useInfiniteQuery({
    queryKey: reportKeys.admin(status, targetType),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/reports', {
        query: { status, targetType: targetType || undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useCommunityReports(slug: string, status: 'open' | 'resolved') {
  return useInfiniteQuery({
    queryKey: reportKeys.community(slug, status),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/communities/:slug/reports', {
        params: { slug },
        query: { status, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
