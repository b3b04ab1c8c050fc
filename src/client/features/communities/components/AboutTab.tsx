import { Link } from 'react-router';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { formatCoins, formatDate } from '../../../lib/format';

export function AboutTab({ community }: { community: CommunityDetailDto }) {
  return (
    <div className="card flex flex-col gap-4">
      <section aria-labelledby="community-rules" className="flex flex-col gap-2">
        <h2 id="community-rules" className="section-title">
          Rules
        </h2>
        {community.rules ? (
          <p className="wrap-anywhere whitespace-pre-wrap text-slate-200">{community.rules}</p>
        ) : (
          <p className="text-slate-400">No rules written yet. Be nice anyway.</p>
        )}
      </section>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">Owner</dt>
        <dd>
          <Link
            to={`/profile/${encodeURIComponent(community.owner)}`}
            className="font-semibold wrap-anywhere text-amber-200 hover:underline"
          >
            {community.owner}
          </Link>
        </dd>
        <dt className="text-slate-400">Created</dt>
        <dd className="text-slate-200">{formatDate(community.createdAt)}</dd>
        <dt className="text-slate-400">Posts</dt>
        <dd className="text-slate-200">{formatCoins(community.posts)}</dd>
        <dt className="text-slate-400">Active this week</dt>
        <dd className="text-slate-200">{formatCoins(community.activeMembers7d)}</dd>
      </dl>
    </div>
  );
}
