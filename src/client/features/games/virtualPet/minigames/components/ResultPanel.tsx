import type { Minigame } from '../../../../../../shared/games/virtualPet/minigames';
import type { RunState } from '../run';
import { endWords, resultLines } from '../terms';

/** Game over: how it ended, then what the server counted and paid (or why it did not). */
export function ResultPanel({ run, game }: { run: RunState; game: Minigame }) {
  if (run.phase !== 'over' || !run.ended) return null;
  return (
    <section
      aria-label="Result"
      className="rounded-xl border border-white/10 bg-slate-950/60 p-4"
      data-testid="minigame-result"
      data-save={run.save}
    >
      <p className="font-semibold text-white">{endWords(run.ended, run.score, game)}</p>
      {run.save === 'skipped' && (
        <p className="mt-1 text-sm text-slate-400">
          Nothing to save: only a score above 0 is sent.
        </p>
      )}
      {(run.save === 'waiting' || run.save === 'saving') && (
        <p role="status" className="mt-1 text-sm text-slate-300">
          Saving your score…
        </p>
      )}
      {run.save === 'saved' && run.result && (
        <div role="status" className="mt-2 text-sm">
          <p className="text-emerald-200">{run.result.message}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-200">
            {resultLines(run.result, run.score).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {run.save === 'failed' && run.error && (
        <p role="alert" className="mt-1 text-sm text-rose-200">
          {run.error}
        </p>
      )}
    </section>
  );
}
