import { useState } from 'react';
import type { QueenPosition, QueensAnswer } from '../../../../../shared/games/puzzleRush/puzzles';
import type { PuzzleBoardProps } from './types';
import { Emoji } from '../../../../components/Emoji';

/** Region colours, each with a letter so the regions do not rely on colour alone. */
const REGION_STYLES: readonly string[] = [
  'bg-rose-800',
  'bg-orange-600',
  'bg-yellow-600',
  'bg-emerald-700',
  'bg-cyan-700',
  'bg-blue-700',
  'bg-violet-700',
  'bg-pink-600',
];
const regionLetter = (region: number) => String.fromCharCode(65 + region);
const key = (r: number, c: number) => `${r},${c}`;

export function QueensBoard({ puzzle, disabled, onSubmit }: PuzzleBoardProps<'n-queens'>) {
  const { size, regions, initial } = puzzle.question;
  const givens = new Set(initial.map(([r, c]) => key(r, c)));
  const [placed, setPlaced] = useState<ReadonlySet<string>>(() => new Set());
  const count = givens.size + placed.size;

  function toggle(r: number, c: number) {
    if (disabled || givens.has(key(r, c))) return;
    setPlaced((p) => {
      const next = new Set(p);
      if (!next.delete(key(r, c))) next.add(key(r, c));
      return next;
    });
  }

  function submit() {
    const positions = [...givens, ...placed].map((k) => k.split(',').map(Number) as QueenPosition);
    onSubmit({ positions } satisfies QueensAnswer);
  }

  // A thicker line where the region changes, so region borders read without the colours.
  const edge = (r: number, c: number, dr: number, dc: number) =>
    regions[r + dr]?.[c + dc] === undefined || regions[r + dr]?.[c + dc] !== regions[r]?.[c]
      ? '3px solid rgb(15 23 42)'
      : '1px solid rgb(15 23 42 / 0.4)';

  return (
    <div className="flex flex-col items-center gap-3">
      <div
        role="grid"
        aria-label="Queens board: click a square to place or remove a queen"
        data-testid="queens-board"
        className="grid w-full max-w-80"
        style={{ gridTemplateColumns: `repeat(${size}, minmax(0, 1fr))` }}
      >
        {regions.map((line, r) => (
          <div role="row" key={r} className="contents">
            {line.map((region, c) => {
              const given = givens.has(key(r, c));
              const queen = given || placed.has(key(r, c));
              return (
                <div role="gridcell" key={c} className="min-w-0">
                  <button
                    type="button"
                    data-testid={`queen-cell-${r}-${c}`}
                    data-queen={queen ? (given ? 'given' : 'placed') : undefined}
                    aria-label={`Row ${r + 1}, column ${c + 1}, region ${regionLetter(region)}${queen ? (given ? ', given queen' : ', queen') : ''}`}
                    aria-pressed={queen}
                    aria-disabled={given || disabled || undefined}
                    onClick={() => toggle(r, c)}
                    className={`relative flex aspect-square w-full items-center justify-center text-lg sm:text-xl ${REGION_STYLES[region % REGION_STYLES.length]} ${given ? 'cursor-not-allowed' : 'hover:brightness-125'}`}
                    style={{
                      borderTop: edge(r, c, -1, 0),
                      borderBottom: edge(r, c, 1, 0),
                      borderLeft: edge(r, c, 0, -1),
                      borderRight: edge(r, c, 0, 1),
                    }}
                  >
                    <span
                      aria-hidden="true"
                      className="absolute top-0 left-0.5 text-[0.55rem] leading-none font-bold text-white/60"
                    >
                      {regionLetter(region)}
                    </span>
                    {queen && (
                      <span
                        aria-hidden="true"
                        className={given ? 'drop-shadow-[0_0_3px_rgb(252_211_77)]' : ''}
                      >
                        <Emoji char="👑" />
                      </span>
                    )}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-slate-300">
        <span data-testid="queens-count">
          Queens: {count} / {size}
        </span>
        <button
          type="button"
          className="btn-secondary"
          disabled={disabled || placed.size === 0}
          onClick={() => setPlaced(new Set())}
        >
          Clear
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={disabled || count !== size}
          onClick={submit}
        >
          Submit
        </button>
      </div>
    </div>
  );
}
