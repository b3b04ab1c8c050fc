import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useSession } from '../lib/session';
import { LoadingState } from '../components/States';

/** What RequireAuth leaves in history state so the login form can send the user back. */
export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === '/login' || from.pathname === '/register') {
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

export function RequireAuth() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Outlet /> : <ToLogin />;
}

export function RequireAdmin() {
  const { isAuthenticated, user, isAdmin, userQuery } = useSession();
  if (!isAuthenticated) return <ToLogin />;
  // A token without a stored user (cleared storage) must not bounce an admin before stats arrive.
  if (!user && userQuery.isPending) return <LoadingState>Checking your credentials…</LoadingState>;
  return isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
