import { Link } from 'react-router';
import type { CommunityDto } from '../../../../shared/api/communities';
import { JOIN_POLICY_TEXT } from '../../../../shared/communities';
import { Emoji } from '../../../components/Emoji';
import { formatCoins } from '../../../lib/format';

/** One community in the directory; its name links to its page. */
export function CommunityCard({ community }: { community: CommunityDto }) {
  const { slug, name, icon, description, members, activeMembers7d, visibility, joinPolicy } =
    community;
  return (
    <li
      data-testid="community-card"
      className="card relative flex min-w-0 gap-3 transition hover:border-amber-300/40"
    >
      <span aria-hidden="true" className="shrink-0 text-4xl">
        <Emoji char={icon} label="" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="text-lg font-bold wrap-anywhere text-white">
          {/* The link covers the card, so the whole card is the target. */}
          <Link
            to={`/c/${encodeURIComponent(slug)}`}
            className="after:absolute after:inset-0 hover:text-amber-200"
          >
            {name}
          </Link>
        </h3>
        <p className="text-xs text-slate-400">/c/{slug}</p>
        {description && (
          <p className="line-clamp-3 text-sm wrap-anywhere text-slate-300" title={description}>
            {description}
          </p>
        )}
        <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-400">
          <span>
            {formatCoins(members)} {members === 1 ? 'member' : 'members'}
          </span>
          <span>{formatCoins(activeMembers7d)} active this week</span>
          <span>{visibility === 'private' ? 'Private' : JOIN_POLICY_TEXT[joinPolicy]}</span>
        </p>
      </div>
    </li>
  );
}
