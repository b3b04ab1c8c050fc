import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const accountKeys = {
  all: ['accounts'] as const,
  publicProfile: (username: string) => ['accounts', 'public', username.toLowerCase()] as const,
  session: (token: string | null) => ['accounts', 'session', token] as const,
  config: ['accounts', 'config'] as const,
  security: (token: string | null) => ['accounts', 'security', token] as const,
};

/** How registration works here (REGISTRATION_MODE): the register page adapts to it. */
export function usePublicConfig() {
  return useQuery({
    queryKey: accountKeys.config,
    queryFn: ({ signal }) => api('GET /api/config', { signal }),
    staleTime: 10 * 60_000,
  });
}

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
