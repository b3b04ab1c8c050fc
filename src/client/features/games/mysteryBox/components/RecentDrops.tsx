import { Link } from 'react-router';
import { EmptyState } from '../../../../components/States';
import { formatDateTime } from '../../../../lib/format';
import { useLiveConnected } from '../../../../lib/liveSocket';
import { useSession } from '../../../../lib/session';
import { coinsText } from '../mysteryBoxView';
import { useRecentDrops } from '../useRecentDrops';
import { TierBadge } from './TierBadge';
import { EmojiText } from '../../../../components/Emoji';

/**
 * Everyone's notable drops, live while the page is open (issue 23's recent-drops feed). The
 * player's own drops are announced the moment they are paid for: `holdMine` keeps them back
 * while this page's reels still spin, so the feed does not give the result away.
 */
export function RecentDrops({ holdMine }: { holdMine: boolean }) {
  const { user } = useSession();
  const heard = useRecentDrops();
  const feed = holdMine ? heard.filter((drop) => drop.username !== user?.username) : heard;
  const live = useLiveConnected();
  return (
    <section
      aria-labelledby="recent-drops-title"
      className="card flex min-w-0 flex-col gap-3"
      data-testid="recent-drops"
    >
      <div>
        <h2 id="recent-drops-title" className="section-title">
          Recent drops
        </h2>
        <p className="text-sm text-slate-400">
          Every player's Rare, Epic and Legendary drops, as they happen.
        </p>
        {!live && <p className="text-xs text-amber-200">Connecting to the live feed…</p>}
      </div>
      <div role="log" aria-labelledby="recent-drops-title">
        {feed.length === 0 ? (
          <EmptyState>No rare drops yet — they appear here live.</EmptyState>
        ) : (
          <ol className="flex flex-col divide-y divide-white/5">
            {feed.map((drop) => (
              <li
                key={drop.id}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2 text-sm"
                data-testid="recent-drop"
              >
                <span aria-hidden="true" className="text-2xl">
                  <EmojiText text={drop.emoji} />
                </span>
                <span className="min-w-0 wrap-anywhere">
                  <Link
                    to={`/profile/${encodeURIComponent(drop.username)}`}
                    className="font-semibold text-amber-300 underline hover:text-amber-200"
                  >
                    {drop.username}
                  </Link>{' '}
                  found <span className="font-semibold text-white">{drop.item}</span> in a{' '}
                  {drop.box}
                </span>
                <TierBadge tier={drop.tier} />
                <span className="font-mono text-emerald-200">{coinsText(drop.value)}</span>
                <time dateTime={drop.at} className="ml-auto text-xs text-slate-400">
                  {formatDateTime(drop.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
