import type { ReactNode } from 'react';
import { formatCoins } from '../../../../../lib/format';
import { canStart, isRunning, type RunState } from '../run';
import type { GameInfo } from '../terms';
import { Emoji } from '../../../../../components/Emoji';

interface GameBarProps {
  info: GameInfo;
  run: RunState;
  /** The score on screen (the game's while it runs, the run's once over). */
  score: number;
  onStart: () => void;
  onExit: () => void;
  /** Expert mode, for the games that have it. */
  expert?: { on: boolean; toggle: () => void };
  children?: ReactNode;
}

/** Start / Exit, Expert mode and the score, above a game. */
export function GameBar({ info, run, score, onStart, onExit, expert, children }: GameBarProps) {
  const running = isRunning(run.phase);
  return (
    <div className="flex flex-wrap items-center gap-3">
      {canStart(run.phase) ? (
        <button
          type="button"
          className="btn-primary"
          onClick={onStart}
          data-testid="minigame-start"
        >
          {run.phase === 'over' ? 'Play again' : 'Start'}
          {info.startKey && (
            <kbd className="rounded bg-slate-950/20 px-1 text-xs font-normal">{info.startKey}</kbd>
          )}
        </button>
      ) : (
        <button
          type="button"
          className="btn-danger"
          onClick={onExit}
          disabled={run.phase === 'starting'}
          data-testid="minigame-exit"
        >
          Exit <kbd className="rounded bg-slate-950/20 px-1 text-xs font-normal">Esc</kbd>
        </button>
      )}
      {expert && (
        <button
          type="button"
          className="btn-secondary"
          aria-pressed={expert.on}
          disabled={running}
          onClick={expert.toggle}
          data-testid="minigame-expert"
        >
          <span aria-hidden="true">
            <Emoji char={expert.on ? '🔥' : '🐢'} />
          </span>
          Expert mode {expert.on ? 'on' : 'off'}
        </button>
      )}
      {children}
      <p className="ml-auto text-lg font-semibold text-white">
        Score{' '}
        <span className="font-mono text-amber-300" data-testid="minigame-score">
          {formatCoins(score)}
        </span>
      </p>
    </div>
  );
}

/** What lies over the game before and after play: the prompt, 'Starting…', the big countdown. */
export function StageOverlay({ info, run }: { info: GameInfo; run: RunState }) {
  if (run.phase === 'playing') return null;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-4 text-center">
      {run.phase === 'countdown' ? (
        <span
          aria-hidden="true"
          className="font-display text-8xl font-extrabold text-amber-300 drop-shadow-lg"
          data-testid="minigame-countdown"
        >
          {run.countdown}
        </span>
      ) : run.phase === 'starting' ? (
        <span className="rounded-xl bg-slate-950/80 px-4 py-2 text-lg font-semibold text-white">
          Starting…
        </span>
      ) : run.phase === 'over' ? (
        <span className="rounded-xl bg-slate-950/80 px-4 py-2 text-lg font-semibold text-white">
          Game over
        </span>
      ) : (
        <span className="rounded-xl bg-slate-950/80 px-4 py-2 text-lg font-semibold text-white">
          {info.startKey ? `Press ${info.startKey} or Start to play` : 'Press Start to play'}
        </span>
      )}
    </div>
  );
}
