import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  publicProfile: (username: string) => ['accounts', 'public', username.toLowerCase()] as const,
  session: (token: string | null) => ['accounts', 'session', token] as const,
  security: (token: string | null) => ['accounts', 'security', token] as const,
};

/** When this sign-in ends if unused; every visit pushes it back. */
export function useSessionInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: accountKeys.session(token),
    queryFn: ({ signal }) => api('GET /api/user/session', { signal }),
    enabled: token !== null,
  });
}

/** Sent without a token so it behaves the same for visitors and members (spec section 6). */
export function usePublicProfile(username: string) {
  return useQuery({
    queryKey: accountKeys.publicProfile(username),
    queryFn: ({ signal }) =>
      api('GET /api/user/public/:username', { params: { username }, signal }),
    enabled: username !== '',
  });
}

/** Recovery codes left and whether two-factor sign-in is on (the profile's security panel). */
export function useSecurityInfo() {
  const { token } = useSession();
  return useQuery({
    queryKey: accountKeys.security(token),
    queryFn: ({ signal }) => api('GET /api/user/security', { signal }),
    enabled: token !== null,
  });
}
