import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useAfterGamePlayed } from '../mutations';
import { useGameSound } from '../useGameSound';

export const MAX_AUTO_REPEAT = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec section 5: the bet must parse to a number above 0 (and we take whole coins only). */
export function parseBet(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value > 0 ? value : null;
}

export interface CasinoRound {
  balance: number;
}

interface PlayOptions<R extends CasinoRound> {
  /** One round on the server. */
  call: (bet: number) => Promise<R>;
  /** How long after the call starts the result is shown (spec section 9's spin times). */
  revealMs: (result: R) => number;
  onResult: (result: R) => void;
  toastOf: (result: R) => { text: string; good: boolean };
}

/**
 * Spec section 4: bet -> spinning -> result toast -> refresh; auto-repeat runs up to its count
 * and stops on Stop, on a failed call, or when the balance falls below the bet.
 */
export function useCasinoPlay<R extends CasinoRound>({ call, revealMs, onResult, toastOf }: PlayOptions<R>) {
  const afterGamePlayed = useAfterGamePlayed();
  const { playWin } = useGameSound();
  const [running, setRunning] = useState(false);
  const [roundsDone, setRoundsDone] = useState(0);
  /** True from a call until its result is shown (the spin, flip or reels). */
  const [revealing, setRevealing] = useState(false);
  const stopRef = useRef(false);

  const play = useCallback(
    async (bet: number, count: number, balance: number) => {
      stopRef.current = false;
      setRunning(true);
      setRoundsDone(0);
      let known = balance;
      try {
        for (let i = 0; i < count; i++) {
          if (stopRef.current || known < bet) break;
          let result: R;
          setRevealing(true);
          const started = Date.now();
          try {
            result = await call(bet);
          } catch (error) {
            setRevealing(false);
            notify.error(errorMessage(error, 'The bet could not be placed'));
            break;
          }
          await wait(Math.max(0, revealMs(result) - (Date.now() - started)));
          setRevealing(false);
          known = result.balance;
          onResult(result);
          const { text, good } = toastOf(result);
          if (good) {
            notify.success(text);
            playWin();
          }
          else notify.info(text);
          setRoundsDone(i + 1);
          void afterGamePlayed();
        }
      } finally {
        setRunning(false);
      }
    },
    [call, revealMs, onResult, toastOf, afterGamePlayed, playWin],
  );

  const stop = useCallback(() => {
    stopRef.current = true;
  }, []);

  return { play, stop, running, roundsDone, revealing };
}
