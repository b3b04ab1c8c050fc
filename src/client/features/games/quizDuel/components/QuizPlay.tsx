import { LoadingState } from '../../../../components/States';
import { secondsLeft, type PlayPhase } from '../quizDuelView';
import { QuestionCard } from './QuestionCard';
import { RevealNote } from './RevealNote';
import { StartCountdown } from './StartCountdown';

interface QuizPlayProps {
  phase: PlayPhase;
  /** The server's time now. */
  now: number;
  reducedMotion: boolean;
  sending: { q: number; choice: number } | null;
  onAnswer: (question: number, choice: number) => void;
  /** Live: the other player, whose answer an answered question waits for and whose points the reveal shows. */
  live?: { theirName: string };
  /** When the right answers show: 'when the duel ends', 'when you finish'. */
  answersWhen: string;
}

/** The countdown, the open question or the last one's reveal: what a duel and the daily quiz share. */
export function QuizPlay({
  phase,
  now,
  reducedMotion,
  sending,
  onAnswer,
  live,
  answersWhen,
}: QuizPlayProps) {
  switch (phase.kind) {
    case 'countdown':
      return <StartCountdown until={phase.until} now={now} label="The first question opens in" />;
    case 'loading':
      return <LoadingState>Opening the question…</LoadingState>;
    case 'question': {
      const q = phase.question;
      const pick = q.yourChoice ?? (sending?.q === q.index ? sending.choice : null);
      const timeUp = secondsLeft(Date.parse(q.deadline), now) === 0;
      return (
        <QuestionCard
          key={q.index}
          question={q}
          now={now}
          sending={sending?.q === q.index ? sending.choice : null}
          onAnswer={(choice) => onAnswer(q.index, choice)}
          theirName={live?.theirName}
          reducedMotion={reducedMotion}
        >
          {pick !== null && live ? (
            <p className="font-semibold text-amber-200" data-testid="quiz-locked">
              Answer locked in — waiting for {live.theirName}
            </p>
          ) : pick !== null ? (
            <p className="text-slate-300">Answer sent…</p>
          ) : timeUp ? (
            <p className="font-semibold text-rose-300">Time is up.</p>
          ) : null}
        </QuestionCard>
      );
    }
    case 'reveal':
      return (
        <QuestionCard
          key={phase.question.index}
          question={phase.question}
          now={now}
          sending={null}
          onAnswer={null}
          theirName={live?.theirName}
          reducedMotion={reducedMotion}
        >
          <RevealNote
            question={phase.question}
            theirName={live?.theirName}
            showTheirs={live !== undefined}
            answersWhen={answersWhen}
          />
          {!phase.last && (
            <p className="text-sm text-slate-400">The next question opens in a moment…</p>
          )}
        </QuestionCard>
      );
  }
}
