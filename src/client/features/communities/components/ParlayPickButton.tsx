import { Check, Plus } from 'lucide-react';

/**
 * An option's parlay toggle on a bet card: pressed while the option is on the slip, pressed
 * again to take it off. The visible word stays inside the name, so voice control finds it.
 */
export function ParlayPickButton({
  choice,
  betTitle,
  picked,
  onToggle,
}: {
  choice: string;
  betTitle: string;
  picked: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      data-testid="parlay-pick-button"
      aria-pressed={picked}
      aria-label={`Add ${choice} (${betTitle}) to parlay`}
      className={`min-h-11 shrink-0 px-3 py-1 text-xs ${picked ? 'btn-primary' : 'btn-secondary'}`}
      onClick={onToggle}
    >
      {picked ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      Parlay
    </button>
  );
}
