import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { SelectField } from '../../../../../components/TextField';
import { RarityBadge } from '../../components/RarityBadge';
import { traitName } from '../../critters/care';
import { parentChoices } from '../breedingView';
import { EmojiText } from '../../../../../components/Emoji';

interface ParentPickerProps {
  id: string;
  label: string;
  critters: readonly CritterDto[];
  /** The picked critter's id ('' for none), and the other picker's. */
  value: string;
  otherId: string | null;
  /** The picked critter when it may breed now, else null. */
  picked: CritterDto | null;
  /** Server time, ms. */
  now: number;
  disabled: boolean;
  onChange: (id: string) => void;
}

/**
 * One parent: every critter is listed; one breeding or resting after a hatch is shown with its
 * reason and time left but cannot be picked, nor can the other parent.
 */
export function ParentPicker({
  id,
  label,
  critters,
  value,
  otherId,
  picked,
  now,
  disabled,
  onChange,
}: ParentPickerProps) {
  const choices = parentChoices(critters, otherId, now);
  const free = choices.filter((c) => c.disabledBecause === null).length;
  const traits = picked ? Object.keys(picked.traits) : [];
  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid={`${id}-picker`}>
      <SelectField
        id={id}
        label={label}
        value={picked ? value : ''}
        onValueChange={onChange}
        disabled={disabled}
        aria-describedby={`${id}-free`}
      >
        <option value="">Choose a critter…</option>
        {choices.map((choice) => (
          <option
            key={choice.critter._id}
            value={choice.critter._id}
            disabled={choice.disabledBecause !== null}
          >
            {choice.label}
          </option>
        ))}
      </SelectField>
      <p id={`${id}-free`} className="text-xs text-slate-400">
        {free} of {critters.length} {critters.length === 1 ? 'critter' : 'critters'} can be picked
        here.
      </p>
      {picked && (
        <div
          className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-2 text-sm"
          data-testid={`${id}-picked`}
        >
          <span aria-hidden="true" className="text-3xl">
            <EmojiText text={picked.emoji} />
          </span>
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere text-white">
              {picked.name} <span className="font-normal text-slate-400">({picked.variant})</span>
            </p>
            <p className="flex flex-wrap items-center gap-2 text-slate-300">
              <RarityBadge rarity={picked.rarity} />
              <span>Generation {picked.generation}</span>
            </p>
            <p className="text-slate-300 wrap-anywhere">
              Traits: {traits.length === 0 ? 'none' : traits.map(traitName).join(', ')}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
