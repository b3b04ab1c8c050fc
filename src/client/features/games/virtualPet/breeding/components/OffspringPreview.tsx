import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { RarityBadge } from '../../components/RarityBadge';
import { offspringPreview } from '../breedingView';
import { EmojiText } from '../../../../../components/Emoji';

/** What the egg may hold: the species 50/50, the lower rarity, generation max + 1, traits with their chances, the hatch time. */
export function OffspringPreview({ a, b }: { a: CritterDto; b: CritterDto }) {
  const p = offspringPreview(a, b);
  return (
    <section
      aria-labelledby="offspring-title"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-slate-950/40 p-3"
      data-testid="offspring-preview"
    >
      <h3
        id="offspring-title"
        className="text-sm font-semibold tracking-wide text-slate-300 uppercase"
      >
        Offspring preview
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-slate-400">Species</dt>
          <dd className="flex flex-col text-slate-100">
            {p.species.map((s) => (
              <span key={s.key}>
                <span aria-hidden="true">
                  <EmojiText text={s.emoji} />{' '}
                </span>
                {s.name} <span className="font-mono text-slate-300">{s.percent}%</span>
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Rarity</dt>
          <dd className="flex flex-wrap items-center gap-2 text-slate-300">
            <RarityBadge rarity={p.rarity} />
            <span>the lower of the two</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Generation</dt>
          <dd className="font-mono text-slate-100" data-testid="offspring-generation">
            {p.generation}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-400">Hatches after</dt>
          <dd className="text-slate-100" data-testid="offspring-hatch">
            {p.hatchText}
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-slate-400">Variant</dt>
          <dd className="text-slate-300">
            The variant of the parent whose species it takes, with a {p.mutationPct}% chance to
            mutate into another variant of that species.
          </dd>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-slate-400">Traits that may pass</dt>
          <dd className="text-slate-100">
            {p.traits.length === 0 ? (
              <span className="text-slate-300">Neither parent has a trait to pass on.</span>
            ) : (
              <ul
                className="flex flex-wrap gap-2"
                aria-label="Traits that may pass, with their chances"
              >
                {p.traits.map((t) => (
                  <li
                    key={t.trait}
                    className="rounded-lg border border-white/10 bg-white/5 px-2 py-0.5"
                  >
                    {t.name} <span className="font-mono text-slate-300">{t.percent}%</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
