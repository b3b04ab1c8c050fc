import { useId, useState } from 'react';
import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { FOODS, TOYS } from '../../../../../../shared/games/virtualPet/catalog';
import { SelectField } from '../../../../../components/TextField';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { heldGoods } from '../care';
import { useFeedMutation, usePlayMutation } from '../mutations';

const KINDS = {
  food: {
    title: 'Feed',
    label: 'Food',
    verb: 'Feed',
    pending: 'Feeding…',
    none: 'Select a food item first.',
    failed: 'Feeding failed.',
    choose: 'Choose a food…',
  },
  toy: {
    title: 'Play',
    label: 'Toy',
    verb: 'Play',
    pending: 'Playing…',
    none: 'Select a toy first.',
    failed: 'Play failed.',
    choose: 'Choose a toy…',
  },
} as const;

interface CareFormProps {
  kind: keyof typeof KINDS;
  critter: CritterDto;
  /** The food or toys map of the resources (units held by key). */
  held: Record<string, number>;
}

/** Spec section 5: feeding needs a selected food, play a selected toy; the select lists what is held. */
export function CareForm({ kind, critter, held }: CareFormProps) {
  const words = KINDS[kind];
  const id = useId();
  const feed = useFeedMutation();
  const play = usePlayMutation();
  const guard = useActionGuard();
  const [picked, setPicked] = useState('');
  const goods = heldGoods(held, kind === 'food' ? FOODS : TOYS);
  // A unit used up leaves the list: the select falls back to its prompt.
  const selected = goods.some((g) => g.key === picked) ? picked : '';
  const pending = kind === 'food' ? feed.isPending : play.isPending;

  async function care() {
    try {
      const answer =
        kind === 'food'
          ? await feed.mutateAsync({ critterId: critter._id, foodItem: selected })
          : await play.mutateAsync({ critterId: critter._id, toyItem: selected });
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, words.failed));
    }
  }

  return (
    <form
      className="flex flex-col gap-2"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        // No call without a choice (spec section 5).
        if (!selected) notify.error(words.none);
        else void guard.run(care);
      }}
    >
      <h4 id={`${id}-title`} className="font-semibold text-white">
        {words.title}
      </h4>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          id={`${id}-select`}
          label={words.label}
          className="min-w-0 flex-1"
          value={selected}
          onValueChange={setPicked}
        >
          <option value="">{goods.length === 0 ? `None held` : words.choose}</option>
          {goods.map((g) => (
            <option key={g.key} value={g.key}>
              {g.emoji} {g.name} ({g.count})
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn-primary" disabled={pending || guard.quiet}>
          {pending ? words.pending : words.verb}
          <span className="sr-only"> {critter.name}</span>
        </button>
      </div>
    </form>
  );
}
