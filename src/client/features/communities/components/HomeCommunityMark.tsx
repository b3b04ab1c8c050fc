import { Link } from 'react-router';
import type { HomeCommunityRef } from '../../../../shared/api/communities';
import { Emoji } from '../../../components/Emoji';

/** A player's home community beside their name (profiles, leaderboards), linking to it. */
export function HomeCommunityMark({
  community,
  className = '',
}: {
  community: HomeCommunityRef | null | undefined;
  className?: string;
}) {
  if (!community) return null;
  return (
    <Link
      to={`/c/${encodeURIComponent(community.slug)}`}
      data-testid="home-community"
      aria-label={`Home community: ${community.name}`}
      className={`inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-sky-400/10 px-2 py-0.5 text-xs font-semibold text-sky-200 hover:bg-sky-400/20 ${className}`}
    >
      <span aria-hidden="true">
        <Emoji char={community.icon} label="" />
      </span>
      <span className="min-w-0 wrap-anywhere">{community.name}</span>
    </Link>
  );
}
