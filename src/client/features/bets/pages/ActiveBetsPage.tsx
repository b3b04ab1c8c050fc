import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState, LoadingState } from '../../../components/States';
import { BetCard } from '../components/BetCard';
import { useActiveBets } from '../queries';
import { hasEnded, useBetClock } from '../useBetClock';

export function ActiveBetsPage() {
  const bets = useActiveBets();
  const now = useBetClock(bets.data?.map((bet) => bet.endTime) ?? []);

  // Spec section 8: a failed fetch of active bets is only logged, never shown.
  useEffect(() => {
    if (bets.error) console.error('Failed to load active bets', bets.error);
  }, [bets.error]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Active Bets</h1>
          <p className="mt-1 text-slate-400">Enter a wager, then tap the outcome you believe in.</p>
        </div>
        <Link to="/bets/parlay" className="btn-primary">
          <span aria-hidden="true">🧩</span>Build a Parlay
        </Link>
      </header>

      {bets.isPending ? (
        <LoadingState>Loading bets…</LoadingState>
      ) : !bets.data || bets.data.length === 0 ? (
        <EmptyState>No open bets right now.</EmptyState>
      ) : (
        <ul aria-label="Open bets" className="grid items-start gap-4 md:grid-cols-2">
          {bets.data.map((bet) => (
            <BetCard key={bet._id} bet={bet} closed={hasEnded(bet.endTime, now)} />
          ))}
        </ul>
      )}
    </div>
  );
}
