import { useState } from 'react';
import { Link } from 'react-router';
import type { SeasonChoice, SeasonSort } from '../../../../shared/seasons';
import { Avatar } from '../../../components/Avatar';
import { EmptyState, ErrorBanner, LoadingState } from '../../../components/States';
import { errorMessage } from '../../../lib/errorMessages';
import { formatCoins } from '../../../lib/format';
import { useSeasonTable } from '../queries';
import { Segmented, SeasonLine } from './SeasonPicker';

const SEASONS = [
  { value: 'current', label: 'This week' },
  { value: 'previous', label: 'Last week' },
  { value: 'all', label: 'All time' },
] as const satisfies readonly { value: SeasonChoice; label: string }[];
const SORTS = [
  { value: 'profit', label: 'Profit on our bets' },
  { value: 'wins', label: 'Game wins' },
] as const satisfies readonly { value: SeasonSort; label: string }[];

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCoins(Math.abs(n))}`;

/** A community's Leaderboard tab: its members this week, last week or all time. */
export function SeasonTab({ slug }: { slug: string }) {
  const [season, setSeason] = useState<SeasonChoice>('current');
  const [sort, setSort] = useState<SeasonSort>('profit');
  const table = useSeasonTable(slug, season, sort);
  const [now] = useState(() => Date.now());
  return (
    <section className="card flex flex-col gap-4" aria-label="Season leaderboard">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Segmented label="Season" value={season} choices={SEASONS} onChange={setSeason} />
        <Segmented label="Rank by" value={sort} choices={SORTS} onChange={setSort} />
      </div>
      {table.data && <SeasonLine season={table.data.season} now={now} />}
      {table.isPending ? (
        <LoadingState>Loading the table…</LoadingState>
      ) : table.isError ? (
        <ErrorBanner>{errorMessage(table.error, 'Failed to load the leaderboard')}</ErrorBanner>
      ) : table.data.members.length === 0 ? (
        <EmptyState>
          Nobody has won a game or a bet here {season === 'all' ? 'yet' : 'this season'}.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Members by {sort === 'profit' ? 'profit' : 'wins'}
            </caption>
            <thead className="text-xs tracking-wide text-slate-400 uppercase">
              <tr>
                <th scope="col" className="px-2 py-2">
                  #
                </th>
                <th scope="col" className="px-2 py-2">
                  Member
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Profit
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Wins
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/10">
              {table.data.members.map((m) => (
                <tr key={m.username} data-testid="season-row" data-username={m.username}>
                  <td className="px-2 py-2 text-slate-400">{m.rank}</td>
                  <td className="max-w-40 px-2 py-2">
                    <Link
                      to={`/profile/${m.username}`}
                      className="inline-flex min-w-0 items-center gap-2 text-amber-200 hover:underline"
                    >
                      <Avatar src={m.profileImage} username={m.username} size="sm" />
                      <span className="min-w-0 wrap-anywhere">{m.username}</span>
                    </Link>
                  </td>
                  <td
                    className={`px-2 py-2 text-right whitespace-nowrap ${m.profit < 0 ? 'text-rose-300' : 'text-emerald-300'}`}
                  >
                    {signed(m.profit)}
                  </td>
                  <td className="px-2 py-2 text-right">{m.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
