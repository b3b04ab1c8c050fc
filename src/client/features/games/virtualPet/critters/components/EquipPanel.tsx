import { Link } from 'react-router';
import type { CosmeticDto, CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { speciesOf } from '../../../../../../shared/games/virtualPet/catalog';
import { LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { PET_BASE } from '../../components/PetNav';
import { isEquipped, wearableCosmetics } from '../care';
import { useEquipMutation } from '../mutations';
import { EmojiText } from '../../../../../components/Emoji';

interface EquipPanelProps {
  critter: CritterDto;
  /** GET /api/cosmetics; undefined while it loads or when it failed. */
  cosmetics: readonly CosmeticDto[] | undefined;
  failed: boolean;
  /** Critter names by id, to say where a cosmetic is worn now. */
  names: ReadonlyMap<string, string>;
}

/** Spec section 5: only held cosmetics that fit the species or 'any'; an equipped one says 'Already equipped.' */
export function EquipPanel({ critter, cosmetics, failed, names }: EquipPanelProps) {
  const equip = useEquipMutation();
  const guard = useActionGuard();
  const offered = cosmetics ? wearableCosmetics(critter, cosmetics) : [];
  const species = speciesOf(critter.species)?.name ?? critter.species;

  async function onEquip(cosmetic: CosmeticDto) {
    try {
      const answer = await equip.mutateAsync({
        critterId: critter._id,
        slot: cosmetic.slot,
        itemId: cosmetic._id,
      });
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Equip failed.'));
    }
  }

  function onChoose(cosmetic: CosmeticDto) {
    if (isEquipped(critter, cosmetic)) {
      notify.info('Already equipped.');
      return;
    }
    void guard.run(() => onEquip(cosmetic));
  }

  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold text-white">Cosmetics</h4>
      {failed ? (
        <p className="text-sm text-rose-200">
          Your cosmetics could not be loaded. Try again in a moment.
        </p>
      ) : !cosmetics ? (
        <LoadingState>Loading cosmetics…</LoadingState>
      ) : offered.length === 0 ? (
        <p className="text-sm text-slate-400">
          You hold no cosmetics that fit a {species}.{' '}
          <Link to={`${PET_BASE}/shop`} className="text-amber-300 underline hover:text-amber-200">
            Find some in the shop
          </Link>
          .
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Cosmetics for ${critter.name}`}>
          {offered.map((c) => {
            const on = isEquipped(critter, c);
            const elsewhere = c.equippedOn
              .filter((critterId) => critterId !== critter._id)
              .map((critterId) => names.get(critterId) ?? 'another critter');
            return (
              <li
                key={c._id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-white/10 bg-white/5 px-3 py-2"
              >
                <span className="min-w-0 text-sm">
                  <span aria-hidden="true">
                    <EmojiText text={c.emoji} />{' '}
                  </span>
                  <span className="font-semibold text-white">{c.name}</span>{' '}
                  <span className="text-slate-400">
                    ({c.slot}, ×{c.owned})
                  </span>
                  {elsewhere.length > 0 && (
                    <span className="block text-xs text-slate-400">
                      Worn by {elsewhere.join(', ')}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  className={on ? 'btn-secondary' : 'btn-primary'}
                  disabled={equip.isPending || guard.quiet}
                  onClick={() => onChoose(c)}
                  data-testid={`equip-${c._id}`}
                >
                  {on
                    ? 'Equipped'
                    : equip.isPending && equip.variables?.itemId === c._id
                      ? 'Equipping…'
                      : 'Equip'}
                  <span className="sr-only"> {c.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
