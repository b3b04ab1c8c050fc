import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useSession } from '../lib/session';
import { sessionStore } from '../lib/sessionStore';
import { LoadingState } from '../components/States';

/** What RequireAuth leaves in history state so the login form can send the user back. */
interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    from.pathname === '/login' ||
    from.pathname === '/register'
  ) {
    return '/';
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function ToLogin() {
  const location = useLocation();
  const state: FromState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * After "Peace Out" or "Nuke Account" the page the user was on is no longer theirs; sending
 * them to / (spec) instead of /login also wins the race against the logout's own navigation.
 */
function SignedOut() {
  const { signedOutAt } = useSession();
  const { pathname } = useLocation();
  return signedOutAt === pathname ? <Navigate to="/" replace /> : <ToLogin />;
}

/** Once the user has left the page they signed out on, coming back to it means /login again. */
export function useForgetSignOutOnLeave(): void {
  const { signedOutAt } = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (signedOutAt !== null && signedOutAt !== pathname) sessionStore.forgetSignOut();
  }, [signedOutAt, pathname]);
}

export function RequireAuth() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Outlet /> : <SignedOut />;
}

export function RequireAdmin() {
  const { isAuthenticated, user, isAdmin, userQuery } = useSession();
  if (!isAuthenticated) return <SignedOut />;
  // A token without a stored user (cleared storage) must not bounce an admin before stats arrive.
  if (!user && userQuery.isPending) return <LoadingState>Checking your credentials…</LoadingState>;
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
