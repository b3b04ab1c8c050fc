import { useId } from 'react';
import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { speciesOf } from '../../../../../../shared/games/virtualPet/catalog';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { useEvolveMutation } from '../mutations';
import { Sparkles } from 'lucide-react';

/** The server says when a critter may evolve (canEvolve) and why not yet (evolveCondition). */
export function EvolvePanel({ critter }: { critter: CritterDto }) {
  const id = useId();
  const evolve = useEvolveMutation();
  const guard = useActionGuard();
  const into = critter.evolvedTo ? (speciesOf(critter.evolvedTo)?.name ?? critter.evolvedTo) : null;

  async function onEvolve() {
    try {
      const answer = await evolve.mutateAsync(critter._id);
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Evolve failed.'));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold text-white">Evolve</h4>
      <p id={`${id}-condition`} className="text-sm text-slate-300" data-testid="evolve-condition">
        {critter.evolveCondition}
      </p>
      <button
        type="button"
        className="btn-secondary w-fit"
        aria-describedby={`${id}-condition`}
        disabled={!critter.canEvolve || evolve.isPending || guard.quiet}
        onClick={() => void guard.run(onEvolve)}
      >
        <Sparkles />
        {evolve.isPending ? 'Evolving…' : into ? `Evolve into ${into}` : 'Evolve'}
      </button>
    </div>
  );
}
