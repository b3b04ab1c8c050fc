import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { EggDto } from '../../../../../../shared/games/virtualPet/contract';
import { EmptyState, ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { RoundHistory } from '../../../components/public';
import { PET_BASE } from '../../components/PetNav';
import { PetPageHeader } from '../../components/PetPageHeader';
import { usePetUser } from '../../queries';
import { BreedForm } from '../components/BreedForm';
import { BreedPrices } from '../components/BreedPrices';
import { EggList } from '../components/EggList';
import { TimedList } from '../components/TimedList';
import { HATCH_FAILED, breedingList, cooldownList } from '../breedingView';
import { useHatchMutation } from '../mutations';
import { useBreedingCritters, useEggs } from '../queries';
import { useNow } from '../useNow';

const linkClass = 'font-semibold text-amber-300 underline hover:text-amber-200';

/**
 * Spec section 2, Breeding: two parent pickers, the payment, an offspring preview, pending eggs
 * with an HH:MM:SS countdown, the critters breeding and those resting after a hatch. Critters
 * and eggs are read every 10 s; the countdowns run on the server's clock (serverTime).
 */
export function BreedingPage() {
  const critters = useBreedingCritters();
  const eggs = useEggs();
  const user = usePetUser();
  const hatch = useHatchMutation();
  const [hatchingId, setHatchingId] = useState<string | null>(null);
  const local = useNow();
  const now = local + (eggs.data?.offsetMs ?? 0);

  const list = useMemo(() => critters.data?.critters ?? [], [critters.data]);
  const byId = useMemo(() => new Map(list.map((c) => [c._id, c])), [list]);
  const breeding = breedingList(list, now);
  const resting = cooldownList(list, now);

  async function onHatch(egg: EggDto) {
    setHatchingId(egg._id);
    try {
      const answer = await hatch.mutateAsync(egg._id);
      notify.success(`${answer.critter.name} hatched and joined your sanctuary!`);
    } catch (error) {
      notify.error(errorMessage(error, HATCH_FAILED));
    } finally {
      setHatchingId(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PetPageHeader
        icon="🥚"
        title="Breeding"
        blurb="Pair two critters for an egg that hatches into a new one of the next generation."
        balances={['coins', 'gold']}
        testIdPrefix="breeding"
      />

      <section aria-labelledby="breed-title" className="card flex flex-col gap-4">
        <h2 id="breed-title" className="section-title">
          Pair two critters
        </h2>
        {critters.isPending ? (
          <LoadingState>Loading critters…</LoadingState>
        ) : critters.isError ? (
          <ErrorBanner>{errorMessage(critters.error, 'Load critters failed')}</ErrorBanner>
        ) : list.length === 0 ? (
          <EmptyState>
            You have no critters yet.{' '}
            <Link to={PET_BASE} className={linkClass}>
              Adopt one in the sanctuary
            </Link>
            .
          </EmptyState>
        ) : list.length < 2 ? (
          <EmptyState>
            Breeding needs two critters, and you have one. Get another from the{' '}
            <Link to={`${PET_BASE}/gacha`} className={linkClass}>
              gacha
            </Link>{' '}
            or the{' '}
            <Link to={`${PET_BASE}/shop`} className={linkClass}>
              shop
            </Link>
            .
          </EmptyState>
        ) : (
          <BreedForm critters={list} user={user.data} now={now} />
        )}
      </section>

      <BreedPrices />

      <section aria-labelledby="eggs-title" className="card flex flex-col gap-3">
        <h2 id="eggs-title" className="section-title">
          Pending eggs{' '}
          {eggs.data && (
            <span className="text-sm font-normal text-slate-400">({eggs.data.eggs.length})</span>
          )}
        </h2>
        {eggs.isPending ? (
          <LoadingState>Loading eggs…</LoadingState>
        ) : eggs.isError ? (
          <ErrorBanner>
            {errorMessage(eggs.error, 'Your eggs could not be loaded. Try again in a moment.')}
          </ErrorBanner>
        ) : eggs.data.eggs.length === 0 ? (
          <EmptyState>No eggs incubating.</EmptyState>
        ) : (
          <EggList
            eggs={eggs.data.eggs}
            names={byId}
            now={now}
            busy={hatch.isPending}
            hatchingId={hatchingId}
            onHatch={onHatch}
          />
        )}
      </section>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="breeding-now-title" className="card flex flex-col gap-3">
          <h2 id="breeding-now-title" className="section-title">
            Currently breeding
          </h2>
          {critters.isPending ? (
            <LoadingState>Loading critters…</LoadingState>
          ) : breeding.length === 0 ? (
            <EmptyState>No critter is breeding.</EmptyState>
          ) : (
            <TimedList
              items={breeding}
              leftText="egg hatches in"
              doneText="egg ready to hatch"
              testId="breeding-list"
            />
          )}
        </section>
        <section aria-labelledby="cooldown-title" className="card flex flex-col gap-3">
          <h2 id="cooldown-title" className="section-title">
            Resting after a hatch
          </h2>
          <p className="text-sm text-slate-400">
            A parent rests for a day after its egg hatches, and a hatched critter rests a day before
            its first breeding.
          </p>
          {critters.isPending ? (
            <LoadingState>Loading critters…</LoadingState>
          ) : resting.length === 0 ? (
            <EmptyState>No critter is resting.</EmptyState>
          ) : (
            <TimedList
              items={resting}
              leftText="free in"
              doneText="free to breed"
              testId="cooldown-list"
            />
          )}
        </section>
      </div>
      <RoundHistory games={['breeding']} limit={5} />
    </div>
  );
}
