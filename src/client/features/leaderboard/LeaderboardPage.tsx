import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddressTabs } from '../../components/AddressTabs';
import type { LeaderboardSort } from '../../../shared/api/leaderboard';
import type { CosmeticRef } from '../../../shared/api/accounts';
import { Avatar } from '../../components/Avatar';
import { SelectField } from '../../components/TextField';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/States';
import { formatCoins } from '../../lib/format';
import { CosmeticMark } from '../store/public';
import { CommunityRanking, HomeCommunityMark } from '../communities/public';
import type { HomeCommunityRef } from '../../../shared/api/communities';
import { useGameLeaderboard, useLeaderboardUsers } from './queries';
import { Emoji } from '../../components/Emoji';
import { GAME_BOARDS, type GameBoardEntry } from '../../../shared/games/index';

const SORTS: { value: LeaderboardSort; label: string }[] = [
  { value: 'balance', label: 'Balance' },
  { value: 'wins', label: 'Wins' },
  { value: 'achievements', label: 'Achievements' },
];

function Player({
  username,
  image,
  cosmetic,
  home,
}: {
  username: string;
  image: string | null;
  cosmetic?: CosmeticRef | null;
  /** The player's home community, shown under the name (a link of its own: links do not nest). */
  home?: HomeCommunityRef | null;
}) {
  const player = (
    <Link
      to={`/profile/${username}`}
      className="inline-flex min-w-0 items-center gap-2 text-amber-200 hover:underline"
    >
      <Avatar src={image} username={username} size="sm" />
      <span className="min-w-0 wrap-anywhere">
        {username}
        <CosmeticMark cosmetic={cosmetic} />
      </span>
    </Link>
  );
  if (!home) return player;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      {player}
      <HomeCommunityMark community={home} />
    </div>
  );
}

type Column = string | { label: string; className: string };

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: Column[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {head.map((h) => {
              const { label, className } = typeof h === 'string' ? { label: h, className: '' } : h;
              return (
                <th key={label} scope="col" className={`px-2 py-2 ${className}`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">{children}</tbody>
      </table>
    </div>
  );
}

const TABS = [
  { key: 'players', label: 'Players' },
  { key: 'communities', label: 'Communities' },
] as const;

/** /leaderboard: the players' boards, or the communities' weekly ranking (?tab=communities). */
export function LeaderboardPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Leaderboard</h1>
      <AddressTabs label="Leaderboards" tabs={TABS}>
        {(tab) => (tab === 'communities' ? <CommunityRanking /> : <PlayerBoards />)}
      </AddressTabs>
    </div>
  );
}

function PlayerBoards() {
  const [sort, setSort] = useState<LeaderboardSort>('balance');
  const users = useLeaderboardUsers(sort);
  const games = useGameLeaderboard();
  // On a phone only the sorted figure fits beside the name; wider screens show all three.
  const shownOn = (column: LeaderboardSort) => (column === sort ? '' : 'hidden sm:table-cell');

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-end gap-4">
        <SelectField
          id="leaderboard-sort"
          label="Sort by"
          value={sort}
          onValueChange={(v) => setSort(v as LeaderboardSort)}
          className="w-full sm:w-56"
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </header>
      <section aria-label="Players" className="card">
        {users.isPending ? (
          <LoadingState />
        ) : users.error ? (
          <ErrorBanner>Failed to load leaderboard</ErrorBanner>
        ) : users.data.length === 0 ? (
          <EmptyState>No players yet.</EmptyState>
        ) : (
          <Table
            caption="Players"
            head={[
              '#',
              'Player',
              { label: 'Balance', className: shownOn('balance') },
              { label: 'Wins', className: shownOn('wins') },
              { label: 'Achievements', className: shownOn('achievements') },
            ]}
          >
            {users.data.map((u, i) => (
              <tr key={u._id} data-testid="leaderboard-row" data-username={u.username}>
                <td className="px-2 py-2 text-slate-400">{i + 1}</td>
                <td className="max-w-36 px-2 py-2 sm:max-w-60">
                  <Player
                    username={u.username}
                    image={u.profileImage}
                    cosmetic={u.cosmetic}
                    home={u.homeCommunity}
                  />
                </td>
                <td className={`px-2 py-2 whitespace-nowrap ${shownOn('balance')}`}>
                  <Emoji char="🪙" /> {formatCoins(u.balance)}
                </td>
                <td className={`px-2 py-2 ${shownOn('wins')}`}>{u.betsWon}</td>
                <td className={`px-2 py-2 ${shownOn('achievements')}`}>{u.achievements}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {GAME_BOARDS.map(({ key, board }) => {
          const rows:
            readonly (GameBoardEntry<never> & { [field: string]: unknown })[] | undefined =
            games.data?.[key];
          return (
            <section
              key={key}
              aria-labelledby={`${key}-board-title`}
              className="card flex flex-col gap-3"
            >
              <h2 id={`${key}-board-title`} className="section-title">
                {board.title}
              </h2>
              {games.isPending ? (
                <LoadingState />
              ) : games.error || !rows ? (
                <ErrorBanner>Failed to load leaderboard</ErrorBanner>
              ) : rows.length > 0 ? (
                <Table
                  caption={board.title}
                  head={['Rank', 'Player', ...board.columns.map((c) => c.label)]}
                >
                  {rows.map((r, i) => (
                    <tr key={r._id}>
                      <td className="px-2 py-2 text-slate-400">{i + 1}</td>
                      <td className="max-w-40 px-2 py-2">
                        <Player username={r.username} image={r.profileImage} />
                      </td>
                      {board.columns.map((c) => (
                        <td key={c.field} className="px-2 py-2">
                          {String(r[c.field])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </Table>
              ) : (
                <EmptyState>{board.empty}</EmptyState>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
