import type { MinefieldGame } from '../game';
import { Emoji } from '../../../../components/Emoji';

interface MinefieldGridProps {
  rows: number;
  cols: number;
  game: MinefieldGame | null;
  /** Cells take clicks only while a game runs and no call is under way. */
  playable: boolean;
  onReveal: (cell: number) => void;
}

export function MinefieldGrid({ rows, cols, game, playable, onReveal }: MinefieldGridProps) {
  return (
    <div
      className="grid aspect-square w-full max-w-xl gap-1 self-start"
      style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
      data-testid="minefield-grid"
      role="group"
      aria-label="Minefield grid"
    >
      {Array.from({ length: rows * cols }, (_, cell) => {
        const isRevealed = game?.revealed.includes(cell) ?? false;
        const isMine = game?.mines?.includes(cell) ?? false;
        const isForgiven = game?.forgiven.includes(cell) ?? false;
        const face = isForgiven ? '🛡️' : isMine ? '💣' : isRevealed ? '💎' : '';
        return (
          <button
            key={cell}
            type="button"
            aria-label={`Cell ${Math.floor(cell / cols) + 1}, ${(cell % cols) + 1}${face ? `: ${isMine ? 'mine' : 'safe'}` : ''}`}
            data-testid={`cell-${cell}`}
            disabled={!playable || isRevealed || isForgiven}
            onClick={() => onReveal(cell)}
            className={`flex aspect-square items-center justify-center rounded-md text-lg ${
              isMine
                ? 'bg-rose-700/70'
                : isRevealed
                  ? 'bg-emerald-600/60'
                  : 'bg-slate-800 hover:bg-slate-700'
            }`}
          >
            <span aria-hidden="true">{face && <Emoji char={face} />}</span>
          </button>
        );
      })}
    </div>
  );
}
