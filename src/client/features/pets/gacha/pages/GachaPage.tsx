import { useRef, useState } from 'react';
import type { GachaPoolDto } from '../../../../../shared/api/pets';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../components/States';
import { errorMessage } from '../../../../lib/errorMessages';
import { formatCoins } from '../../../../lib/format';
import { notify } from '../../../../lib/toast';
import { RoundHistory } from '../../../games/components/RoundHistory';
import { useReducedMotion } from '../../../games/useReducedMotion';
import { PetNav } from '../../components/PetNav';
import { usePetUser } from '../../queries';
import { PoolCard } from '../components/PoolCard';
import type { SpinOutcome } from '../components/PullResults';
import { LOAD_FAILED, SPIN_FAILED, pityBeforeEach, poolOf } from '../gachaView';
import { useGachaSpinMutation } from '../mutations';
import { useGachaPools } from '../queries';

/** Spec section 2, Gacha: one card per pool (cost, odds, pity bar out of 100), single and ×10 spins. */
export function GachaPage() {
  const pools = useGachaPools();
  const user = usePetUser();
  const spin = useGachaSpinMutation();
  const reducedMotion = useReducedMotion();
  const [outcome, setOutcome] = useState<SpinOutcome | null>(null);
  const [spinning, setSpinning] = useState<{ pool: string; count: 1 | 10 } | null>(null);
  const seq = useRef(0);

  async function onSpin(pool: GachaPoolDto, count: 1 | 10) {
    setSpinning({ pool: pool.id, count });
    // The count shown before the spin: the verify links of pulls before a Legendary-or-better start from it.
    const before = pool.pityCount;
    try {
      const answer = await spin.mutateAsync({ pool: pool.id, count });
      seq.current += 1;
      setOutcome({
        key: `gacha-spin-${seq.current}`,
        pool: poolOf(pool),
        results: answer.results,
        pityBefore: pityBeforeEach(answer.results, before, answer.pityCount),
      });
    } catch (error) {
      notify.error(errorMessage(error, SPIN_FAILED));
    } finally {
      setSpinning(null);
    }
  }

  const gold = user.data?.balance;
  const list = pools.data?.pools ?? [];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
              <span aria-hidden="true">🎲 </span>Gacha
            </h1>
            <p className="mt-1 text-slate-400">Spend gold on a pull for a new critter. The odds are published and every pull can be verified.</p>
          </div>
          {user.data ? (
            <dl className="text-sm" aria-label="Your balance">
              <dt className="text-xs text-slate-400">Gold</dt>
              <dd className="font-mono text-lg font-semibold text-emerald-300" data-testid="gacha-gold">
                {formatCoins(user.data.balance)}
              </dd>
            </dl>
          ) : user.isPending ? (
            <LoadingState>Loading your balance…</LoadingState>
          ) : null}
        </div>
        <PetNav />
      </header>
      {user.isError && <ErrorBanner>{errorMessage(user.error, 'Your balance could not be loaded. Try again in a moment.')}</ErrorBanner>}
      {pools.isPending ? (
        <LoadingState>Loading the pools…</LoadingState>
      ) : pools.isError ? (
        <ErrorBanner>{errorMessage(pools.error, LOAD_FAILED)}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>No pools are open right now.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2" aria-label="Gacha pools" data-testid="gacha-pools">
          {list.map((pool) => (
            <PoolCard
              key={pool.id}
              pool={pool}
              gold={gold}
              busy={spin.isPending}
              spinning={spinning?.pool === pool.id ? spinning.count : null}
              outcome={outcome?.pool.id === pool.id ? outcome : null}
              reducedMotion={reducedMotion}
              onSpin={onSpin}
            />
          ))}
        </ul>
      )}
      <RoundHistory games={['gacha']} limit={10} />
    </div>
  );
}
