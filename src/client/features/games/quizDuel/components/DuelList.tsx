import { Link } from 'react-router';
import type { QuizDuelSummary } from '../../../../../shared/games/quizDuel/contract';
import { EmptyState } from '../../../../components/States';
import { formatCoins } from '../../../../lib/format';
import { cancellable, duelPath, OUTCOME_CLASS, summaryState } from '../quizDuelView';

const MODE_NAME = { live: 'Live', async: 'Async' } as const;

/** Scores mean something once questions are played: not for a challenge nobody has started. */
const hasScores = (d: QuizDuelSummary, inviteIds: ReadonlySet<string>) =>
  d.state === 'playing' ||
  d.state === 'finished' ||
  (d.state === 'open' && d.mode === 'async' && !inviteIds.has(d._id));

interface DuelListProps {
  duels: readonly QuizDuelSummary[];
  inviteIds: ReadonlySet<string>;
  now: number;
  canceling: string | null;
  onCancel: (duel: QuizDuelSummary) => void;
}

/** Your duels, newest first: where each stands, the scores so far, and Play, View or Cancel. */
export function DuelList({ duels, inviteIds, now, canceling, onCancel }: DuelListProps) {
  return (
    <section className="card flex min-w-0 flex-col gap-3" aria-labelledby="quiz-duels-title">
      <h2 id="quiz-duels-title" className="section-title">
        Your duels
      </h2>
      {duels.length === 0 ? (
        <EmptyState>No duels yet. Find an opponent or challenge a user.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby="quiz-duels-title">
          {duels.map((d) => {
            const opponent = d.opponent ?? 'anyone';
            return (
              <li
                key={d._id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-white/10 bg-slate-950/40 p-3"
                data-testid="quiz-duel-row"
                data-duel={d._id}
              >
                <div className="min-w-0 flex-1">
                  <p className="break-words text-white">
                    vs <span className="font-semibold">{opponent}</span> · {MODE_NAME[d.mode]} ·{' '}
                    {formatCoins(d.stake)} coins
                  </p>
                  <p className="text-sm text-slate-300">
                    <span
                      className={d.outcome ? `font-semibold ${OUTCOME_CLASS[d.outcome]}` : ''}
                      data-testid="quiz-duel-state"
                    >
                      {summaryState(d, inviteIds)}
                    </span>
                    {hasScores(d, inviteIds) && (
                      <>
                        {' · '}
                        <span data-testid="quiz-duel-score">
                          {d.yourScore} – {d.theirScore ?? 'hidden'}
                        </span>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex gap-2">
                  {cancellable(d, inviteIds, now) && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={canceling !== null}
                      onClick={() => onCancel(d)}
                      aria-label={`Cancel your challenge to ${opponent}`}
                    >
                      Cancel
                    </button>
                  )}
                  <Link
                    to={duelPath(d._id)}
                    className={d.yourTurn ? 'btn-primary' : 'btn-secondary'}
                    aria-label={`${d.yourTurn ? 'Play' : 'View'} the duel with ${opponent}`}
                  >
                    {d.yourTurn ? 'Play' : 'View'}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
