import type { QuizChallengeSummary } from '../../../../../shared/games/quizDuel/contract';
import { EmptyState } from '../../../../components/States';
import { formatCoins } from '../../../../lib/format';
import { formatHms } from '../../public';

const MODE_NAME = { live: 'Live', async: 'Async' } as const;

interface ChallengeListProps {
  title: string;
  testId: string;
  challenges: readonly QuizChallengeSummary[];
  empty: string;
  now: number;
  joining: string | null;
  onJoin: (challenge: QuizChallengeSummary) => void;
}

/** Challenges you may join: the invites addressed to you, or anyone's open ones. */
export function ChallengeList({
  title,
  testId,
  challenges,
  empty,
  now,
  joining,
  onJoin,
}: ChallengeListProps) {
  const headingId = `${testId}-title`;
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      {challenges.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
          {challenges.map((c) => (
            <li
              key={c._id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-slate-950/40 p-3"
              data-testid={testId}
              data-duel={c._id}
            >
              <div className="min-w-0 flex-1">
                <p className="break-words text-white">
                  <span className="font-semibold">{c.challenger}</span> · {MODE_NAME[c.mode]} ·{' '}
                  <span className="font-semibold text-amber-200">{formatCoins(c.stake)}</span> coins
                </p>
                <p className="text-sm text-slate-400">
                  Expires in{' '}
                  <span className="font-mono">{formatHms(Date.parse(c.expiresAt) - now)}</span>
                </p>
              </div>
              <button
                type="button"
                className="btn-primary"
                onClick={() => onJoin(c)}
                disabled={joining !== null}
                aria-label={`Join ${c.challenger}'s ${MODE_NAME[c.mode].toLowerCase()} duel for ${formatCoins(c.stake)} coins`}
              >
                {joining === c._id ? 'Joining…' : 'Join'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
