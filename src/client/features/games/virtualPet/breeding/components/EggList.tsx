import type { CritterDto, EggDto } from '../../../../../../shared/games/virtualPet/contract';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { Meter } from '../../components/Meter';
import { RarityBadge } from '../../components/RarityBadge';
import { traitName } from '../../critters/care';
import { eggProgress, eggReady, formatHms, msUntil } from '../breedingView';
import { Emoji, EmojiText } from '../../../../../components/Emoji';

interface EggCardProps {
  egg: EggDto;
  names: ReadonlyMap<string, CritterDto>;
  now: number;
  /** A hatch is in flight (any egg). */
  busy: boolean;
  hatching: boolean;
  onHatch: (egg: EggDto) => Promise<void>;
}

function EggCard({ egg, names, now, busy, hatching, onHatch }: EggCardProps) {
  const guard = useActionGuard();
  const ready = eggReady(egg, now);
  const left = msUntil(egg.hatchAt, now);
  const progress = ready ? 100 : eggProgress(egg, now);
  const parents = egg.parents.map((id) => names.get(id)?.name ?? `critter #${id}`);
  const titleId = `egg-${egg._id}-title`;
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-3"
      data-testid="breeding-egg"
      data-egg-id={egg._id}
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-white">
        <span aria-hidden="true" className="text-2xl">
          <Emoji char="🥚" />
        </span>
        <span className="min-w-0 wrap-anywhere">
          Egg of{' '}
          <span aria-hidden="true">
            <EmojiText text={egg.child.emoji} />{' '}
          </span>
          {egg.child.name} <span className="font-normal text-slate-400">({egg.child.variant})</span>
        </span>
      </h3>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <RarityBadge rarity={egg.child.rarity} />
        <span>Generation {egg.child.generation}</span>
        <span className="wrap-anywhere">
          Traits:{' '}
          {egg.child.traits.length === 0 ? 'none' : egg.child.traits.map(traitName).join(', ')}
        </span>
      </p>
      <p className="text-sm text-slate-400 wrap-anywhere">
        From {parents.join(' and ')} · round #{egg.roundId}
      </p>
      <Meter
        label={`Egg of ${egg.child.name}: incubation`}
        percent={progress}
        valueText={ready ? 'ready to hatch' : `hatches in ${formatHms(left)}`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {ready ? (
          <span className="text-sm font-semibold text-emerald-200" data-testid="egg-ready">
            Ready to hatch!
          </span>
        ) : (
          <span className="text-sm text-slate-300">
            Hatches in{' '}
            <span className="font-mono text-white" data-testid="egg-countdown">
              {formatHms(left)}
            </span>
          </span>
        )}
        {ready && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy || guard.quiet}
            onClick={() => void guard.run(() => onHatch(egg))}
            data-testid="egg-hatch"
          >
            {hatching ? 'Hatching…' : 'Hatch'}
            <span className="sr-only"> the egg of {egg.child.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

interface EggListProps {
  eggs: readonly EggDto[];
  names: ReadonlyMap<string, CritterDto>;
  now: number;
  busy: boolean;
  hatchingId: string | null;
  onHatch: (egg: EggDto) => Promise<void>;
}

/** Spec section 2: pending eggs with an HH:MM:SS countdown, and Hatch once ready. */
export function EggList({ eggs, names, now, busy, hatchingId, onHatch }: EggListProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="breeding-eggs">
      {eggs.map((egg) => (
        <EggCard
          key={egg._id}
          egg={egg}
          names={names}
          now={now}
          busy={busy}
          hatching={hatchingId === egg._id}
          onHatch={onHatch}
        />
      ))}
    </ul>
  );
}
