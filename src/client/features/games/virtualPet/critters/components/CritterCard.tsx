import { useId, useState } from 'react';
import type {
  CosmeticDto,
  CritterDto,
  PetResourcesDto,
} from '../../../../../../shared/games/virtualPet/contract';
import { MAX_AFFECTION, speciesOf } from '../../../../../../shared/games/virtualPet/catalog';
import { levelProgress } from '../../../../../../shared/games/virtualPet/growth';
import { formatCoins } from '../../../../../lib/format';
import { Meter } from '../../components/Meter';
import { RarityBadge } from '../../components/RarityBadge';
import { traitName, wornCosmetics, type TraitOffer } from '../care';
import { CareForm } from './CareForm';
import { EquipPanel } from './EquipPanel';
import { EvolvePanel } from './EvolvePanel';
import { TraitPanel } from './TraitPanel';
import { ChevronRight } from 'lucide-react';
import { EmojiText } from '../../../../../components/Emoji';

interface CritterCardProps {
  critter: CritterDto;
  /** What the user holds (GET /api/user/me); the care actions wait for it. */
  resources: PetResourcesDto | undefined;
  cosmetics: readonly CosmeticDto[] | undefined;
  cosmeticsFailed: boolean;
  traitOffers: readonly TraitOffer[];
  names: ReadonlyMap<string, string>;
}

/** Spec section 2: one expandable card per critter (feed, play, evolve, equip cosmetics, unlock traits). */
export function CritterCard({
  critter,
  resources,
  cosmetics,
  cosmeticsFailed,
  traitOffers,
  names,
}: CritterCardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const progress = levelProgress(critter.experience);
  const speciesName = speciesOf(critter.species)?.name ?? critter.species;
  const traits = Object.keys(critter.traits);
  const worn = wornCosmetics(critter, cosmetics);
  const hatching =
    critter.breeding.hatchAt !== null && Date.parse(critter.breeding.hatchAt) > Date.now();

  return (
    // Open, the card takes the whole row so its care panels have room side by side.
    <li
      className={`card flex flex-col gap-3 ${open ? 'lg:col-span-2' : ''}`}
      data-testid="critter-card"
      data-critter-id={critter._id}
    >
      <h3 className="font-display text-lg font-bold text-white">
        <button
          type="button"
          className="flex w-full items-center gap-3 rounded-xl text-left"
          aria-expanded={open}
          aria-controls={`${id}-care`}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="text-4xl">
            <EmojiText text={critter.emoji} />
          </span>
          <span className="min-w-0 flex-1 wrap-anywhere">
            {critter.name}
            {critter.name !== speciesName && (
              <span className="text-sm font-normal text-slate-400"> ({speciesName})</span>
            )}
          </span>
          <span
            aria-hidden="true"
            className={`text-sm text-slate-400 transition ${open ? 'rotate-90' : ''}`}
          >
            <ChevronRight />
          </span>
          <span className="sr-only">{open ? ' (hide care)' : ' (show care)'}</span>
        </button>
      </h3>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <RarityBadge rarity={critter.rarity} />
        <span>Variant: {critter.variant}</span>
        <span>Generation {critter.generation}</span>
        {hatching && <span className="text-amber-200">Breeding</span>}
      </p>
      <div className="flex flex-col gap-1">
        <p className="flex justify-between gap-2 text-sm">
          <span className="font-semibold text-white" data-testid="critter-level">
            Level {progress.level}
          </span>
          <span className="font-mono text-slate-300">
            {formatCoins(critter.experience - progress.start)} /{' '}
            {formatCoins(progress.next - progress.start)} EXP
          </span>
        </p>
        <Meter
          label={`${critter.name}: experience to level ${progress.level + 1}`}
          percent={progress.percent}
          valueText={`${progress.percent}% of the way to level ${progress.level + 1}`}
        />
      </div>
      <div className="flex flex-col gap-1">
        <p className="flex justify-between gap-2 text-sm">
          <span className="font-semibold text-white">Affection</span>
          <span className="font-mono text-slate-300" data-testid="critter-affection">
            {critter.affection} / {MAX_AFFECTION}
          </span>
        </p>
        <Meter
          label={`${critter.name}: affection`}
          percent={(100 * critter.affection) / MAX_AFFECTION}
          valueText={`${critter.affection} of ${MAX_AFFECTION}`}
          tone="rose"
        />
      </div>
      <p className="text-sm text-slate-300">
        <span className="font-semibold text-white">Traits: </span>
        {traits.length === 0 ? 'none yet' : traits.map(traitName).join(', ')}
      </p>
      <p className="text-sm text-slate-300">
        <span className="font-semibold text-white">Wearing: </span>
        {worn.length === 0
          ? 'nothing'
          : worn.map((w, i) => (
              <span key={w.slot}>
                {i > 0 && ', '}
                <span aria-hidden="true">
                  <EmojiText text={w.emoji} />{' '}
                </span>
                {w.name} <span className="text-slate-400">({w.slot})</span>
              </span>
            ))}
      </p>
      <div id={`${id}-care`} hidden={!open} className="border-t border-white/10 pt-3">
        {open &&
          (resources ? (
            <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
              <CareForm kind="food" critter={critter} held={resources.food} />
              <CareForm kind="toy" critter={critter} held={resources.toys} />
              <EvolvePanel critter={critter} />
              <EquipPanel
                critter={critter}
                cosmetics={cosmetics}
                failed={cosmeticsFailed}
                names={names}
              />
              <div className="md:col-span-2">
                <TraitPanel critter={critter} shards={resources.shards} offers={traitOffers} />
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-400">Your stores are loading…</p>
          ))}
      </div>
    </li>
  );
}
