import { RarityBadge } from '../../components/RarityBadge';
import { formatHms, type TimedCritter } from '../breedingView';
import { EmojiText } from '../../../../../components/Emoji';

interface TimedListProps {
  items: readonly TimedCritter[];
  /** '… left' words for an item with time left, and for one whose time is up. */
  leftText: string;
  doneText: string;
  testId: string;
}

/** Critters with a time: breeding until their egg hatches, or resting after a hatch. */
export function TimedList({ items, leftText, doneText, testId }: TimedListProps) {
  return (
    <ul className="flex flex-col divide-y divide-white/5" data-testid={testId}>
      {items.map(({ critter, leftMs }) => (
        <li
          key={critter._id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
          data-critter-id={critter._id}
        >
          <span aria-hidden="true" className="text-2xl">
            <EmojiText text={critter.emoji} />
          </span>
          <span className="min-w-0 font-semibold wrap-anywhere text-white">
            {critter.name} <span className="font-normal text-slate-400">({critter.variant})</span>
          </span>
          <RarityBadge rarity={critter.rarity} />
          <span className="ml-auto text-slate-300">
            {leftMs > 0 ? (
              <>
                {leftText} <span className="font-mono text-white">{formatHms(leftMs)}</span>
              </>
            ) : (
              doneText
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
