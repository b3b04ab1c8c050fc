import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { AuthResponse, UserDto } from '../../shared/api/accounts';
import { api, isUnauthorized } from './api';
import { useHeldBalance } from './balanceHold';
import { sessionStore, type SessionState } from './sessionStore';
import { notify } from './toast';

export const sessionKeys = {
  all: ['session'] as const,
  me: (token: string | null) => ['session', 'me', token] as const,
};

export interface SessionContextValue {
  token: string | null;
  /** Freshest known user: the stats answer if loaded, else the copy kept in local storage. */
  user: UserDto | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Where the user chose to sign out (logout, deletion); null if the session just expired. */
  signedOutAt: string | null;
  /** The GET /api/user/stats query, for screens that need its loading and error states. */
  userQuery: UseQueryResult<UserDto>;
  signIn: (auth: AuthResponse) => void;
  signOut: () => void;
  /** Re-reads the user after balance-changing actions (spec section 4). */
  refreshUser: () => Promise<void>;
  /** Stores a user the server just returned (profile update) without another round trip. */
  replaceUser: (user: UserDto) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const SIGNED_OUT: SessionState = { session: null, signedOutAt: null };

function getServerSnapshot(): SessionState {
  return SIGNED_OUT;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { session, signedOutAt } = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getState,
    getServerSnapshot,
  );
  const token = session?.token ?? null;

  // Keyed by token, so a new sign-in (or another tab's) triggers a fresh read by itself.
  const userQuery = useQuery({
    queryKey: sessionKeys.me(token),
    queryFn: ({ signal }) => api('GET /api/user/stats', { signal }),
    enabled: token !== null,
  });

  useEffect(() => {
    if (userQuery.data) sessionStore.setUser(userQuery.data);
  }, [userQuery.data]);

  const { error, errorUpdatedAt } = userQuery;
  useEffect(() => {
    if (!error) return;
    // The words for errors load with the first page that needs them, not with every first screen.
    void import('./errorMessages').then(
      ({ errorMessage }) => notify.error(errorMessage(error, 'Failed to refresh user')),
      () => notify.error('Failed to refresh user'),
    );
    if (isUnauthorized(error)) {
      // The token was revoked or expired: keeping it would fail every later call too.
      sessionStore.clear();
      queryClient.removeQueries({ queryKey: sessionKeys.all });
    }
  }, [error, errorUpdatedAt, queryClient]);

  const signIn = useCallback(
    (auth: AuthResponse) => {
      queryClient.setQueryData(sessionKeys.me(auth.token), auth.user);
      sessionStore.signIn(auth.token, auth.user);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    sessionStore.clear(true);
    // Cached answers belong to the previous user; the next one must not see them.
    queryClient.clear();
  }, [queryClient]);

  const refreshUser = useCallback(
    () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    [queryClient],
  );

  const replaceUser = useCallback(
    (user: UserDto) => {
      const current = sessionStore.getToken();
      if (!current) return;
      queryClient.setQueryData(sessionKeys.me(current), user);
      sessionStore.setUser(user);
    },
    [queryClient],
  );

  const known = userQuery.data ?? session?.user ?? null;
  // While a round is being revealed, the balance from before it (lib/balanceHold.ts).
  const held = useHeldBalance();
  const user = useMemo(
    () => (known && held !== null ? { ...known, balance: held } : known),
    [known, held],
  );
  const value = useMemo<SessionContextValue>(
    () => ({
      token,
      user,
      isAuthenticated: token !== null,
      isAdmin: user?.role === 'admin',
      signedOutAt,
      userQuery,
      signIn,
      signOut,
      refreshUser,
      replaceUser,
    }),
    [token, user, signedOutAt, userQuery, signIn, signOut, refreshUser, replaceUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
