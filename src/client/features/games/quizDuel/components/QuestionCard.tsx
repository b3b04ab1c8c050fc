import { useEffect, useRef, type ReactNode } from 'react';
import type { QuizQuestionDto } from '../../../../../shared/games/quizDuel/contract';
import { QUIZ_QUESTIONS } from '../../../../../shared/games/quizDuel/rules';
import { secondsLeft, spokenSubject, timeAnnouncement } from '../quizDuelView';
import { CountdownRing } from './CountdownRing';
import { EmojiText } from '../../../../components/Emoji';

type ChoiceLook = 'right' | 'wrong' | 'picked' | 'idle';

const LOOK: Record<ChoiceLook, string> = {
  right: 'border-emerald-400 bg-emerald-500/20 text-white',
  wrong: 'border-rose-400 bg-rose-500/20 text-white',
  picked: 'border-amber-300 bg-amber-400/15 text-white',
  idle: 'border-white/10 bg-slate-950/40 text-slate-100',
};

interface QuestionCardProps {
  question: QuizQuestionDto;
  /** The server's time now. */
  now: number;
  /** A pick on its way to the server: shown locked in at once. */
  sending: number | null;
  /** Null when this question cannot be answered here any more. */
  onAnswer: ((choice: number) => void) | null;
  /** The other player, whose pick shows once the duel is over. */
  theirName?: string | null;
  reducedMotion: boolean;
  /** What happened: locked in, the reveal's words. */
  children?: ReactNode;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * One question: its symbol, the prompt, four answers (buttons, or the keys 1-4), the clock, and
 * once it has closed your pick in green or red; the right answer and the other side's pick once
 * the duel is over.
 */
export function QuestionCard({
  question,
  now,
  sending,
  onAnswer,
  theirName,
  reducedMotion,
  children,
}: QuestionCardProps) {
  const cardRef = useRef<HTMLElement>(null);
  const promptRef = useRef<HTMLHeadingElement>(null);
  const deadline = Date.parse(question.deadline);
  const seconds = secondsLeft(deadline, now);
  const mine = question.yourChoice ?? sending;
  const canAnswer = onAnswer !== null && !question.closed && mine === null && seconds > 0;

  // The keys 1-4 answer; the latest handler is read through a ref, so the listener stays put.
  const answerRef = useRef<((choice: number) => void) | null>(null);
  useEffect(() => {
    answerRef.current = canAnswer ? onAnswer : null;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const index = ['1', '2', '3', '4'].indexOf(event.key);
      if (index < 0 || !answerRef.current) return;
      event.preventDefault();
      answerRef.current(index);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A new question takes the focus from the last one's answers (not from elsewhere on the page),
  // so a screen reader reads it and Tab leads to its answers.
  const opened = !question.closed;
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    if (active === null || active === document.body || cardRef.current?.contains(active))
      promptRef.current?.focus();
  }, [question.index, opened]);

  // Until the duel is over a closed question shows only whether your own pick was right.
  const lookOf = (i: number): ChoiceLook => {
    if (question.answer === i) return 'right';
    if (question.closed && mine === i && question.yourCorrect !== null)
      return question.yourCorrect ? 'right' : 'wrong';
    if (mine === i) return 'picked';
    return 'idle';
  };
  const spoken = question.subject === null ? null : spokenSubject(question.subject);

  return (
    <section
      ref={cardRef}
      className="card flex min-w-0 flex-col gap-4"
      aria-labelledby="quiz-prompt"
      data-testid="quiz-question"
      data-index={question.index}
      data-closed={question.closed}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-400" data-testid="quiz-question-number">
            Question {question.index + 1} of {QUIZ_QUESTIONS}
            {question.index === QUIZ_QUESTIONS - 1 && (
              <span className="text-amber-200"> · counts double</span>
            )}
          </p>
          <h2
            id="quiz-prompt"
            ref={promptRef}
            tabIndex={-1}
            className="mt-1 font-display text-xl font-bold break-words text-white sm:text-2xl"
            data-testid="quiz-prompt"
          >
            {question.prompt}
          </h2>
        </div>
        {!question.closed && (
          <CountdownRing until={deadline} now={now} reducedMotion={reducedMotion} />
        )}
      </div>
      {question.subject !== null && (
        <p
          className="text-center font-display text-7xl leading-tight font-bold text-white"
          data-testid="quiz-subject"
          {...(spoken ? { role: 'img', 'aria-label': spoken } : {})}
        >
          <EmojiText text={question.subject} />
        </p>
      )}
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Answers">
        {question.choices.map((choice, i) => {
          const look = lookOf(i);
          const theirs = question.closed && question.theirChoice === i;
          return (
            <li key={i} className="min-w-0">
              <button
                type="button"
                className={`flex w-full min-w-0 items-center gap-3 rounded-xl border-2 px-3 py-3 text-left font-semibold transition ${LOOK[look]} ${
                  canAnswer ? 'hover:border-amber-300/70' : 'cursor-default'
                }`}
                aria-disabled={!canAnswer || undefined}
                aria-keyshortcuts={String(i + 1)}
                onClick={() => {
                  if (canAnswer) onAnswer(i);
                }}
                data-testid={`quiz-choice-${i}`}
                data-look={look}
              >
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-white/10 font-mono text-sm text-slate-200"
                >
                  {i + 1}
                </span>
                <span className="min-w-0 flex-1 break-words">{choice}</span>
                <span className="flex shrink-0 flex-col items-end gap-0.5 text-xs font-semibold">
                  {look === 'right' && <span className="text-emerald-200">✓ Right answer</span>}
                  {mine === i && (
                    <span
                      className={
                        look === 'wrong'
                          ? 'text-rose-200'
                          : look === 'right'
                            ? 'text-emerald-200'
                            : 'text-amber-200'
                      }
                    >
                      {look === 'wrong' ? '✗ Your pick' : 'Your pick'}
                    </span>
                  )}
                  {theirs && (
                    <span
                      className="max-w-28 break-words text-sky-200"
                      data-testid="quiz-their-pick"
                    >
                      {theirName ?? 'Their'}&apos;s pick
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="sr-only" aria-live="polite">
        {question.closed ? '' : timeAnnouncement(seconds)}
      </p>
      {/* Always there, so what it says later is announced. */}
      <div
        aria-live="polite"
        className="flex flex-col gap-1 empty:hidden"
        data-testid="quiz-status"
      >
        {children}
      </div>
    </section>
  );
}
