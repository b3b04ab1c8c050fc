import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { ANSWER_FAILED } from './quizDuelView';

export interface Sending {
  q: number;
  choice: number;
}

/**
 * Sends one answer at a time for a duel or the daily quiz and says which is on its way (the page
 * shows it 'locked in'). A refused answer is said in a toast and the play is read again.
 */
export function useAnswerSender(
  send: (answer: { question: number; choice: number }) => Promise<unknown>,
  reread: () => void,
) {
  const [sending, setSending] = useState<Sending | null>(null);
  /** A ref, not state: two key presses in one frame must not send two answers. */
  const inFlight = useRef(false);
  async function onAnswer(question: number, choice: number) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending({ q: question, choice });
    try {
      await send({ question, choice });
    } catch (error) {
      notify.error(errorMessage(error, ANSWER_FAILED));
      reread();
    } finally {
      inFlight.current = false;
      setSending(null);
    }
  }
  return { sending, onAnswer };
}
