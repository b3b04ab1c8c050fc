import { useQuery } from '@tanstack/react-query';
import type { PublicUserDto } from '../../../shared/api/accounts';
import { api } from '../../lib/api';

export const accountKeys = {
  all: ['accounts'] as const,
  publicProfile: (username: string) => ['accounts', 'public', username.toLowerCase()] as const,
};

/** Sent without a token so it behaves the same for visitors and members (spec section 6). */
export function usePublicProfile(username: string) {
  return useQuery({
    queryKey: accountKeys.publicProfile(username),
    queryFn: ({ signal }) =>
      api.get<PublicUserDto | undefined>(`/api/user/public/${encodeURIComponent(username)}`, { signal }),
    enabled: username !== '',
  });
}
