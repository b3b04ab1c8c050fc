import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  applySwap,
  areAdjacent,
  MATCH3_SIZE,
  type Match3Answer,
} from '../../../../../shared/games/puzzleRush/puzzles';
import { resumeMatch3 } from '../puzzleRush';
import { browserStore, readMatch3, writeMatch3, type Match3Progress } from '../puzzleRushStorage';
import { useReducedMotion } from '../../public';
import type { PuzzleBoardProps } from './types';
import { EmojiText } from '../../../../components/Emoji';

const MATCH3_EMOJI: readonly { emoji: string; name: string }[] = [
  { emoji: '🍎', name: 'apple' },
  { emoji: '🍋', name: 'lemon' },
  { emoji: '🍇', name: 'grapes' },
  { emoji: '🍉', name: 'melon' },
  { emoji: '🥝', name: 'kiwi' },
  { emoji: '🫐', name: 'blueberries' },
  { emoji: '🍑', name: 'peach' },
];
/** How long each clearing step of a cascade shows. */
const STEP_MS = 220;
const SHAKE_MS = 400;
const N = MATCH3_SIZE;

interface Frame {
  grid: number[];
  cleared: number[];
}

export function Match3Board({ puzzle, disabled, onSubmit }: PuzzleBoardProps<'match-3'>) {
  const { question } = puzzle;
  const reducedMotion = useReducedMotion();
  const [progress, setProgress] = useState<Match3Progress>(() => {
    const store = browserStore();
    return resumeMatch3(store ? readMatch3(store, puzzle.id) : null, question);
  });
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState(0);
  const [shake, setShake] = useState<[number, number] | null>(null);
  const [frames, setFrames] = useState<Frame[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const dragFrom = useRef<number | null>(null);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const { state, swaps } = progress;
  const reached = state.matches >= question.target;
  const animating = frames.length > 0;
  const frame = frames[0];
  const grid = frame?.grid ?? state.grid;

  function later(ms: number, run: () => void) {
    timers.current.push(setTimeout(run, ms));
  }

  function trySwap(a: number, b: number) {
    setSelected(null);
    const result = applySwap(state, a, b);
    if (!result.ok) {
      setNote(`${result.reason}.`);
      setShake([a, b]);
      later(SHAKE_MS, () => setShake(null));
      return;
    }
    const next: Match3Progress = { state: result.state, swaps: [...swaps, [a, b]] };
    setProgress(next);
    const store = browserStore();
    if (store) writeMatch3(store, puzzle.id, next);
    const plural = result.matches === 1 ? 'match' : 'matches';
    setNote(
      `+${result.matches} ${plural}${result.steps.length > 1 ? ` in a cascade of ${result.steps.length}` : ''}${result.reshuffled ? '. No moves were left: the board was reshuffled' : ''}.`,
    );
    if (!reducedMotion) {
      // Each step shows the board before it falls, its cleared cells marked; then the next.
      let before = [...state.grid];
      [before[a], before[b]] = [before[b] as number, before[a] as number];
      const shown: Frame[] = result.steps.map((step) => {
        const f = { grid: before, cleared: step.cleared };
        before = step.grid;
        return f;
      });
      setFrames(shown);
      shown.forEach((_, i) => later(STEP_MS * (i + 1), () => setFrames((fs) => fs.slice(1))));
    }
    if (next.state.matches >= question.target)
      onSubmit({ count: next.state.matches, swaps: next.swaps } satisfies Match3Answer);
  }

  function choose(i: number) {
    if (disabled || animating || reached) return;
    setFocus(i);
    if (selected === null) setSelected(i);
    else if (selected === i) setSelected(null);
    else if (areAdjacent(selected, i)) trySwap(selected, i);
    else setSelected(i);
  }

  function onKeyDown(event: KeyboardEvent, i: number) {
    const row = Math.floor(i / N);
    const col = i % N;
    const to =
      event.key === 'ArrowUp' && row > 0
        ? i - N
        : event.key === 'ArrowDown' && row < N - 1
          ? i + N
          : event.key === 'ArrowLeft' && col > 0
            ? i - 1
            : event.key === 'ArrowRight' && col < N - 1
              ? i + 1
              : null;
    if (to === null) {
      if (event.key === 'Escape') setSelected(null);
      return;
    }
    event.preventDefault();
    setFocus(to);
    cells.current[to]?.focus();
  }

  function onPointerUp(event: PointerEvent) {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null) return;
    const target = document
      .elementFromPoint(event.clientX, event.clientY)
      ?.closest<HTMLElement>('[data-cell]');
    const to = target ? Number(target.dataset.cell) : NaN;
    // Releasing on the same cell is a click, handled by onClick.
    if (
      Number.isInteger(to) &&
      to !== from &&
      areAdjacent(from, to) &&
      !disabled &&
      !animating &&
      !reached
    )
      trySwap(from, to);
  }

  const percent = Math.min(100, Math.round((state.matches / question.target) * 100));
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="w-full max-w-72">
        <div className="mb-1 flex justify-between text-sm text-slate-300">
          <span id={`${puzzle.id}-progress`}>Matches</span>
          <span data-testid="match3-count">
            {state.matches} / {question.target}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`${puzzle.id}-progress`}
          aria-valuemin={0}
          aria-valuemax={question.target}
          aria-valuenow={Math.min(state.matches, question.target)}
          className="h-2.5 overflow-hidden rounded-full bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-emerald-400 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <div
        role="grid"
        aria-label="Match-3 board: pick a fruit, then a neighbour to swap it with (or drag it); arrow keys move"
        aria-busy={animating}
        data-testid="match3-board"
        data-busy={animating ? 'true' : 'false'}
        className="grid w-full max-w-72 touch-none grid-cols-5 gap-1 rounded-xl bg-slate-950/60 p-1"
        onPointerUp={onPointerUp}
        onPointerCancel={() => (dragFrom.current = null)}
      >
        {Array.from({ length: N }, (_, row) => (
          <div role="row" key={row} className="contents">
            {Array.from({ length: N }, (_, col) => {
              const i = row * N + col;
              const symbol = MATCH3_EMOJI[grid[i] as number] ?? { emoji: '?', name: 'unknown' };
              const isSelected = selected === i;
              const isCleared = frame?.cleared.includes(i) ?? false;
              const rejected = shake?.includes(i) ?? false;
              return (
                <div role="gridcell" key={col} className="min-w-0">
                  <button
                    ref={(el) => {
                      cells.current[i] = el;
                    }}
                    type="button"
                    data-cell={i}
                    data-testid={`match3-cell-${i}`}
                    data-symbol={grid[i]}
                    aria-label={`Row ${row + 1}, column ${col + 1}: ${symbol.name}`}
                    aria-pressed={isSelected}
                    tabIndex={i === focus ? 0 : -1}
                    disabled={disabled || reached}
                    onClick={() => choose(i)}
                    onKeyDown={(e) => onKeyDown(e, i)}
                    onPointerDown={() => (dragFrom.current = i)}
                    className={`flex aspect-square w-full items-center justify-center rounded-lg text-2xl transition select-none sm:text-3xl ${
                      isSelected
                        ? 'bg-amber-400/40 ring-2 ring-amber-300'
                        : 'bg-slate-800 hover:bg-slate-700'
                    } ${isCleared ? 'scale-75 opacity-40' : ''} ${rejected ? `bg-rose-700/60 ${reducedMotion ? '' : 'animate-shake'}` : ''}`}
                  >
                    <span aria-hidden="true">
                      <EmojiText text={symbol.emoji} />
                    </span>
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p
        className="min-h-5 text-center text-sm text-slate-300"
        aria-live="polite"
        data-testid="match3-note"
      >
        {note}
      </p>
      {reached && (
        <button
          type="button"
          className="btn-primary"
          disabled={disabled}
          onClick={() => onSubmit({ count: state.matches, swaps })}
        >
          Submit
        </button>
      )}
    </div>
  );
}
