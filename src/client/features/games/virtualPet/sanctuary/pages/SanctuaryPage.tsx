import { useMemo } from 'react';
import { ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { RoundHistory } from '../../../components/public';
import { PetNav } from '../../components/PetNav';
import { CATALOGUE_TRAIT_OFFERS, type TraitOffer } from '../../critters/care';
import { CritterCard } from '../../critters/components/CritterCard';
import { StarterPicker } from '../../critters/components/StarterPicker';
import { ClaimPanel } from '../components/ClaimPanel';
import { Holdings } from '../components/Holdings';
import { useSanctuary } from '../queries';
import { Egg } from 'lucide-react';

/** Spec section 2, /games/virtual-pet/*: the starter screen without critters, the sanctuary otherwise. */
export function SanctuaryPage() {
  const { critters, user, cosmetics, shop } = useSanctuary();
  const list = useMemo(() => critters.data?.critters ?? [], [critters.data]);
  const names = useMemo(() => new Map(list.map((c) => [c._id, c.name])), [list]);
  // The shop's trait catalogue carries the costs the server charges; the shared one stands in while it loads.
  const offers: readonly TraitOffer[] = useMemo(
    () =>
      shop.data?.traits.map((t) => ({
        key: t.key,
        name: t.name,
        rarity: t.rarity,
        cost: t.cost,
        description: t.description,
      })) ?? CATALOGUE_TRAIT_OFFERS,
    [shop.data],
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            <Egg className="mr-1.5" />
            Sanctuary
          </h1>
          <p className="mt-1 text-slate-400">
            Adopt, feed and play with your critters, and claim fresh supplies every few hours.
          </p>
        </div>
        <PetNav />
      </header>
      {critters.isPending ? (
        <LoadingState>Loading critters…</LoadingState>
      ) : critters.isError ? (
        <ErrorBanner>{errorMessage(critters.error, 'Load critters failed')}</ErrorBanner>
      ) : list.length === 0 ? (
        <StarterPicker />
      ) : (
        <>
          {user.isPending ? (
            <LoadingState>Loading your stores…</LoadingState>
          ) : user.isError ? (
            <ErrorBanner>
              {errorMessage(user.error, 'Your stores could not be loaded. Try again in a moment.')}
            </ErrorBanner>
          ) : (
            <>
              <Holdings user={user.data} />
              <ClaimPanel nextClaim={user.data.resources.nextClaim} critters={list} />
            </>
          )}
          <section aria-labelledby="critters-title" className="flex flex-col gap-3">
            <h2 id="critters-title" className="section-title">
              Your critters{' '}
              <span className="text-sm font-normal text-slate-400">({list.length})</span>
            </h2>
            <ul className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
              {list.map((critter) => (
                <CritterCard
                  key={critter._id}
                  critter={critter}
                  resources={user.data?.resources}
                  cosmetics={cosmetics.data?.cosmetics}
                  cosmeticsFailed={cosmetics.isError}
                  traitOffers={offers}
                  names={names}
                />
              ))}
            </ul>
          </section>
          <RoundHistory games={['sanctuary-claim']} limit={5} />
        </>
      )}
    </div>
  );
}
