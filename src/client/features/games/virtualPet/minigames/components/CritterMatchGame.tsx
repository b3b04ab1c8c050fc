import { useCallback, useEffect, useReducer, useState } from 'react';
import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { MATCH_PAIRS } from '../../../../../../shared/games/virtualPet/minigames';
import { useReducedMotion } from '../../../public';
import {
  announceFlip,
  cardLabel,
  createMatch,
  flipCard,
  hideMiss,
  matchScore,
  missShowing,
  type MatchState,
} from '../critterMatch';
import { canStart, isRunning } from '../run';
import { GAMES, endWords } from '../terms';
import { useMinigameRun } from '../useMinigameRun';
import { GameBar, StageOverlay } from './GameBar';
import { ResultPanel } from './ResultPanel';
import { Emoji } from '../../../../../components/Emoji';

/** How long a miss stays face up before turning back (a next flip turns it back at once). */
const MISS_SHOWN_MS = 900;

type MatchAction = { type: 'deal' } | { type: 'flip'; index: number } | { type: 'hide' };

function matchReducer(state: MatchState, action: MatchAction): MatchState {
  switch (action.type) {
    case 'deal':
      return createMatch(Math.random);
    case 'flip':
      return flipCard(state, action.index);
    case 'hide':
      return hideMiss(state);
  }
}

interface CritterMatchGameProps {
  critter: CritterDto;
  onRunningChange: (running: boolean) => void;
}

/** Critter Match: 16 cards (buttons, so the keyboard plays too), two turned at a time. */
export function CritterMatchGame({ critter, onRunningChange }: CritterMatchGameProps) {
  const info = GAMES['critter-match'];
  const { state: run, begin, finish } = useMinigameRun(critter._id, 'critter-match');
  const reducedMotion = useReducedMotion();
  const [board, dispatch] = useReducer(matchReducer, undefined, () => createMatch(Math.random));
  const [said, setSaid] = useState('');

  const running = isRunning(run.phase);
  useEffect(() => {
    onRunningChange(running);
    return () => onRunningChange(false);
  }, [running, onRunningChange]);

  // A fresh deal for every run.
  useEffect(() => {
    if (run.round > 0) dispatch({ type: 'deal' });
  }, [run.round]);

  const miss = missShowing(board);
  useEffect(() => {
    if (!miss) return;
    const timer = setTimeout(() => dispatch({ type: 'hide' }), MISS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [miss, board.moves]);

  const playing = run.phase === 'playing';
  useEffect(() => {
    if (playing && board.done) finish(matchScore(board), 'complete');
  }, [playing, board, finish]);

  const onFlip = (index: number) => {
    if (!playing) return;
    const next = flipCard(board, index);
    if (next === board) return;
    dispatch({ type: 'flip', index });
    setSaid(announceFlip(next, index));
  };

  const start = useCallback(() => {
    if (canStart(run.phase)) begin();
  }, [begin, run.phase]);
  const exit = useCallback(() => finish(matchScore(board), 'exit'), [board, finish]);

  // Escape leaves a running game, as in the canvas games.
  useEffect(() => {
    if (run.phase !== 'countdown' && run.phase !== 'playing') return;
    const down = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      exit();
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [exit, run.phase]);

  const announcement =
    run.phase === 'countdown'
      ? `Starting in ${run.countdown}`
      : run.phase === 'over' && run.ended
        ? endWords(run.ended, run.score, 'critter-match')
        : playing
          ? said || 'Go! Turn two cards.'
          : '';
  // Turning a card fades its colours, unless motion is reduced.
  const fade = reducedMotion ? '' : 'transition-colors duration-200';

  return (
    <div className="flex flex-col gap-3">
      <GameBar
        info={info}
        run={run}
        score={run.phase === 'over' ? run.score : matchScore(board)}
        onStart={start}
        onExit={exit}
      >
        <p className="text-sm text-slate-300" data-testid="match-progress">
          Pairs {board.pairs} / {MATCH_PAIRS} · Moves {board.moves}
        </p>
      </GameBar>
      <div className="relative mx-auto w-full max-w-md">
        <ul
          className="grid grid-cols-4 gap-2"
          aria-label={`Critter Match: ${board.pairs} of ${MATCH_PAIRS} pairs found`}
        >
          {board.cards.map((card, index) => {
            const shown = card.state !== 'down';
            return (
              // Position is the card's identity on this board: the deck never reorders during a deal.
              <li key={index}>
                <button
                  type="button"
                  className={`flex aspect-square w-full items-center justify-center rounded-xl border text-3xl sm:text-4xl ${fade} ${
                    card.state === 'matched'
                      ? 'border-emerald-400/60 bg-emerald-900/40'
                      : card.state === 'up'
                        ? 'border-amber-300/70 bg-slate-800'
                        : 'border-white/15 bg-indigo-900/60 hover:bg-indigo-800/70'
                  } disabled:cursor-not-allowed`}
                  disabled={!playing}
                  aria-label={cardLabel(card, index)}
                  aria-disabled={playing && shown ? true : undefined}
                  onClick={() => onFlip(index)}
                  data-testid="match-card"
                  data-state={card.state}
                >
                  <span aria-hidden="true">
                    <Emoji char={shown ? card.emoji : '❔'} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <StageOverlay info={info} run={run} />
      </div>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {run.phase === 'idle' && run.error && (
        <p role="alert" className="text-sm text-rose-200">
          {run.error}
        </p>
      )}
      <ResultPanel run={run} game="critter-match" />
    </div>
  );
}
