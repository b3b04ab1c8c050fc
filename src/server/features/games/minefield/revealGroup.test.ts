import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MinefieldRevealResponse } from '../../../../shared/games/minefield/contract';
import {
  registerUser,
  useTestServer,
  usingPostgres,
  type TestUser,
} from '../../../testing/harness';
import { callRoute } from '../../../testing/callRoute';
import { holdRevealGroups, reveal, revealGroupCounts } from './service';
import { groupCountsSince } from '../../../testing/groupCounts';

const server = useTestServer();

async function startGame(
  user: TestUser,
): Promise<{ sessionId: string; mines: number[]; safe: number[] }> {
  const res = await callRoute(server, 'POST /api/games/minefield/start', {
    token: user.token,
    body: { betAmount: 100, rows: 5, cols: 5, mines: 3 },
  });
  const sessionId = res.body.sessionId;
  // The mines, read from the database as only a test may.
  const [row] = await server.db.rows<{ outcome: { mines: number[] } }>(
    sql`select outcome from game_rounds where id = ${Number(sessionId)}`,
  );
  const mines = row!.outcome.mines;
  return {
    sessionId,
    mines,
    safe: Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i)),
  };
}

async function boardOf(sessionId: string) {
  const [row] = await server.db.rows<{
    state: string;
    payout: number;
    outcome: { revealed: number[]; exploded: boolean };
  }>(sql`select state, payout, outcome from game_rounds where id = ${Number(sessionId)}`);
  return {
    state: row!.state,
    payout: Number(row!.payout),
    revealed: [...row!.outcome.revealed].sort((a, b) => a - b),
    exploded: row!.outcome.exploded,
  };
}

/** A reveal decides on the remembered board a few microtasks before it joins the queue. */
const queued = () => new Promise((resolve) => setImmediate(resolve));

describe('Minefield reveals of many games in one statement', () => {
  it('moves each held board as alone: safe cells count, a mine ends its game unpaid', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    const games = await Promise.all(users.map(startGame));
    const since = groupCountsSince(() => revealGroupCounts(server.db));
    const release = holdRevealGroups(server.db);
    const revealing = users.map((u, k) =>
      reveal(
        server.deps,
        u.id,
        games[k]!.sessionId,
        k === 3 ? games[k]!.mines[0]! : games[k]!.safe[k]!,
      ),
    );
    await queued();
    release();
    const answers = await Promise.all(revealing);

    expect(since()).toEqual({ statements: 1, done: 4, failed: 0 });
    expect(answers.map((a) => a.exploded)).toEqual([false, false, false, true]);
    for (const k of [0, 1, 2])
      expect(await boardOf(games[k]!.sessionId)).toEqual({
        state: 'open',
        payout: 0,
        revealed: [games[k]!.safe[k]],
        exploded: false,
      });
    expect(await boardOf(games[3]!.sessionId)).toEqual({
      state: 'settled',
      payout: 0,
      revealed: [],
      exploded: true,
    });
  });

  it('a reveal whose board moved on drops out and is decided again on the board read afresh', async () => {
    const [user, other] = await Promise.all([registerUser(server), registerUser(server)]);
    const [game, otherGame] = await Promise.all([startGame(user), startGame(other)]);
    // Another server process reveals a cell: this process still remembers the board without it.
    await server.db.rows(
      sql`update game_rounds set outcome = jsonb_set(outcome, '{revealed}', ${JSON.stringify([game.safe[0]])}::jsonb) where id = ${Number(game.sessionId)}`,
    );
    const since = groupCountsSince(() => revealGroupCounts(server.db));
    const release = holdRevealGroups(server.db);
    const revealing = [
      reveal(server.deps, user.id, game.sessionId, game.safe[1]!),
      reveal(server.deps, other.id, otherGame.sessionId, otherGame.safe[0]!),
    ];
    await queued();
    release();
    const answers: MinefieldRevealResponse[] = await Promise.all(revealing);

    expect(since()).toEqual({ statements: 1, done: 1, failed: 0 });
    expect(answers.map((a) => a.safeCount)).toEqual([2, 1]);
    expect(await boardOf(game.sessionId)).toEqual({
      state: 'open',
      payout: 0,
      revealed: [game.safe[0], game.safe[1]],
      exploded: false,
    });
  });

  // PGlite has one connection: another transaction holding a row would hold every statement.
  it.runIf(usingPostgres())(
    'skips a game whose row another transaction holds: the others move at once, that reveal waits alone',
    async () => {
      const [free, busy] = await Promise.all([registerUser(server), registerUser(server)]);
      const [freeGame, busyGame] = await Promise.all([startGame(free!), startGame(busy!)]);
      const other = new pg.Client({ connectionString: server.config.databaseUrl });
      await other.connect();
      let busyAnswer!: Promise<MinefieldRevealResponse>;
      try {
        await other.query('begin');
        await other.query('select 1 from game_rounds where id = $1 for update', [
          Number(busyGame.sessionId),
        ]);
        const release = holdRevealGroups(server.db);
        const freeAnswer = reveal(server.deps, free!.id, freeGame.sessionId, freeGame.safe[0]!);
        busyAnswer = reveal(server.deps, busy!.id, busyGame.sessionId, busyGame.safe[0]!);
        await queued();
        release();
        expect((await freeAnswer).safeCount).toBe(1);
        expect((await boardOf(busyGame.sessionId)).revealed).toEqual([]);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
      expect((await busyAnswer).safeCount).toBe(1);
      expect((await boardOf(busyGame.sessionId)).revealed).toEqual([busyGame.safe[0]]);
    },
  );
});
