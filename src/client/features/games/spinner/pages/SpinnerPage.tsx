import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SPINNER_IDS } from '../../../../../shared/games/engine/catalog';
import { ErrorBanner, LoadingState } from '../../../../components/States';
import { RoundHistory } from '../../components/public';
import { SoundToggle } from '../../components/public';
import { SpinnerCard } from '../components/SpinnerCard';
import { useSpinnerBoard } from '../queries';
import { useReducedMotion } from '../../public';
import { Search } from 'lucide-react';

export function SpinnerPage() {
  const progress = useSpinnerBoard();
  const reducedMotion = useReducedMotion();
  const [clockOffset, setClockOffset] = useState(0);

  // The browser's clock may be wrong: countdowns run on the server's time (spec section 4).
  useEffect(() => {
    if (progress.data)
      setClockOffset(Date.parse(progress.data.serverTime) - progress.dataUpdatedAt);
  }, [progress.data, progress.dataUpdatedAt]);
  const onServerTime = useCallback(
    (serverTime: string) => setClockOffset(Date.parse(serverTime) - Date.now()),
    [],
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Spinners</h1>
          <p className="mt-1 text-slate-400">Four free wheels. Every spin is provably fair.</p>
        </div>
        <SoundToggle />
        <Link to="/fairness" className="btn-secondary">
          <Search />
          How fairness works
        </Link>
      </header>
      {progress.isPending ? (
        <LoadingState>Loading spinners…</LoadingState>
      ) : progress.error || !progress.data ? (
        <ErrorBanner>The spinners could not be loaded. Try again in a moment.</ErrorBanner>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {SPINNER_IDS.map((id) => (
            <SpinnerCard
              key={id}
              id={id}
              table={progress.data.spinners[id]}
              nextSpin={progress.data.cooldowns[id]}
              clockOffset={clockOffset}
              onServerTime={onServerTime}
              reducedMotion={reducedMotion}
            />
          ))}
        </div>
      )}
      <RoundHistory games={['spinner']} />
    </div>
  );
}
