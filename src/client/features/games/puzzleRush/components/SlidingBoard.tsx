import { useState, type KeyboardEvent } from 'react';
import {
  isSlidingSolved,
  slideTile,
  type SlidingAnswer,
} from '../../../../../shared/games/puzzleRush/puzzles';
import { slidingTileForKey } from '../puzzleRush';
import type { PuzzleBoardProps } from './types';

export function SlidingBoard({ puzzle, disabled, onSubmit }: PuzzleBoardProps<'sliding'>) {
  const [board, setBoard] = useState<number[]>(() => [...puzzle.question.board]);
  const [moves, setMoves] = useState<number[]>([]);
  const solved = isSlidingSolved(board);

  function slide(tile: number) {
    if (disabled || solved) return;
    const next = slideTile(board, tile);
    if (!next) return;
    const played = [...moves, tile];
    setBoard(next);
    setMoves(played);
    if (isSlidingSolved(next)) onSubmit({ board: next, moves: played } satisfies SlidingAnswer);
  }

  function onKeyDown(event: KeyboardEvent) {
    const tile = slidingTileForKey(board, event.key);
    if (tile === null) return;
    event.preventDefault();
    slide(tile);
  }

  function reset() {
    setBoard([...puzzle.question.board]);
    setMoves([]);
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div
        role="group"
        aria-label="Sliding puzzle board: click a tile next to the gap, or use the arrow keys"
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        className="grid w-full max-w-60 grid-cols-3 gap-1.5 rounded-xl bg-slate-950/60 p-1.5"
        data-testid="sliding-board"
        onKeyDown={onKeyDown}
      >
        {board.map((tile, i) =>
          tile === 0 ? (
            <div
              key="gap"
              aria-label="Gap"
              role="img"
              className="aspect-square rounded-lg border border-dashed border-white/15"
            />
          ) : (
            <button
              key={tile}
              type="button"
              aria-label={`Tile ${tile}`}
              data-testid={`sliding-tile-${tile}`}
              data-index={i}
              disabled={disabled || solved}
              onClick={() => slide(tile)}
              className="flex aspect-square items-center justify-center rounded-lg bg-amber-400/90 font-display text-2xl font-extrabold text-slate-950 hover:bg-amber-300 disabled:opacity-60"
            >
              {tile}
            </button>
          ),
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-slate-300">
        <span data-testid="sliding-moves">Moves: {moves.length}</span>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || moves.length === 0}
          onClick={reset}
        >
          Start over
        </button>
        {solved && (
          <button
            type="button"
            className="btn-primary"
            disabled={disabled}
            onClick={() => onSubmit({ board, moves })}
          >
            Submit
          </button>
        )}
      </div>
    </div>
  );
}
