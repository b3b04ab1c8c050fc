import { formatOdds } from '../../display';
import type { ParlayPick } from '../../parlay';

/** One pick on a parlay slip: the bet, the option at its odds, and a button to take it off. */
export function PickRow({ pick, onRemove }: { pick: ParlayPick; onRemove: () => void }) {
  return (
    <li
      data-testid="parlay-pick"
      data-bet-id={pick.betId}
      className="flex items-center gap-3 rounded-xl border border-white/10 bg-slate-900/80 px-3 py-2"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs wrap-anywhere text-slate-400">{pick.betTitle}</p>
        <p className="font-semibold wrap-anywhere text-white">
          {pick.choice}{' '}
          <span data-testid="parlay-pick-odds" className="font-mono text-amber-200">
            {formatOdds(pick.odds)}
          </span>
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${pick.choice} on ${pick.betTitle} from parlay`}
        className="btn-secondary min-h-11 min-w-11 shrink-0 px-2.5 py-1 text-xs"
      >
        Remove
      </button>
    </li>
  );
}
