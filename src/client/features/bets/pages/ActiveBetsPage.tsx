import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState, LoadingState } from '../../../components/States';
import type { BetDto, MyBetsDto } from '../../../../shared/api/bets';
import { BetCard, type StakeOnOption } from '../components/BetCard';
import { useActiveBets, useMyBets } from '../queries';
import { hasEnded, useBetClock } from '../useBetClock';
import { Puzzle } from 'lucide-react';

/** Spec section 3: a bet's wagers name their option by text; summed per option, in option order. */
function stakesOn(bet: BetDto, mine: MyBetsDto | undefined): StakeOnOption[] {
  if (!mine) return [];
  const byChoice = new Map<string, number>();
  for (const entry of mine.open) {
    if (entry.kind === 'single' && entry.betId === bet._id) {
      byChoice.set(entry.choice, (byChoice.get(entry.choice) ?? 0) + entry.stake);
    }
  }
  return bet.options.flatMap((option) => {
    const amount = byChoice.get(option.text);
    return amount ? [{ choice: option.text, amount }] : [];
  });
}

export function ActiveBetsPage() {
  const bets = useActiveBets();
  const mine = useMyBets();
  const now = useBetClock(bets.data?.map((bet) => bet.endTime) ?? []);

  // Spec section 8: a failed fetch of active bets is only logged, never shown.
  useEffect(() => {
    if (bets.error) console.error('Failed to load active bets', bets.error);
  }, [bets.error]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Active Bets
          </h1>
          <p className="mt-1 text-slate-400">Enter a wager, then tap the outcome you believe in.</p>
        </div>
        <Link to="/bets/parlay" className="btn-primary">
          <Puzzle />
          Build a Parlay
        </Link>
      </header>

      {bets.isPending ? (
        <LoadingState>Loading bets…</LoadingState>
      ) : !bets.data || bets.data.length === 0 ? (
        <EmptyState>No open bets right now.</EmptyState>
      ) : (
        <ul aria-label="Open bets" className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
          {bets.data.map((bet) => (
            <BetCard
              key={bet._id}
              bet={bet}
              closed={hasEnded(bet.endTime, now)}
              stakes={stakesOn(bet, mine.data)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
