import { useCallback, useEffect, useReducer, useRef } from 'react';
import { COUNTDOWN_MS, type Minigame } from '../../../../../shared/games/virtualPet/minigames';
import { errorMessage } from '../../../../lib/errorMessages';
import { notify } from '../../../../lib/toast';
import { useGameSound } from '../../public';
import type { EndReason } from './engine';
import { useMinigameCompleteMutation, useMinigameStartMutation } from './mutations';
import { INITIAL_RUN, canStart, runReducer, worthSending, type RunState } from './run';
import { SAVE_FAILED, START_FAILED, playLimitMs, resultToast, submitDelayMs } from './terms';

export interface MinigameRun {
  state: RunState;
  /** Starts a run: the start call, then the 3-second countdown, then play. */
  begin: () => void;
  /** Ends the run with this score; a score above 0 is sent once. Later calls do nothing. */
  finish: (score: number, reason: EndReason) => void;
}

interface Live {
  runId: string;
  /** performance.now() when the start call answered. */
  startedAt: number;
  countdownEnds: number;
  ended: boolean;
}

/**
 * One game's runs. The countdown begins when the start call has answered, so the server's clock
 * (which excludes the countdown from the run) has always run at least as long as the page's, and
 * a score earned per second of play stays within the server's bound.
 */
export function useMinigameRun(critterId: string, game: Minigame): MinigameRun {
  const [state, dispatch] = useReducer(runReducer, INITIAL_RUN);
  const { mutateAsync: start } = useMinigameStartMutation();
  const { mutateAsync: complete } = useMinigameCompleteMutation();
  const { playWin } = useGameSound();
  // The run as the game loop sees it between renders: finish may come from a frame.
  const live = useRef<Live | null>(null);
  const phase = useRef(state.phase);
  phase.current = state.phase;
  const mounted = useRef(true);

  // A score on its way (or waiting, for Critter Match) is still sent after the page is left.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const begin = useCallback(() => {
    if (!canStart(phase.current)) return;
    phase.current = 'starting';
    dispatch({ type: 'request' });
    start({ critterId, game }).then(
      (answer) => {
        if (!mounted.current) return;
        const now = performance.now();
        live.current = {
          runId: answer.runId,
          startedAt: now,
          countdownEnds: now + COUNTDOWN_MS,
          ended: false,
        };
        dispatch({ type: 'started', runId: answer.runId, limitMs: playLimitMs(answer) });
      },
      (error: unknown) => {
        const message = errorMessage(error, START_FAILED);
        notify.error(message);
        if (mounted.current) dispatch({ type: 'start-failed', error: message });
      },
    );
  }, [critterId, game, start]);

  // The countdown, by the clock rather than by counting ticks.
  const counting = state.phase === 'countdown';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      const run = live.current;
      if (run) dispatch({ type: 'tick', leftMs: run.countdownEnds - performance.now() });
    }, 50);
    return () => clearInterval(timer);
  }, [counting]);

  const send = useCallback(
    async (runId: string, score: number) => {
      if (mounted.current) dispatch({ type: 'saving' });
      try {
        const answer = await complete({ critterId, game, actualScore: score, runId });
        notify.success(resultToast(answer), { duration: 6000 });
        playWin();
        if (mounted.current) dispatch({ type: 'saved', result: answer });
      } catch (error) {
        const message = errorMessage(error, SAVE_FAILED);
        notify.error(message);
        if (mounted.current) dispatch({ type: 'save-failed', error: message });
      }
    },
    [complete, critterId, game, playWin],
  );

  const finish = useCallback(
    (score: number, reason: EndReason) => {
      const run = live.current;
      if (!run || run.ended || (phase.current !== 'countdown' && phase.current !== 'playing'))
        return;
      run.ended = true;
      const played = phase.current === 'playing' ? Math.max(0, Math.floor(score)) : 0;
      phase.current = 'over';
      dispatch({ type: 'end', score: played, reason });
      if (!worthSending(played)) return;
      const wait = submitDelayMs(game, performance.now() - run.startedAt);
      if (wait > 0) setTimeout(() => void send(run.runId, played), wait);
      else void send(run.runId, played);
    },
    [game, send],
  );

  return { state, begin, finish };
}
