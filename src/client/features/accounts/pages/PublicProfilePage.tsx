import { useParams } from 'react-router';
import { Avatar } from '../../../components/Avatar';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { formatCoins, formatDate } from '../../../lib/format';
import { ApiError } from '../../../lib/api';
import { AchievementList, InventoryList } from '../components/ProfileCollections';
import { ProfileNotFound } from '../components/ProfileNotFound';
import { BadgeShelf } from '../../store/public';
import { CosmeticMark } from '../../store/public';
import { usePublicProfile } from '../queries';
import { Emoji } from '../../../components/Emoji';
import { HomeCommunityMark } from '../../communities/public';
import { ReportButton } from '../../reports/public';

export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { data: profile, isPending, isError, error } = usePublicProfile(username);

  if (isPending) return <LoadingState>Loading profile…</LoadingState>;
  if (error instanceof ApiError && error.status === 404)
    return <ProfileNotFound username={username} />;
  if (isError) return <ErrorBanner>User not found or an error occurred.</ErrorBanner>;
  if (!profile) return <EmptyState>No user.</EmptyState>;

  const banned = profile.status === 'banned';
  return (
    <div className="flex flex-col gap-6">
      <section className="card flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Avatar
          src={profile.profileImage}
          username={profile.username}
          size="lg"
          className={banned ? 'grayscale' : ''}
        />
        <div className="min-w-0 flex-1">
          <h1 className="wrap-anywhere font-display text-3xl font-extrabold text-white">
            {profile.username}
            <CosmeticMark cosmetic={profile.cosmetic} />
          </h1>
          <HomeCommunityMark community={profile.homeCommunity} className="mt-1" />
          <div className="mt-2 flex flex-wrap justify-center gap-2 text-sm sm:justify-start">
            <span
              data-testid="public-role"
              className="rounded-full bg-fuchsia-500/15 px-3 py-1 font-semibold text-fuchsia-200"
            >
              {profile.role || 'user'}
            </span>
            {banned && (
              <span
                data-testid="public-status"
                className="rounded-full bg-rose-600 px-3 py-1 font-bold text-white uppercase"
              >
                banned
              </span>
            )}
            <span className="rounded-full bg-emerald-400/10 px-3 py-1 font-semibold text-emerald-300">
              <span className="sr-only">Balance: </span>
              <Emoji char="🪙" /> {formatCoins(profile.balance)}
            </span>
          </div>
          <p className="mt-2 text-sm text-slate-400">
            {formatCoins(profile.betsWon)} {profile.betsWon === 1 ? 'bet' : 'bets'} won · member
            since {formatDate(profile.createdAt)}
          </p>
          <ReportButton targetType="user" targetId={profile._id} label={profile.username} />
        </div>
      </section>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AchievementList achievements={profile.achievements} />
        <BadgeShelf badges={profile.badges ?? []} />
      </div>
      <InventoryList inventory={profile.inventory} />
    </div>
  );
}
