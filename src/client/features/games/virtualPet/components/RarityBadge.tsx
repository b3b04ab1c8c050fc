import type { Rarity, TraitRarity } from '../../../../../shared/games/virtualPet/catalog';

// Light text on the dark card: each pairing keeps a contrast above 4.5:1 like the rest of the site.
const TONE: Record<string, string> = {
  common: 'border-slate-400/40 text-slate-200',
  uncommon: 'border-emerald-400/40 text-emerald-200',
  rare: 'border-sky-400/40 text-sky-200',
  epic: 'border-violet-400/40 text-violet-200',
  legendary: 'border-amber-400/40 text-amber-200',
  mythical: 'border-fuchsia-400/40 text-fuchsia-200',
};

/** A critter's, an item's or a trait's rarity as a small pill. */
export function RarityBadge({ rarity }: { rarity: Rarity | TraitRarity }) {
  const tone = TONE[rarity.toLowerCase()] ?? TONE.common;
  return (
    <span
      className={`inline-block w-fit rounded-full border px-2 py-0.5 text-xs font-semibold capitalize ${tone}`}
    >
      {rarity}
    </span>
  );
}
