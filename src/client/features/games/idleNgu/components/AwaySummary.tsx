import type { AwaySummary as Away } from '../../../../../shared/games/idleNgu/rules';
import { awayDuration, awayLines, OFFLINE_CAP_HOURS } from '../idleNguView';
import { Moon } from 'lucide-react';

/** What the trainings gained since the last visit; shown once, until dismissed, and only if they gained. */
export function AwaySummary({ away, onDismiss }: { away: Away; onDismiss: () => void }) {
  const lines = awayLines(away.levelsGained);
  if (lines.length === 0) return null;
  return (
    <section
      className="card flex min-w-0 flex-col gap-2 border-emerald-400/40"
      aria-labelledby="idle-away-title"
      data-testid="idle-away"
    >
      <h2 id="idle-away-title" className="section-title">
        <Moon className="mr-1.5" />
        While you were away ({OFFLINE_CAP_HOURS} h max)
      </h2>
      <p className="text-sm text-slate-300" data-testid="idle-away-time">
        {awayDuration(away)}
      </p>
      <ul className="flex flex-wrap gap-2">
        {lines.map((l) => (
          <li
            key={l.training}
            className="rounded-full bg-emerald-500/15 px-3 py-1 font-semibold text-emerald-200"
            data-testid="idle-away-gain"
            data-training={l.training}
          >
            {l.text}
          </li>
        ))}
      </ul>
      <button type="button" className="btn-secondary self-start" onClick={onDismiss}>
        Got it
      </button>
    </section>
  );
}
