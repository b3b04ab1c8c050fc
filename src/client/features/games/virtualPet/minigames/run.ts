// A run's life, free of React (run.test.ts): start call, countdown, play, game over, and the score
// sent once. The hook (useMinigameRun.ts) only makes the calls and keeps the clock.
import type { MinigameCompleteResponse } from '../../../../../shared/games/virtualPet/contract';
import { COUNTDOWN_MS } from '../../../../../shared/games/virtualPet/minigames';
import { countdownNumber, type EndReason } from './engine';

export type RunPhase = 'idle' | 'starting' | 'countdown' | 'playing' | 'over';
/** What became of the score: not sent (0), waiting to be sent, on its way, saved or refused. */
type SaveState = 'none' | 'skipped' | 'waiting' | 'saving' | 'saved' | 'failed';

export interface RunState {
  phase: RunPhase;
  /** Counts the runs started on this page, so a game deals a fresh board for each. */
  round: number;
  runId: string | null;
  /** Milliseconds of play the run allows. */
  limitMs: number;
  /** The big number of the countdown (3, 2, 1). */
  countdown: number;
  score: number;
  ended: EndReason | null;
  save: SaveState;
  result: MinigameCompleteResponse | null;
  /** The start or save error, in words. */
  error: string | null;
}

export type RunAction =
  | { type: 'request' }
  | { type: 'started'; runId: string; limitMs: number }
  | { type: 'start-failed'; error: string }
  | { type: 'tick'; leftMs: number }
  | { type: 'end'; score: number; reason: EndReason }
  | { type: 'saving' }
  | { type: 'saved'; result: MinigameCompleteResponse }
  | { type: 'save-failed'; error: string };

export const INITIAL_RUN: RunState = {
  phase: 'idle',
  round: 0,
  runId: null,
  limitMs: 0,
  countdown: countdownNumber(COUNTDOWN_MS),
  score: 0,
  ended: null,
  save: 'none',
  result: null,
  error: null,
};

/** A run is under way from the start call until game over: the pickers wait meanwhile. */
export const isRunning = (phase: RunPhase): boolean =>
  phase === 'starting' || phase === 'countdown' || phase === 'playing';
/** Whether a game may be started now (by its key or its Start button). */
export const canStart = (phase: RunPhase): boolean => phase === 'idle' || phase === 'over';
/** Spec section 4: only a score above 0 is sent. */
export const worthSending = (score: number): boolean => Number.isFinite(score) && score > 0;

export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case 'request':
      if (!canStart(state.phase)) return state;
      return { ...INITIAL_RUN, round: state.round, phase: 'starting' };
    case 'started':
      if (state.phase !== 'starting') return state;
      return {
        ...state,
        phase: 'countdown',
        round: state.round + 1,
        runId: action.runId,
        limitMs: action.limitMs,
        countdown: countdownNumber(COUNTDOWN_MS),
      };
    case 'start-failed':
      if (state.phase !== 'starting') return state;
      return { ...state, phase: 'idle', error: action.error };
    case 'tick': {
      if (state.phase !== 'countdown') return state;
      const countdown = countdownNumber(action.leftMs);
      if (countdown === 0) return { ...state, phase: 'playing', countdown };
      return countdown === state.countdown ? state : { ...state, countdown };
    }
    case 'end': {
      if (state.phase !== 'countdown' && state.phase !== 'playing') return state;
      // Ended during the countdown, nothing was played.
      const score = state.phase === 'playing' ? Math.max(0, Math.floor(action.score)) : 0;
      return {
        ...state,
        phase: 'over',
        score,
        ended: action.reason,
        save: worthSending(score) && state.runId ? 'waiting' : 'skipped',
      };
    }
    case 'saving':
      return state.save === 'waiting' ? { ...state, save: 'saving' } : state;
    case 'saved':
      return state.save === 'saving'
        ? { ...state, save: 'saved', result: action.result, error: null }
        : state;
    case 'save-failed':
      return state.save === 'saving' ? { ...state, save: 'failed', error: action.error } : state;
  }
}
