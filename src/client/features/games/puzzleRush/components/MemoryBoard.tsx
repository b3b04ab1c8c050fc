import { useEffect, useRef, useState } from 'react';
import { MEMORY_CARDS, type MemoryAnswer } from '../../../../../shared/games/puzzleRush/puzzles';
import { errorMessage } from '../../../../lib/errorMessages';
import { notify } from '../../../../lib/toast';
import { useMemoryFlipMutation } from '../mutations';
import type { PuzzleBoardProps } from './types';
import { Emoji } from '../../../../components/Emoji';

/** How long two cards that do not match stay face up. */
const MEMORY_FLIP_BACK_MS = 1000;

export function MemoryBoard({ puzzle, disabled, onSubmit }: PuzzleBoardProps<'memory'>) {
  const { columns } = puzzle.question;
  const flipCall = useMemoryFlipMutation();
  // Faces learned so far: each comes from the server the first time its card is turned.
  const [faces, setFaces] = useState<(string | null)[]>(() =>
    new Array<string | null>(MEMORY_CARDS).fill(null),
  );
  const [matched, setMatched] = useState<boolean[]>(() =>
    new Array<boolean>(MEMORY_CARDS).fill(false),
  );
  const [up, setUp] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  // The state above is a render behind during a flip call; this stops a quick second click at once.
  const busyRef = useRef(false);
  const flipBack = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const done = matched.every(Boolean);

  useEffect(() => () => clearTimeout(flipBack.current), []);

  async function turn(index: number) {
    if (disabled || busyRef.current || done || matched[index] || up.includes(index)) return;
    // A third card turns the unmatched two back at once instead of waiting out the second.
    const open = up.length === 2 ? [] : up;
    clearTimeout(flipBack.current);
    let face = faces[index] ?? null;
    if (face === null) {
      setBusy(true);
      busyRef.current = true;
      try {
        face = (await flipCall.mutateAsync({ puzzleId: puzzle.id, index })).face;
      } catch (error) {
        notify.error(errorMessage(error, 'Could not turn the card'));
        return;
      } finally {
        setBusy(false);
        busyRef.current = false;
      }
    }
    const known = faces.map((f, i) => (i === index ? face : f));
    setFaces(known);
    const [first] = open;
    if (first === undefined) {
      setUp([index]);
      return;
    }
    if (known[first] !== face) {
      setUp([first, index]);
      flipBack.current = setTimeout(() => setUp([]), MEMORY_FLIP_BACK_MS);
      return;
    }
    const nowMatched = matched.map((m, i) => m || i === first || i === index);
    setMatched(nowMatched);
    setUp([]);
    if (nowMatched.every(Boolean)) onSubmit({ board: known as string[] } satisfies MemoryAnswer);
  }

  const pairs = matched.filter(Boolean).length / 2;
  return (
    <div className="flex flex-col items-center gap-3">
      <div
        role="group"
        aria-label="Memory cards"
        aria-busy={busy}
        className="grid w-full max-w-72 gap-2"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        data-testid="memory-board"
      >
        {faces.map((face, i) => {
          const shown = matched[i] || up.includes(i);
          const where = `Card ${Math.floor(i / columns) + 1}, ${(i % columns) + 1}`;
          return (
            <button
              key={i}
              type="button"
              aria-label={
                shown && face
                  ? `${where}: ${face}${matched[i] ? ', matched' : ''}`
                  : `${where}: face down`
              }
              data-testid={`memory-card-${i}`}
              data-face={shown && face ? face : undefined}
              disabled={disabled || done || matched[i]}
              onClick={() => void turn(i)}
              className={`flex aspect-square items-center justify-center rounded-lg text-3xl transition ${
                matched[i]
                  ? 'bg-emerald-600/40'
                  : shown
                    ? 'bg-slate-700'
                    : 'bg-fuchsia-700/70 hover:bg-fuchsia-600/70'
              }`}
            >
              <span aria-hidden="true">
                <Emoji char={shown && face ? face : '❔'} />
              </span>
            </button>
          );
        })}
      </div>
      <p className="text-sm text-slate-300" data-testid="memory-pairs">
        Pairs found: {pairs} / {MEMORY_CARDS / 2}
      </p>
      {done && (
        <button
          type="button"
          className="btn-primary"
          disabled={disabled}
          onClick={() => onSubmit({ board: faces as string[] })}
        >
          Submit
        </button>
      )}
    </div>
  );
}
