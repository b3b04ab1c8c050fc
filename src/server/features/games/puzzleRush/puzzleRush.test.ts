import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUZZLE_RUSH_REWARD } from '../../../../shared/games/engine/catalog';
import {
  applySwap,
  initialMatch3State,
  validSwaps,
  type DailyPuzzle,
  type PuzzleType,
} from '../../../../shared/games/puzzleRush/puzzles';
import { correctAnswer } from '../../../../shared/games/puzzleRush/puzzles/testing';
import { ManualClock } from '../../../platform/clock';
import { readStats } from '../../../platform/stats';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { dailyPuzzles, utcDate } from './service';
import {
  MEMORY_FLIP_BURST,
  MEMORY_FLIP_INTERVAL_MS,
  MEMORY_FLIPS_PER_DAY,
  PUZZLE_LOCK_MS,
} from './attempts';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

const clock = new ManualClock('2026-03-10T08:00:00Z');
const server = useTestServer({}, { clock });

const load = (user: TestUser) =>
  callRoute(server, 'GET /api/games/puzzle-rush', { token: user.token });
const submit = (user: TestUser | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/games/puzzle-rush', { token: user?.token, body });
const flip = (user: TestUser, body: unknown) =>
  callRouteRaw(server, 'POST /api/games/puzzle-rush/flip', { token: user.token, body });

/** Today's puzzles as the server holds them: the test's seed hook, never what a browser is sent. */
async function todays(): Promise<DailyPuzzle[]> {
  return dailyPuzzles(server.deps, utcDate(clock.now()));
}
async function todaysOf<T extends PuzzleType>(type: T): Promise<Extract<DailyPuzzle, { type: T }>> {
  return (await todays()).find((p) => p.type === type) as Extract<DailyPuzzle, { type: T }>;
}

const solveCount = async (userId: number) =>
  (
    await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from puzzle_rush_solves where user_id = ${userId}`,
    )
  )[0]?.n;

describe('Puzzle Rush', () => {
  it('shows everyone the same five questions of the UTC day, and never a secret', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const [resA, resB] = [await load(a), await load(b)];
    expect(resA.status).toBe(200);
    expect(resA.body.date).toBe('2026-03-10');
    expect(resA.body.nextReset).toBe('2026-03-11T00:00:00.000Z');
    expect(resA.body.reward).toBe(PUZZLE_RUSH_REWARD);
    expect(resA.body.puzzles.map((p) => p.id)).toEqual(
      ['sliding', 'memory', 'match-3', 'logic-grid', 'n-queens'].map((t) => `2026-03-10:${t}`),
    );
    expect(resB.body.puzzles).toEqual(resA.body.puzzles);
    expect(resA.body).toMatchObject({ wins: 0, solved: [] });

    const text = JSON.stringify(resA.body);
    expect(text).not.toContain('secret');
    for (const face of (await todaysOf('memory')).secret.faces) expect(text).not.toContain(face);
    const logic = await todaysOf('logic-grid');
    expect(text).not.toContain(JSON.stringify(logic.secret));
    const queens = await todaysOf('n-queens');
    const givens = new Set(queens.question.initial.map((p) => JSON.stringify(p)));
    const hidden = queens.secret.positions.filter((p) => !givens.has(JSON.stringify(p)));
    expect(hidden.length).toBeGreaterThan(0);
    expect(JSON.stringify(resA.body.puzzles.find((p) => p.type === 'n-queens'))).not.toContain(
      JSON.stringify(queens.secret.positions),
    );
  });

  it('pays each correct answer once, against its solve row, and counts puzzleWins', async () => {
    const user = await registerUser(server);
    let wins = 0;
    for (const puzzle of await todays()) {
      const res = await submit(user, { puzzleId: puzzle.id, answer: correctAnswer(puzzle) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      wins += 1;
      expect(res.body).toEqual({
        puzzleId: puzzle.id,
        reward: PUZZLE_RUSH_REWARD,
        wins,
        balance: 1000 + wins * PUZZLE_RUSH_REWARD,
      });
    }
    const after = await load(user);
    expect(after.body.wins).toBe(5);
    expect(after.body.solved).toEqual(after.body.puzzles.map((p) => p.id));
    expect((await readStats(server.db, user.id)).puzzleWins).toBe(5);
    const rows = await server.db.rows<{ ref_type: string; n: number }>(sql`
      select l.ref_type, count(*)::int as n from ledger l join puzzle_rush_solves s on s.id::text = l.ref_id
      where l.user_id = ${user.id} and l.category = 'puzzle_reward' and s.user_id = ${user.id} group by l.ref_type`);
    expect(rows).toEqual([{ ref_type: 'puzzle', n: 5 }]);

    const again = await submit(user, {
      puzzleId: (await todays())[0]?.id,
      answer: correctAnswer((await todays())[0] as DailyPuzzle),
    });
    expectError(again, 409, { message: 'already' });
    expect(await balanceOf(server, user.id)).toBe(1000 + 5 * PUZZLE_RUSH_REWARD);
  });

  it('answers a wrong answer with 400 and a message, and changes nothing', async () => {
    const user = await registerUser(server);
    const queens = await todaysOf('n-queens');
    const wrong = queens.secret.positions.map(([r, c]) => [r, (c + 1) % 8]);
    expectError(await submit(user, { puzzleId: queens.id, answer: { positions: wrong } }), 400, {
      message: /^Incorrect: /,
    });
    const logic = await todaysOf('logic-grid');
    expectError(await submit(user, { puzzleId: logic.id, answer: {} }), 400, {
      message: /^Incorrect: /,
    });
    const memory = await todaysOf('memory');
    expectError(
      await submit(user, {
        puzzleId: memory.id,
        answer: { board: [...memory.secret.faces].reverse() },
      }),
      400,
      { message: /^Incorrect: / },
    );
    expect(await balanceOf(server, user.id)).toBe(1000);
    expect(await solveCount(user.id)).toBe(0);
    expect((await load(user)).body.solved).toEqual([]);
  });

  it('refuses a forged match-3 count without valid swaps and a solved sliding board without legal moves', async () => {
    const user = await registerUser(server);
    const match3 = await todaysOf('match-3');
    expectError(
      await submit(user, { puzzleId: match3.id, answer: { count: 20, swaps: [] } }),
      400,
      { message: /^Incorrect: / },
    );
    // Real swaps, but too few of them for the count claimed.
    let state = initialMatch3State(match3.question);
    const swaps: Array<[number, number]> = [];
    for (let i = 0; i < 2; i++) {
      const swap = validSwaps(state.grid)[0] as [number, number];
      const result = applySwap(state, ...swap);
      if (!result.ok) throw new Error(result.reason);
      swaps.push(swap);
      state = result.state;
    }
    clock.advance(PUZZLE_LOCK_MS);
    expectError(await submit(user, { puzzleId: match3.id, answer: { count: 20, swaps } }), 400, {
      message: /^Incorrect: /,
    });
    // A swap that makes no run.
    clock.advance(PUZZLE_LOCK_MS);
    expectError(
      await submit(user, { puzzleId: match3.id, answer: { count: 20, swaps: [[0, 24]] } }),
      400,
      { message: /^Incorrect: / },
    );

    const sliding = await todaysOf('sliding');
    const solvedBoard = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    expectError(
      await submit(user, { puzzleId: sliding.id, answer: { board: solvedBoard, moves: [] } }),
      400,
      { message: /^Incorrect: / },
    );
    clock.advance(PUZZLE_LOCK_MS);
    expectError(
      await submit(user, {
        puzzleId: sliding.id,
        answer: { board: solvedBoard, moves: [1, 2, 3] },
      }),
      400,
      { message: /^Incorrect: / },
    );
    expect(await balanceOf(server, user.id)).toBe(1000);
    expect(await solveCount(user.id)).toBe(0);
  });

  it('pays once when 20 correct answers to one puzzle arrive at once', async () => {
    const user = await registerUser(server);
    const puzzle = await todaysOf('logic-grid');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        submit(user, { puzzleId: puzzle.id, answer: correctAnswer(puzzle) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expectError(r, 409, { message: 'already' });
    expect(await balanceOf(server, user.id)).toBe(1000 + PUZZLE_RUSH_REWARD);
    expect(await solveCount(user.id)).toBe(1);
    expect((await readStats(server.db, user.id)).puzzleWins).toBe(1);
  });

  it('turns memory cards one at a time, faces from the server', async () => {
    const user = await registerUser(server);
    const memory = await todaysOf('memory');
    for (const index of [0, 7, 15]) {
      const res = await flip(user, { puzzleId: memory.id, index });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ index, face: memory.secret.faces[index] });
    }
    expectBadField(await flip(user, { puzzleId: memory.id, index: 16 }), 'index');
    expectBadField(await flip(user, { puzzleId: memory.id, index: 1.5 }), 'index');
    expectBadField(
      await flip(user, { puzzleId: memory.id.replace('memory', 'sliding'), index: 0 }),
      'puzzleId',
    );
    expectError(await flip(user, { puzzleId: '2026-03-09:memory', index: 0 }), 409, {
      message: '2026-03-09',
    });
  });

  it('locks a puzzle for 2 s after a wrong submit on the server: of 50 racing guesses one is checked, and a right answer waits too', async () => {
    const user = await registerUser(server);
    const logic = await todaysOf('logic-grid');
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () => submit(user, { puzzleId: logic.id, answer: {} })),
    );
    expect(guesses.filter((r) => r.status === 400)).toHaveLength(1);
    for (const r of guesses)
      if (r.status !== 400)
        expectError(r, 429, {
          message: /locked for 2 s after a wrong answer; try again in \d\.\d s/,
        });
    expectError(await submit(user, { puzzleId: logic.id, answer: correctAnswer(logic) }), 429, {
      message: 'try again in 2.0 s',
    });
    clock.advance(1500);
    expectError(await submit(user, { puzzleId: logic.id, answer: correctAnswer(logic) }), 429, {
      message: 'try again in 0.5 s',
    });
    // Another puzzle is not locked by this one.
    const sliding = await todaysOf('sliding');
    expect(
      (await submit(user, { puzzleId: sliding.id, answer: correctAnswer(sliding) })).status,
    ).toBe(200);
    clock.advance(500);
    expect((await submit(user, { puzzleId: logic.id, answer: correctAnswer(logic) })).status).toBe(
      200,
    );
    expect(await balanceOf(server, user.id)).toBe(1000 + 2 * PUZZLE_RUSH_REWARD);
  });

  it('turns memory cards at a human pace and a bounded number of times a day', async () => {
    const user = await registerUser(server);
    const memory = await todaysOf('memory');
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, index) => flip(user, { puzzleId: memory.id, index })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(MEMORY_FLIP_BURST);
    for (const r of burst)
      if (r.status !== 200) expectError(r, 429, { message: 'faster than anyone plays' });
    // A pair a quarter second is a pace anyone plays at.
    for (let n = MEMORY_FLIP_BURST; n < MEMORY_FLIPS_PER_DAY; n++) {
      clock.advance(MEMORY_FLIP_INTERVAL_MS);
      expect((await flip(user, { puzzleId: memory.id, index: n % 16 })).status).toBe(200);
    }
    clock.advance(60_000);
    expectError(await flip(user, { puzzleId: memory.id, index: 0 }), 429, {
      message: `turned ${MEMORY_FLIPS_PER_DAY} memory cards today`,
    });
    // Solving from memory still works.
    expect(
      (await submit(user, { puzzleId: memory.id, answer: correctAnswer(memory) })).status,
    ).toBe(200);
  });

  it('names the problem in bad submissions', async () => {
    const user = await registerUser(server);
    const sliding = await todaysOf('sliding');
    expectError(
      await submit(undefined, { puzzleId: sliding.id, answer: correctAnswer(sliding) }),
      401,
    );
    expectError(await callRoute(server, 'GET /api/games/puzzle-rush'), 401);
    expectError(
      await callRoute(server, 'POST /api/games/puzzle-rush/flip', {
        body: { puzzleId: '2026-03-10:memory', index: 0 },
      }),
      401,
    );
    expectBadField(await submit(user, { answer: {} }), 'puzzleId');
    expectBadField(await submit(user, { puzzleId: 'sliding', answer: {} }), 'puzzleId');
    expectBadField(await submit(user, { puzzleId: sliding.id }), 'answer');
    expectBadField(await submit(user, { puzzleId: '2026-03-10:sudoku', answer: {} }), 'puzzleId');
    expectBadField(await submit(user, { puzzleId: sliding.id, answer: {}, extra: 1 }), 'extra');
    expectError(
      await submit(user, { puzzleId: '2026-03-09:sliding', answer: correctAnswer(sliding) }),
      409,
      { message: 'reload' },
    );
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('fills the leaderboard table by puzzles solved', async () => {
    const user = await registerUser(server);
    for (const puzzle of (await todays()).slice(0, 3)) {
      expect(
        (await submit(user, { puzzleId: puzzle.id, answer: correctAnswer(puzzle) })).status,
      ).toBe(200);
    }
    const board = await callRoute(server, 'GET /api/games/leaderboard', { token: user.token });
    expect(board.status).toBe(200);
    const entry = board.body.puzzleRush.find((e) => e.username === user.username);
    expect(entry).toMatchObject({ _id: String(user.id), solves: 3, wins: 3 });
    const solves = board.body.puzzleRush.map((e) => e.solves);
    expect(solves).toEqual([...solves].sort((x, y) => y - x));
  });

  it('starts new puzzles at midnight UTC, and yesterday’s solves stay paid', async () => {
    const user = await registerUser(server);
    const yesterday = await todays();
    const sliding = yesterday[0] as DailyPuzzle;
    expect(
      (await submit(user, { puzzleId: sliding.id, answer: correctAnswer(sliding) })).status,
    ).toBe(200);
    clock.set('2026-03-11T00:00:01Z');
    const next = await load(user);
    expect(next.body.date).toBe('2026-03-11');
    expect(next.body.solved).toEqual([]);
    expect(next.body.wins).toBe(1);
    expect(next.body.puzzles.map((p) => p.question)).not.toEqual(yesterday.map((p) => p.question));
    expectError(await submit(user, { puzzleId: sliding.id, answer: correctAnswer(sliding) }), 409, {
      message: 'reload',
    });
    const today = await todaysOf('sliding');
    expect(
      (await submit(user, { puzzleId: today.id, answer: correctAnswer(today) })).body.wins,
    ).toBe(2);
  });
});
