import { useState } from 'react';
import { Link } from 'react-router';
import { SEASON_MIN_ACTIVE } from '../../../../shared/seasons';
import { Emoji } from '../../../components/Emoji';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { useSeasonRanking } from '../queries';
import { Segmented, SeasonLine } from './SeasonPicker';

const SEASONS = [
  { value: 'current', label: 'This week' },
  { value: 'previous', label: 'Last week' },
] as const;

/**
 * The /leaderboard page's Communities tab: public communities by the week's profit per active
 * member, so a small lively group can beat a big quiet one.
 */
export function CommunityRanking() {
  const [season, setSeason] = useState<'current' | 'previous'>('current');
  const ranking = useSeasonRanking(season);
  const [now] = useState(() => Date.now());
  return (
    <section aria-label="Communities" className="card flex flex-col gap-4">
      <Segmented label="Season" value={season} choices={SEASONS} onChange={setSeason} />
      {ranking.data && <SeasonLine season={ranking.data.season} now={now} />}
      <p className="text-sm text-slate-400">
        Profit on a community’s own bets per member who played that week; a community needs{' '}
        {SEASON_MIN_ACTIVE} active members to rank.
      </p>
      {ranking.isPending ? (
        <LoadingState>Loading the ranking…</LoadingState>
      ) : ranking.isError ? (
        <ErrorBanner>{errorMessage(ranking.error, 'Failed to load the ranking')}</ErrorBanner>
      ) : ranking.data.communities.length === 0 ? (
        <EmptyState>No community has {SEASON_MIN_ACTIVE} active members this week yet.</EmptyState>
      ) : (
        <ol className="flex flex-col gap-2">
          {ranking.data.communities.map((c) => (
            <li
              key={c.slug}
              data-testid="ranked-community"
              className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-3"
            >
              <span className="w-6 text-slate-400">{c.rank}</span>
              <Link
                to={`/c/${c.slug}?tab=leaderboard`}
                className="min-w-0 flex-1 wrap-anywhere font-semibold text-amber-200 hover:underline"
              >
                <Emoji char={c.icon} /> {c.name}
              </Link>
              <span className="text-sm text-slate-300">
                {formatCoins(c.profitPerActive)} per active member · {c.activeMembers} active
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
