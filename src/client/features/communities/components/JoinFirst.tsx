import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';

/**
 * Why a box to write or wager in is missing: a signed-in player is asked to join, a visitor to
 * sign in (coming back here) and join. `act` ends both sentences ("comment"); `signedInAct` is
 * the signed-in sentence's ending when it says more.
 */
export function JoinFirst({
  act,
  signedInAct = act,
  className = 'text-sm text-slate-300',
}: {
  act: string;
  signedInAct?: string;
  className?: string;
}) {
  const location = useLocation();
  const { isAuthenticated } = useSession();
  return (
    <p className={className}>
      {isAuthenticated ? (
        `Join the community to ${signedInAct}.`
      ) : (
        <>
          <Link
            to="/login"
            state={{ from: { pathname: location.pathname, search: location.search, hash: '' } }}
            className="font-semibold text-amber-300 underline hover:text-amber-200"
          >
            Sign in
          </Link>{' '}
          and join to {act}.
        </>
      )}
    </p>
  );
}
