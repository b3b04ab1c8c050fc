import type { PublicPuzzle, PuzzleType } from '../../../../../shared/games/puzzleRush/puzzles';

/** What every puzzle board gets from the page. */
export interface PuzzleBoardProps<T extends PuzzleType> {
  puzzle: Extract<PublicPuzzle, { type: T }>;
  /** Locked after an invalid answer, or an answer is on its way. */
  disabled: boolean;
  onSubmit: (answer: unknown) => void;
}
