import { useEffect } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { EmptyState, LoadingState } from '../../components/States';
import { formatCoins } from '../../lib/format';
import { useTopPlayers } from './queries';
import { CosmeticMark } from '../store/public';
import { Trophy } from 'lucide-react';
import { Emoji } from '../../components/Emoji';

const MEDALS = ['🥇', '🥈', '🥉'];

export function TopPlayers() {
  const { data: players, isPending, error } = useTopPlayers();

  useEffect(() => {
    // Spec section 8: a failed leaderboard fetch on home is only logged.
    if (error) console.error('Failed to load top players', error);
  }, [error]);

  return (
    <section aria-labelledby="top-players-heading" className="card self-start">
      <h2 id="top-players-heading" className="section-title mb-4">
        <Trophy className="mr-2" />
        Top Players
      </h2>
      {isPending ? (
        <LoadingState>Loading top players…</LoadingState>
      ) : !players || players.length === 0 ? (
        <EmptyState>No players yet. Be the first high roller!</EmptyState>
      ) : (
        <ol className="flex flex-col gap-2">
          {players.map((player, index) => (
            <li key={player._id}>
              <Link
                to={`/profile/${encodeURIComponent(player.username)}`}
                className="flex items-center gap-3 rounded-xl border border-white/5 bg-white/5 px-3 py-2 transition hover:border-amber-300/40 hover:bg-white/10"
              >
                <span className="w-7 shrink-0 text-center font-bold text-slate-400">
                  {MEDALS[index] ? <Emoji char={MEDALS[index]} /> : `#${index + 1}`}
                </span>
                <Avatar src={player.profileImage} username={player.username} size="sm" />
                <span className="min-w-0 flex-1 wrap-anywhere font-semibold text-white">
                  {player.username}
                  <CosmeticMark cosmetic={player.cosmetic} />
                </span>
                <span className="shrink-0 font-mono text-emerald-300">
                  <Emoji char="🪙" /> {formatCoins(player.balance)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
