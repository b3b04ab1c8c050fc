import type { StarterDto } from '../../../../../../shared/games/virtualPet/contract';
import { ErrorBanner, LoadingState } from '../../../../../components/States';
import { errorMessage } from '../../../../../lib/errorMessages';
import { notify } from '../../../../../lib/toast';
import { useActionGuard } from '../../../../../lib/useActionGuard';
import { RarityBadge } from '../../components/RarityBadge';
import { useAdoptMutation } from '../mutations';
import { useStarters } from '../queries';
import { EmojiText } from '../../../../../components/Emoji';

/** Spec section 2: without critters, 'Choose Your Starter Critter' with an Adopt button each. */
export function StarterPicker() {
  const starters = useStarters(true);
  const adopt = useAdoptMutation();
  const guard = useActionGuard();

  async function onAdopt(starter: StarterDto) {
    try {
      const answer = await adopt.mutateAsync(starter.species);
      notify.success(answer.message || `${starter.name} joined your sanctuary!`);
    } catch (error) {
      notify.error(errorMessage(error, 'Adoption failed.'));
    }
  }

  return (
    <section
      aria-labelledby="starter-title"
      className="card flex flex-col gap-4"
      data-testid="starter-picker"
    >
      <div>
        <h2 id="starter-title" className="section-title">
          Choose Your Starter Critter
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          Pick one to begin. You can find more in the shop, the gacha and by breeding.
        </p>
      </div>
      {starters.isPending ? (
        <LoadingState>Loading starters…</LoadingState>
      ) : starters.isError ? (
        <ErrorBanner>{errorMessage(starters.error, 'Load critters failed')}</ErrorBanner>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {starters.data.map((starter) => (
            <li
              key={starter.species}
              className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-slate-950/40 p-4"
              data-testid={`starter-${starter.species}`}
            >
              <span aria-hidden="true" className="text-4xl">
                <EmojiText text={starter.emoji} />
              </span>
              <h3 className="font-display text-lg font-bold text-white">{starter.name}</h3>
              <RarityBadge rarity={starter.rarity} />
              <p className="text-sm text-slate-300">{starter.description}</p>
              <button
                type="button"
                className="btn-primary mt-auto"
                disabled={adopt.isPending || guard.quiet}
                onClick={() => void guard.run(() => onAdopt(starter))}
              >
                {adopt.isPending && adopt.variables === starter.species ? 'Adopting…' : 'Adopt'}
                <span className="sr-only"> {starter.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
