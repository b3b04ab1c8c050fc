import { useRef, useState } from 'react';
import type { GachaPoolDto } from '../../../../../../shared/games/virtualPet/contract';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { RoundHistory } from '../../../components/public';
import { useReducedMotion } from '../../../public';
import { PetPageHeader } from '../../components/PetPageHeader';
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
      <PetPageHeader
        icon="🎲"
        title="Gacha"
        blurb="Spend gold on a pull for a new critter. The odds are published and every pull can be verified."
        balances={['gold']}
        testIdPrefix="gacha"
      />
      {pools.isPending ? (
        <LoadingState>Loading the pools…</LoadingState>
      ) : pools.isError ? (
        <ErrorBanner>{errorMessage(pools.error, LOAD_FAILED)}</ErrorBanner>
      ) : list.length === 0 ? (
        <EmptyState>No pools are open right now.</EmptyState>
      ) : (
        <ul
          className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2"
          aria-label="Gacha pools"
          data-testid="gacha-pools"
        >
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
