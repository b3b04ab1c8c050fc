import { useDraggable } from '@dnd-kit/core';
import { formatOdds } from '../../display';
import type { ParlayPick } from '../../parlay';

export interface DragData {
  pick: ParlayPick;
}

function dragId(pick: Pick<ParlayPick, 'betId' | 'choice'>): string {
  return `${pick.betId}:${pick.choice}`;
}

/** What a chip looks like, shared by the chip in place and the copy that follows the pointer. */
export function ChipFace({
  pick,
  lifted = false,
  context,
}: {
  pick: ParlayPick;
  lifted?: boolean;
  context?: string;
}) {
  return (
    <span
      className={`flex min-w-0 items-center gap-2 rounded-lg border px-3 py-1.5 text-left text-sm font-semibold ${
        lifted
          ? 'border-amber-300 bg-amber-300 text-slate-950 shadow-xl shadow-black/40'
          : 'border-white/15 bg-slate-800 text-white'
      }`}
    >
      <span aria-hidden="true" className="text-xs opacity-60">
        ⠿
      </span>
      <span className="min-w-0 wrap-anywhere">{pick.choice}</span>{' '}
      <span className={`font-mono ${lifted ? '' : 'text-amber-200'}`}>{formatOdds(pick.odds)}</span>
      {/* The bet's title is in the name but not on the chip: the visible text leads the name (WCAG 2.5.3). */}
      {context && <span className="sr-only">{context}</span>}
    </span>
  );
}

interface DraggableOptionProps {
  pick: ParlayPick;
  picked: boolean;
  onAdd: () => void;
}

export function DraggableOption({ pick, picked, onAdd }: DraggableOptionProps) {
  const data: DragData = { pick };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: dragId(pick),
    data,
  });

  return (
    <li className="flex min-w-0 items-center gap-1">
      <button
        type="button"
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        data-testid="parlay-chip"
        data-bet-id={pick.betId}
        data-choice={pick.choice}
        // Scrolling stays possible over chips; the touch sensor's long press tells a drag apart.
        // A flex box, so the face fills the 44 px touch target and the ring fits around it.
        className={`flex min-h-11 min-w-0 touch-manipulation rounded-lg transition ${isDragging ? 'opacity-40' : ''} ${
          picked ? 'ring-2 ring-emerald-400' : ''
        }`}
      >
        <ChipFace pick={pick} context={`, ${pick.betTitle}${picked ? ', in your parlay' : ''}`} />
      </button>
      <button
        type="button"
        onClick={onAdd}
        disabled={picked}
        aria-label={`Add ${pick.choice} on ${pick.betTitle} to parlay`}
        className="min-h-11 min-w-11 shrink-0 rounded-lg border border-white/10 px-2 py-1 text-xs text-slate-300 hover:bg-white/10 disabled:cursor-default disabled:border-transparent disabled:text-emerald-300"
      >
        {picked ? '✓' : '+ Add'}
      </button>
    </li>
  );
}
