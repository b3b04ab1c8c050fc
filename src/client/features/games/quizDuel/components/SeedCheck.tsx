import { Link } from 'react-router';
import type { QuizDailyDto } from '../../../../../shared/games/quizDuel/contract';
import { sha256Hex } from '../../../../../shared/games/engine/fairness';
import { QUIZ_CHOICES, QUIZ_QUESTIONS } from '../../../../../shared/games/quizDuel/rules';
import { formatDay } from '../../../../lib/format';

/** The /fairness verifier filled in with a revealed daily seed and the player's client seed. */
function verifyDailyHref(seed: string, clientSeed: string, bankSize: number): string {
  const params = JSON.stringify({ bankSize, count: QUIZ_QUESTIONS, choices: QUIZ_CHOICES });
  const query = new URLSearchParams({
    game: 'quiz-duel',
    serverSeed: seed,
    clientSeed,
    nonce: '0',
    params,
  });
  return `/fairness?${query.toString()}#verify`;
}

/**
 * The daily draw's check: today's seed is shown only as its SHA-256, and yesterday's seed is
 * revealed, so anyone can hash it and compare it with the hash published yesterday, and replay
 * their own draw on /fairness.
 */
export function SeedCheck({
  daily,
}: {
  daily: Pick<QuizDailyDto, 'day' | 'seedHash' | 'clientSeed' | 'bankSize' | 'yesterday'>;
}) {
  const yesterday = daily.yesterday;
  const matches = yesterday ? sha256Hex(yesterday.seed) === yesterday.seedHash : null;
  return (
    <section
      className="flex min-w-0 flex-col gap-1 rounded-xl border border-white/10 bg-slate-950/40 p-3 text-xs text-slate-400"
      aria-label="Seeds"
      data-testid="quiz-seeds"
    >
      <p className="break-all">
        Today ({formatDay(daily.day)}), SHA-256 of the seed:{' '}
        <span className="font-mono text-slate-200" data-testid="quiz-seed-hash">
          {daily.seedHash}
        </span>
      </p>
      {yesterday ? (
        <>
          <p className="break-all">
            Yesterday ({formatDay(yesterday.day)}), seed:{' '}
            <span className="font-mono text-slate-200">{yesterday.seed}</span>
          </p>
          <p className={matches ? 'text-emerald-300' : 'text-rose-300'}>
            {matches
              ? '✓ Its SHA-256 equals the hash published yesterday'
              : '✗ Its SHA-256 does not equal the hash published yesterday'}
            : <span className="font-mono break-all">{yesterday.seedHash}</span>
          </p>
          <Link
            to={verifyDailyHref(yesterday.seed, yesterday.clientSeed, daily.bankSize)}
            className="self-start text-amber-300 underline"
            data-testid="quiz-verify-daily"
          >
            Replay yesterday&apos;s draw on /fairness
          </Link>
        </>
      ) : (
        <p>
          Tomorrow this page reveals today&apos;s seed, so you can check it against the hash above.
        </p>
      )}
      <p>
        Your questions and the order of their answers are drawn from the seed with the same code as
        a duel&apos;s, with your own client seed (
        <span className="font-mono break-all text-slate-200" data-testid="quiz-client-seed">
          {daily.clientSeed}
        </span>
        , nonce 0), so every player has questions of their own.
      </p>
    </section>
  );
}
