import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { GachaResultDto } from '../../../../../../shared/games/virtualPet/contract';
import { isTopRarity, type GachaPool } from '../../../../../../shared/games/virtualPet/gacha';
import { PET_BASE } from '../../components/PetNav';
import { RarityBadge } from '../../components/RarityBadge';
import { traitName } from '../../critters/care';
import { celebrationOf, pullName, pullSummary, verifyPullHref } from '../gachaView';
import { useReveal } from '../useReveal';
import { PartyPopper, Sparkles } from 'lucide-react';
import { EmojiText } from '../../../../../components/Emoji';
import { fireConfetti } from '../../../../../lib/confetti';

export interface SpinOutcome {
  /** A fresh key per answer: the reveal starts again. */
  key: string;
  pool: GachaPool;
  results: GachaResultDto[];
  /** The pity count before each pull, for its verify link (null where unknown). */
  pityBefore: (number | null)[];
}

function celebrate(mythical: boolean) {
  fireConfetti({
    particleCount: mythical ? 180 : 120,
    spread: mythical ? 100 : 70,
    origin: { y: 0.6 },
    colors: mythical
      ? ['#f0abfc', '#e879f9', '#c084fc', '#fde68a']
      : ['#fcd34d', '#fbbf24', '#fde68a', '#ffffff'],
    disableForReducedMotion: true,
  });
}

const GLOW: Record<string, string> = {
  Legendary:
    'border-amber-300/70 bg-amber-400/10 shadow-lg shadow-amber-400/30 ring-2 ring-amber-300/60',
  Mythical:
    'border-fuchsia-300/70 bg-fuchsia-500/10 shadow-lg shadow-fuchsia-400/40 ring-2 ring-fuchsia-300/70',
};

/**
 * The pulls of one answer, shown one after another with a short entrance (all at once with
 * reduced motion); a Legendary or Mythical glows and, motion allowing, fires confetti.
 */
export function PullResults({
  outcome,
  reducedMotion,
}: {
  outcome: SpinOutcome;
  reducedMotion: boolean;
}) {
  const { key, pool, results, pityBefore } = outcome;
  const reveal = useReveal(key, results.length, reducedMotion);
  const visible = results.slice(0, reveal.shown);
  const best = reveal.done ? celebrationOf(results) : null;

  // Each Legendary-or-better fires once, as it appears.
  const celebrated = useRef<{ key: string; upTo: number }>({ key: '', upTo: 0 });
  useEffect(() => {
    const from = celebrated.current.key === key ? celebrated.current.upTo : 0;
    if (reveal.shown <= from) return;
    const fresh = results.slice(from, reveal.shown);
    celebrated.current = { key, upTo: reveal.shown };
    if (reducedMotion) return;
    const top = celebrationOf(fresh);
    if (top) celebrate(top === 'Mythical');
  }, [key, results, reveal.shown, reducedMotion]);

  return (
    <section
      aria-labelledby={`${key}-title`}
      className="flex flex-col gap-3 border-t border-white/10 pt-3"
      data-testid="gacha-results"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${key}-title`} className="font-display text-lg font-bold text-white">
          Your {results.length === 1 ? 'pull' : `${results.length} pulls`}
        </h3>
        {!reveal.done && (
          <button
            type="button"
            className="btn-secondary px-3 py-1"
            onClick={reveal.skip}
            data-testid="gacha-show-all"
          >
            Show all
          </button>
        )}
      </div>
      <ol
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2 2xl:grid-cols-3"
        aria-label={`Pulls from ${pool.name}`}
      >
        {visible.map((r, i) => {
          const top = isTopRarity(r.rarity);
          return (
            <li
              key={`${r.critterId}-${i}`}
              className={`flex min-w-0 flex-col gap-1 rounded-xl border p-2 text-sm transition duration-300 ease-out motion-reduce:transition-none starting:scale-75 starting:opacity-0 ${
                top ? GLOW[r.rarity] : 'border-white/10 bg-white/5'
              }`}
              data-testid="gacha-result"
              data-rarity={r.rarity}
            >
              <span className="text-xs text-slate-400">Pull {i + 1}</span>
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className="text-3xl">
                  <EmojiText text={r.emoji} />
                </span>
                <span className="min-w-0 font-semibold wrap-anywhere text-white">{r.name}</span>
              </span>
              <span className="text-slate-300">Variant: {r.variant}</span>
              <span className="flex flex-wrap items-center gap-1">
                <RarityBadge rarity={r.rarity} />
                {top && (
                  <span
                    className={`text-xs font-bold ${r.rarity === 'Mythical' ? 'text-fuchsia-200' : 'text-amber-200'}`}
                  >
                    <Sparkles className="mr-1.5" />
                    {r.rarity}!
                  </span>
                )}
                {r.pity && <span className="text-xs text-sky-200">by pity</span>}
              </span>
              <span className="text-slate-300 wrap-anywhere">
                Traits: {r.traits.length === 0 ? 'none' : r.traits.map(traitName).join(', ')}
              </span>
              <Link
                to={verifyPullHref(r, pool, pityBefore[i] ?? null)}
                className="mt-auto w-fit text-xs font-semibold text-amber-300 underline hover:text-amber-200"
              >
                Verify
                <span className="sr-only">
                  {' '}
                  pull {i + 1}, {pullName(r)}, on the fairness page
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
      <p role="status" className="text-sm text-emerald-200" data-testid="gacha-summary">
        {reveal.done && (
          <>
            {best && (
              <span
                className={`font-bold ${best === 'Mythical' ? 'text-fuchsia-200' : 'text-amber-200'}`}
              >
                <PartyPopper className="mr-1.5" />
                {best}!{' '}
              </span>
            )}
            {pullSummary(results)}. {results.length === 1 ? 'It is' : 'They are'} in your{' '}
            <Link
              to={PET_BASE}
              className="font-semibold text-amber-300 underline hover:text-amber-200"
            >
              sanctuary
            </Link>
            .
          </>
        )}
      </p>
    </section>
  );
}
