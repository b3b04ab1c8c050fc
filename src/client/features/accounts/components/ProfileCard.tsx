import { Link } from 'react-router';
import type { UserDto } from '../../../../shared/api/accounts';
import { Avatar } from '../../../components/Avatar';
import { formatCoins, formatDate } from '../../../lib/format';
import { useSessionInfo } from '../queries';
import { Emoji } from '../../../components/Emoji';
import { HomeCommunityMark } from '../../communities/public';

export function ProfileCard({ user }: { user: UserDto }) {
  const session = useSessionInfo();
  return (
    <section
      aria-label="Your profile"
      className="card flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left"
    >
      <Avatar src={user.profileImage} username={user.username} size="lg" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profile/${encodeURIComponent(user.username)}`}
          className="block wrap-anywhere text-2xl font-bold text-white hover:text-amber-200"
        >
          @{user.username}
        </Link>
        <HomeCommunityMark community={user.homeCommunity} className="mt-1" />
        <dl className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-1 text-sm sm:justify-start">
          <div className="flex gap-1">
            <dt className="text-slate-400">Role:</dt>
            <dd data-testid="profile-role" className="font-semibold text-fuchsia-200">
              {user.role || 'user'}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-400">Balance:</dt>
            <dd data-testid="profile-balance" className="font-semibold text-emerald-300">
              <Emoji char="🪙" /> {formatCoins(user.balance)}
            </dd>
          </div>
        </dl>
        {session.data && (
          <p data-testid="session-expiry" className="mt-2 text-xs text-slate-400">
            Signed in on this device until {formatDate(session.data.expiresAt)}. Each visit renews
            it; {session.data.idleDays} days without one signs you out.
          </p>
        )}
      </div>
    </section>
  );
}
