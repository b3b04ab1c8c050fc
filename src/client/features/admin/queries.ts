import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../shared/constants';
import { api } from '../../lib/api';
import { nextBefore } from '../../lib/paging';

export const adminKeys = {
  all: ['admin'] as const,
  /** Every users list; one search's pages sit under `usersSearch(q)`, so invalidating this prefix reaches them all. */
  users: () => ['admin', 'users'] as const,
  usersSearch: (q: string) => ['admin', 'users', q] as const,
  logs: () => ['admin', 'logs'] as const,
  invites: () => ['admin', 'invites'] as const,
  signups: () => ['admin', 'signups'] as const,
};

/** Invite codes still usable (REGISTRATION_MODE=invite). */
export function useInviteCodes() {
  return useQuery({
    queryKey: adminKeys.invites(),
    queryFn: ({ signal }) => api('GET /api/admin/invites', { signal }),
  });
}

/** Registrations waiting for approval (REGISTRATION_MODE=approval), oldest first. */
export function usePendingSignups() {
  return useInfiniteQuery({
    queryKey: adminKeys.signups(),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/signups', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Accounts by name, PAGE_SIZE at a time; `search` (trimmed) keeps the names starting with it.
 * A new search keeps the previous list on screen until its first page arrives.
 */
export function useAdminUsers(search: string) {
  const q = search.trim();
  return useInfiniteQuery({
    queryKey: adminKeys.usersSearch(q),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/users', {
        query: { q: q === '' ? undefined : q, after: pageParam ?? undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.length < PAGE_SIZE ? undefined : (last[last.length - 1]?.username ?? undefined),
    placeholderData: keepPreviousData,
  });
}

/** The admin audit log, newest first, PAGE_SIZE at a time. */
export function useAdminLogs(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminKeys.logs(),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/logs', {
        query: { before: pageParam ?? undefined, limit: PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: nextBefore,
    enabled,
  });
}
