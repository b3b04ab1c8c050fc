import type { QuizDailyDto } from '../../../../shared/api/quizDuel';
import { sha256Hex } from '../../../../shared/games/fairness';
import { formatDay } from '../../../lib/format';

/**
 * The daily draw's check: today's seed is shown only as its SHA-256, and yesterday's seed is
 * revealed, so anyone can hash it and compare it with the hash published yesterday.
 */
export function SeedCheck({ daily }: { daily: Pick<QuizDailyDto, 'day' | 'seedHash' | 'yesterday'> }) {
  const yesterday = daily.yesterday;
  const matches = yesterday ? sha256Hex(yesterday.seed) === yesterday.seedHash : null;
  return (
    <section className="flex min-w-0 flex-col gap-1 rounded-xl border border-white/10 bg-slate-950/40 p-3 text-xs text-slate-400" aria-label="Seeds" data-testid="quiz-seeds">
      <p className="break-all">
        Today ({formatDay(daily.day)}), SHA-256 of the seed: <span className="font-mono text-slate-200" data-testid="quiz-seed-hash">{daily.seedHash}</span>
      </p>
      {yesterday ? (
        <>
          <p className="break-all">
            Yesterday ({formatDay(yesterday.day)}), seed: <span className="font-mono text-slate-200">{yesterday.seed}</span>
          </p>
          <p className={matches ? 'text-emerald-300' : 'text-rose-300'}>
            {matches ? '✓ Its SHA-256 equals the hash published yesterday' : '✗ Its SHA-256 does not equal the hash published yesterday'}:{' '}
            <span className="font-mono break-all">{yesterday.seedHash}</span>
          </p>
        </>
      ) : (
        <p>Tomorrow this page reveals today&apos;s seed, so you can check it against the hash above.</p>
      )}
      <p>The questions are drawn from the seed with the same code as a duel&apos;s (client seed &apos;daily:{daily.day}&apos;, nonce 0).</p>
    </section>
  );
}
