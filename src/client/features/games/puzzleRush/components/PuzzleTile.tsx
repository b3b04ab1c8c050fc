import type { ReactNode } from 'react';
import type { PuzzleType } from '../../../../../shared/games/puzzleRush/puzzles';
import { Emoji, EmojiText } from '../../../../components/Emoji';

const PUZZLE_TITLES: Record<PuzzleType, { title: string; icon: string; hint: string }> = {
  sliding: {
    title: 'Sliding puzzle',
    icon: '🔢',
    hint: 'Slide tiles into the gap until they read 1 to 8 with the gap last. Arrow keys work too.',
  },
  memory: {
    title: 'Memory',
    icon: '🃏',
    hint: 'Turn two cards at a time and find all eight pairs.',
  },
  'match-3': {
    title: 'Match-3',
    icon: '🍇',
    hint: 'Swap two neighbouring fruits to line up 3 or more. Reach 20 matches.',
  },
  'logic-grid': {
    title: 'Logic grid',
    icon: '🧠',
    hint: 'Use the clues to work out who goes with what.',
  },
  'n-queens': {
    title: 'Queens',
    icon: '👑',
    hint: 'One queen in every row, column and coloured region; no two queens may touch, not even diagonally.',
  },
};

interface PuzzleTileProps {
  type: PuzzleType;
  /** Solved on the server or, optimistically, here while the answer is on its way. */
  solved: boolean;
  /** The answer is on its way: the board stays mounted (hidden) so a rejection gives it back as it was. */
  pending: boolean;
  /** Milliseconds left of the lockout after an invalid answer (0: not locked). */
  lockedFor: number;
  status: string | null;
  detail: string | null;
  children: ReactNode;
}

/** One puzzle's card: its title, and the board until the puzzle is solved, then 'Solved already'. */
export function PuzzleTile({
  type,
  solved,
  pending,
  lockedFor,
  status,
  detail,
  children,
}: PuzzleTileProps) {
  const { title, icon, hint } = PUZZLE_TITLES[type];
  return (
    <section
      aria-labelledby={`puzzle-${type}-title`}
      data-testid={`puzzle-${type}`}
      className="card flex min-w-0 flex-col gap-3"
    >
      <h2 id={`puzzle-${type}-title`} className="section-title flex items-center gap-2">
        <span aria-hidden="true">
          <Emoji char={icon} />
        </span>
        {title}
      </h2>
      {solved ? (
        <p
          className="flex items-center gap-2 rounded-xl bg-emerald-500/10 px-3 py-2 font-semibold text-emerald-200"
          data-testid={`puzzle-solved-${type}`}
        >
          <span aria-hidden="true">
            <Emoji char="✅" />
          </span>
          <span>Solved already</span>
        </p>
      ) : (
        <p className="text-sm text-slate-400">{hint}</p>
      )}
      {(!solved || pending) && (
        <div hidden={solved} className="flex min-w-0 flex-col gap-3">
          <div role="status" className="flex flex-col gap-1">
            {status && (
              <p className="font-semibold text-rose-200" data-testid={`puzzle-status-${type}`}>
                <EmojiText text={status} />
              </p>
            )}
            {detail && (
              <p
                className="text-sm break-words text-slate-300"
                data-testid={`puzzle-detail-${type}`}
              >
                {detail}
              </p>
            )}
            {lockedFor > 0 && (
              <p
                className="text-sm font-semibold text-amber-200"
                data-testid={`puzzle-lock-${type}`}
              >
                Locked: try again in {Math.ceil(lockedFor / 1000)} s
              </p>
            )}
          </div>
          {children}
        </div>
      )}
    </section>
  );
}
