import { useId, useState } from 'react';
import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { EmptyState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { RarityBadge } from '../../components/RarityBadge';
import {
  canOpenTraitShop,
  notEnoughShards,
  PURCHASE_TRAITS_MIN_SHARDS,
  traitsToBuy,
  type TraitOffer,
} from '../care';
import { useUnlockTraitMutation } from '../mutations';
import { Emoji } from '../../../../../components/Emoji';

interface TraitPanelProps {
  critter: CritterDto;
  shards: number;
  offers: readonly TraitOffer[];
}

/**
 * Spec sections 5 and 9: 'Purchase Traits' needs 50 shards; a trait costing more than the shards
 * held looks disabled but still answers a click (or Enter) with 'Not enough shards! ({cost} required)'.
 */
export function TraitPanel({ critter, shards, offers }: TraitPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const unlock = useUnlockTraitMutation();
  const guard = useActionGuard();
  const allowed = canOpenTraitShop(shards);
  const shown = open && allowed;
  const list = traitsToBuy(critter, offers);

  async function onUnlock(trait: TraitOffer) {
    try {
      const answer = await unlock.mutateAsync({ critterId: critter._id, trait: trait.key });
      notify.success(answer.message || `${trait.name} unlocked!`);
    } catch (error) {
      notify.error(errorMessage(error, 'Unlock failed'));
    }
  }

  function onChoose(trait: TraitOffer) {
    if (trait.cost > shards) {
      notify.error(notEnoughShards(trait.cost));
      return;
    }
    void guard.run(() => onUnlock(trait));
  }

  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold text-white">Traits</h4>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={shown}
          aria-controls={`${id}-traits`}
          aria-describedby={`${id}-need`}
          disabled={!allowed}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">
            <Emoji char="💎" />
          </span>
          Purchase Traits
        </button>
        <span id={`${id}-need`} className="text-xs text-slate-400">
          Needs at least {PURCHASE_TRAITS_MIN_SHARDS} shards; you hold {shards}.
        </span>
      </div>
      <div id={`${id}-traits`} hidden={!shown}>
        {shown &&
          (list.length === 0 ? (
            <EmptyState>{critter.name} has every trait already.</EmptyState>
          ) : (
            <ul
              className="grid grid-cols-1 gap-2 lg:grid-cols-2"
              aria-label={`Traits ${critter.name} can learn`}
            >
              {list.map((t) => {
                const short = t.cost > shards;
                return (
                  <li
                    key={t.key}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-white/10 bg-white/5 px-3 py-2"
                    data-testid={`trait-${t.key}`}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold text-white">{t.name}</span>
                        <RarityBadge rarity={t.rarity} />
                        <span className="font-mono text-sm text-sky-200">
                          <span aria-hidden="true">
                            <Emoji char="💎" />{' '}
                          </span>
                          {t.cost}
                          <span className="sr-only"> shards</span>
                        </span>
                      </p>
                      <p className="text-sm text-slate-300">{t.description}</p>
                    </div>
                    <button
                      type="button"
                      className={`btn-primary ${short ? 'cursor-not-allowed opacity-50' : ''}`}
                      aria-disabled={short || undefined}
                      disabled={unlock.isPending || guard.quiet}
                      onClick={() => onChoose(t)}
                    >
                      {unlock.isPending && unlock.variables?.trait === t.key
                        ? 'Unlocking…'
                        : 'Unlock'}
                      <span className="sr-only"> {t.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ))}
      </div>
    </div>
  );
}
