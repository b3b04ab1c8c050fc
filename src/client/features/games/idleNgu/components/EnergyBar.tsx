import type { SavePhase } from '../useAllocationDraft';
import { Zap } from 'lucide-react';

const SAVE_TEXT: Record<SavePhase, string> = {
  saved: 'Changes save on their own',
  pending: 'Saving in a moment…',
  saving: 'Saving…',
};

/** Idle energy out of the total, and whether the allocation on screen is the one training. */
export function EnergyBar({
  idle,
  total,
  phase,
}: {
  idle: number;
  total: number;
  phase: SavePhase;
}) {
  const used = total - idle;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-slate-300">
          <Zap className="mr-1.5" />
          Idle energy{' '}
          <strong
            className="font-mono text-lg text-amber-200 tabular-nums"
            data-testid="idle-energy"
            data-idle={idle}
            data-total={total}
          >
            {idle} / {total}
          </strong>
        </p>
        <p
          role="status"
          className={`text-sm ${phase === 'saved' ? 'text-slate-400' : 'text-amber-200'}`}
          data-testid="idle-save-status"
          data-phase={phase}
        >
          {SAVE_TEXT[phase]}
        </p>
      </div>
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-white/10">
        <div
          className="h-full bg-amber-400 motion-safe:transition-[width] motion-safe:duration-200"
          style={{ width: `${total === 0 ? 0 : (used / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
