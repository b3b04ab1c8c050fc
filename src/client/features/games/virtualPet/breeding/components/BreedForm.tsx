import { useState, type FormEvent } from 'react';
import type { CritterDto, GamesUserDto } from '../../../../../../shared/games/virtualPet/contract';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { HATCH_MS } from '../../../../../../shared/games/virtualPet/breeding';
import {
  BREED_FAILED,
  breedBlockedText,
  childRarity,
  effectivePayment,
  formatDuration,
  paymentOptions,
  pickable,
  type PaymentMethod,
} from '../breedingView';
import { useBreedMutation } from '../mutations';
import { OffspringPreview } from './OffspringPreview';
import { ParentPicker } from './ParentPicker';
import { PaymentChoice } from './PaymentChoice';

interface BreedFormProps {
  critters: readonly CritterDto[];
  /** Balances; undefined while they load (the server then decides what is affordable). */
  user: GamesUserDto | undefined;
  /** Server time, ms. */
  now: number;
}

/** Spec section 2: two parent pickers, the payment, the offspring preview and Breed. */
export function BreedForm({ critters, user, now }: BreedFormProps) {
  const breed = useBreedMutation();
  const guard = useActionGuard();
  const [idA, setIdA] = useState('');
  const [idB, setIdB] = useState('');
  const [chosenPayment, setChosenPayment] = useState<PaymentMethod | null>(null);

  const parentA = pickable(critters, idA, null, now);
  const parentB = pickable(critters, idB, parentA?._id ?? null, now);
  const rarity = childRarity(parentA, parentB);
  const options = paymentOptions(user, rarity);
  const payment = effectivePayment(chosenPayment, options);
  const blocked = breedBlockedText({
    critterCount: critters.length,
    parentA,
    parentB,
    payment,
    rarity,
  });
  const busy = breed.isPending;

  async function onBreed() {
    if (!parentA || !parentB || !payment) return;
    try {
      const answer = await breed.mutateAsync({
        parentA: parentA._id,
        parentB: parentB._id,
        paymentMethod: payment,
      });
      // The server's message names the hatch time in UTC; the page says it in its own words.
      const { child } = answer.egg;
      notify.success(
        `An egg! It holds a ${child.rarity} ${child.name} and hatches in ${formatDuration(HATCH_MS[child.rarity])}.`,
        { duration: 6000 },
      );
      setIdA('');
      setIdB('');
    } catch (error) {
      notify.error(errorMessage(error, BREED_FAILED));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    void guard.run(onBreed);
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={onSubmit}
      aria-labelledby="breed-title"
      noValidate
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ParentPicker
          id="breed-parent-a"
          label="First parent"
          critters={critters}
          value={idA}
          otherId={parentB?._id ?? null}
          picked={parentA}
          now={now}
          disabled={busy}
          onChange={setIdA}
        />
        <ParentPicker
          id="breed-parent-b"
          label="Second parent"
          critters={critters}
          value={idB}
          otherId={parentA?._id ?? null}
          picked={parentB}
          now={now}
          disabled={busy}
          onChange={setIdB}
        />
      </div>
      <PaymentChoice
        options={options}
        value={payment}
        disabled={busy}
        onChange={setChosenPayment}
      />
      {parentA && parentB && <OffspringPreview a={parentA} b={parentB} />}
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <button
          type="submit"
          className="btn-primary sm:min-w-40"
          disabled={blocked !== null || busy || guard.quiet}
          aria-describedby={blocked ? 'breed-blocked' : undefined}
          data-testid="breed-button"
        >
          {busy ? 'Breeding…' : 'Breed'}
        </button>
        {blocked && (
          <p id="breed-blocked" className="text-sm text-slate-300">
            {blocked}
          </p>
        )}
      </div>
    </form>
  );
}
