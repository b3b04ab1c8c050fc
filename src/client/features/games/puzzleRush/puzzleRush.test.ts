import { describe, expect, it } from 'vitest';
import { applySwap, generateMatch3, validSwaps } from '../../../../shared/games/puzzleRush/puzzles';
import { testSeed } from '../../../../shared/games/puzzleRush/puzzles/testing';
import { ApiError, NetworkError } from '../../../lib/api';
import {
  failureText,
  isLogicComplete,
  logicDuplicates,
  resumeMatch3,
  slidingTileForKey,
} from './puzzleRush';

describe('failureText', () => {
  it("shows the server's reason, 'Incorrect' without one, and the queens' own texts", () => {
    const refused = new ApiError(
      400,
      'Incorrect: The moves do not solve the puzzle',
      'BAD_REQUEST',
    );
    expect(failureText('sliding', refused)).toEqual({
      status: 'Incorrect: The moves do not solve the puzzle',
      detail: null,
    });
    expect(failureText('memory', new ApiError(502, null, null))).toEqual({
      status: 'Incorrect',
      detail: null,
    });
    expect(failureText('n-queens', refused)).toEqual({
      status: '❌ Not valid.',
      detail: 'Incorrect: The moves do not solve the puzzle',
    });
    expect(failureText('n-queens', new ApiError(500, 'Internal error', 'INTERNAL'))).toEqual({
      status: '❌ Server error',
      detail: null,
    });
    expect(failureText('n-queens', new NetworkError(new TypeError('offline')))).toEqual({
      status: '❌ Server error',
      detail: null,
    });
    const solvedAlready = new ApiError(
      409,
      'You have solved this puzzle already today.',
      'CONFLICT',
    );
    expect(failureText('n-queens', solvedAlready).status).toBe(
      'You have solved this puzzle already today.',
    );
  });
});

describe('slidingTileForKey', () => {
  it('moves the tile on the side the arrow points away from, none past the edge', () => {
    // Gap in the middle: 5 below it moves up, 2 above moves down, 6 on the right moves left, 4 moves right.
    const board = [1, 2, 3, 4, 0, 6, 7, 5, 8];
    expect(
      ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].map((k) => slidingTileForKey(board, k)),
    ).toEqual([5, 2, 6, 4]);
    const corner = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    expect(
      ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter'].map((k) =>
        slidingTileForKey(corner, k),
      ),
    ).toEqual([null, 6, null, 8, null]);
  });
});

describe('logic grid tables', () => {
  it('is complete only when every cell is picked, and names items picked twice', () => {
    const answer = { pet: { Ann: 'cat', Bo: 'dog' }, drink: { Ann: 'tea', Bo: '' } };
    expect(isLogicComplete(answer, ['Ann', 'Bo'], ['pet', 'drink'])).toBe(false);
    const full = { ...answer, drink: { Ann: 'tea', Bo: 'tea' } };
    expect(isLogicComplete(full, ['Ann', 'Bo'], ['pet', 'drink'])).toBe(true);
    expect(logicDuplicates(full)).toEqual({ pet: [], drink: ['tea'] });
  });
});

describe('resumeMatch3', () => {
  const { question } = generateMatch3(testSeed('2025-03-01'), '2025-03-01');

  it('resumes saved progress that replays to its state, else starts afresh', () => {
    const fresh = resumeMatch3(null, question);
    expect(fresh.swaps).toEqual([]);
    expect(fresh.state.grid).toEqual(question.grid);
    const [a, b] = validSwaps(question.grid, 1)[0]!;
    const played = applySwap(fresh.state, a, b);
    if (!played.ok) throw new Error(played.reason);
    const saved = { state: played.state, swaps: [[a, b] as [number, number]] };
    expect(resumeMatch3(saved, question)).toBe(saved);
    // Edited storage (more matches than the swaps make) or a swap that is not valid: start over.
    expect(resumeMatch3({ ...saved, state: { ...saved.state, matches: 99 } }, question)).toEqual(
      fresh,
    );
    expect(resumeMatch3({ state: saved.state, swaps: [[0, 24]] }, question)).toEqual(fresh);
  });
});
