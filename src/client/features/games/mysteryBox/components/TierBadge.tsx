import { tierStyle } from '../mysteryBoxView';

/** A tier's name on its colour: the contents table, each drop and the recent-drops feed. */
export function TierBadge({ tier }: { tier: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tierStyle(tier)}`}
    >
      {tier}
    </span>
  );
}
