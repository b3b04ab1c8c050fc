import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MinefieldRevealResponse } from '../../../../shared/games/minefield/contract';
import { minefieldPayout } from '../../../../shared/games/minefield/rules';
import { minefieldMinStakeMessage } from '../../../../shared/games/minefield/minimumStake';
import { replayRound } from '../../../../shared/games/engine/verify';
import { readStats } from '../../../platform/stats';
import {
  balanceOf,
  registerUser,
  useTestServer,
  type HttpResult,
  type TestUser,
} from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { giveItem, insertItem } from '../../store/builders';
import { startBuff } from '../../items/buffs';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

const server = useTestServer();

/** Every answer given while a game runs, for the leak check. */
const answers: string[] = [];
async function recorded<R extends HttpResult<unknown>>(call: Promise<R>): Promise<R> {
  const res = await call;
  answers.push(JSON.stringify(res.body));
  return res;
}

const start = (user: TestUser, body: unknown = { betAmount: 100, rows: 5, cols: 5, mines: 3 }) =>
  recorded(callRouteRaw(server, 'POST /api/games/minefield/start', { token: user.token, body }));
const reveal = (user: TestUser, sessionId: string, cellIndex: number) =>
  recorded(
    callRoute(server, 'POST /api/games/minefield/reveal', {
      token: user.token,
      body: { sessionId, cellIndex },
    }),
  );
const cashout = (user: TestUser, sessionId: string) =>
  recorded(
    callRoute(server, 'POST /api/games/minefield/cashout', {
      token: user.token,
      body: { sessionId },
    }),
  );

/** The mines of a running game, read from the database as only a test may. */
async function minesOf(sessionId: string): Promise<number[]> {
  const [row] = await server.db.rows<{ outcome: { mines: number[] } }>(
    sql`select outcome from game_rounds where id = ${Number(sessionId)}`,
  );
  return row!.outcome.mines;
}

const safeCells = (mines: number[], cells: number) =>
  Array.from({ length: cells }, (_, i) => i).filter((i) => !mines.includes(i));

describe('Minefield', () => {
  it('holds the stake, pays the exact multiplier on cash-out and counts the win; the board replays once revealed', async () => {
    const user = await registerUser(server);
    const game = await start(user);
    expect(game.status).toBe(200);
    expect(game.body).toMatchObject({
      minesCount: 3,
      extraSafeClicks: 0,
      mineReduction: 0,
      balance: 900,
      nonce: 0,
    });
    const mines = await minesOf(game.body.sessionId);
    const [a, b] = safeCells(mines, 25);
    const first = await reveal(user, game.body.sessionId, a!);
    expect(first.body).toMatchObject({
      exploded: false,
      mines: null,
      safeCount: 1,
      potentialReward: minefieldPayout(100, 25, 3, 1),
    });
    expect(first.body.potentialReward).toBe(112); // 1.125x
    const second = await reveal(user, game.body.sessionId, b!);
    expect(second.body.potentialReward).toBe(128); // 1.286x
    const active = await recorded(
      callRoute(server, 'GET /api/games/minefield/active', { token: user.token }),
    );
    expect(active.body).toMatchObject({
      sessionId: game.body.sessionId,
      revealed: [a, b],
      safeCount: 2,
      rows: 5,
      cols: 5,
      minesCount: 3,
    });
    const out = await cashout(user, game.body.sessionId);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ reward: 128, mines, balance: 1028 });
    expect((await readStats(server.db, user.id)).minefieldWins).toBe(1);
    expectError(await reveal(user, game.body.sessionId, 0), 409);
    expectError(await cashout(user, game.body.sessionId), 409);
    expect(
      (await recorded(callRoute(server, 'GET /api/games/minefield/active', { token: user.token })))
        .body,
    ).toBeNull();

    // No answer before the end named a mine: start, two reveals and the active game.
    const before = answers.slice(0, 4);
    expect(before).toHaveLength(4);
    for (const answer of before) {
      expect(answer).not.toContain(JSON.stringify(mines));
      const parsed = JSON.parse(answer) as Record<string, unknown>;
      expect(parsed.mines ?? null).toBeNull();
      expect(parsed).not.toHaveProperty('outcome');
    }
    const rotated = await recorded(
      callRoute(server, 'POST /api/fairness/rotate', { token: user.token }),
    );
    const [round] = (
      await recorded(callRoute(server, 'GET /api/games/rounds', { token: user.token }))
    ).body.rounds;
    expect(
      replayRound(
        'minefield',
        rotated.body.revealed.serverSeed,
        round!.clientSeed,
        round!.nonce,
        round!.params,
      ),
    ).toMatchObject({ mines });
  });

  it('a mine ends the game showing every mine, the stake lost; rotation waits for the open game', async () => {
    const user = await registerUser(server);
    const game = await start(user);
    expectError(
      await recorded(callRoute(server, 'POST /api/fairness/rotate', { token: user.token })),
      409,
    );
    const mines = await minesOf(game.body.sessionId);
    const boom = await reveal(user, game.body.sessionId, mines[0]!);
    expect(boom.body).toMatchObject({ exploded: true, mines, potentialReward: 0 });
    expect(await balanceOf(server, user.id)).toBe(900);
    expect(
      (await recorded(callRoute(server, 'POST /api/fairness/rotate', { token: user.token })))
        .status,
    ).toBe(200);
  });

  it('revealing every safe cell cashes out by itself (3x3, 2 mines: 35.64x)', async () => {
    const user = await registerUser(server);
    const game = await start(user, { betAmount: 100, rows: 3, cols: 3, mines: 2 });
    const cells = safeCells(await minesOf(game.body.sessionId), 9);
    let last: MinefieldRevealResponse | undefined;
    for (const cell of cells) last = (await reveal(user, game.body.sessionId, cell)).body;
    expect(last).toMatchObject({ reward: 3564, safeCount: 7, balance: 900 + 3564 });
    expect(last?.mines).toHaveLength(2);
  });

  it('one open game per user, also when two starts race', async () => {
    const user = await registerUser(server);
    const results = await Promise.all([start(user), start(user), start(user)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expectError(r, 409);
    expect(await balanceOf(server, user.id)).toBe(900);
  });

  it('30 parallel reveals and cash-outs on one game end it exactly once', async () => {
    const user = await registerUser(server);
    const game = await start(user, { betAmount: 100, rows: 6, cols: 6, mines: 2 });
    const mines = await minesOf(game.body.sessionId);
    const safe = safeCells(mines, 36);
    await reveal(user, game.body.sessionId, safe[0]!);
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? cashout(user, game.body.sessionId)
        : reveal(user, game.body.sessionId, safe[1 + i]!),
    );
    const results = await Promise.all(calls);
    const cashouts = results.filter(
      (r) =>
        r.status === 200 &&
        'reward' in (r.body as object) &&
        (r.body as { reward: number | null }).reward !== null,
    );
    expect(cashouts).toHaveLength(1);
    const [row] = await server.db.rows<{ state: string; payout: number }>(
      sql`select state, payout from game_rounds where id = ${Number(game.body.sessionId)}`,
    );
    expect(row?.state).toBe('settled');
    expect(await balanceOf(server, user.id)).toBe(900 + Number(row!.payout));
    const [payouts] = await server.db.rows<{ n: number }>(sql`
      select count(*)::int as n from ledger where user_id = ${user.id} and category = 'game_payout' and ref_id = ${game.body.sessionId}`);
    expect(payouts?.n).toBe(1);
  });

  it('parallel reveals of different safe cells on one game all count, none lost', async () => {
    const user = await registerUser(server);
    const game = await start(user, { betAmount: 100, rows: 6, cols: 6, mines: 2 });
    const safe = safeCells(await minesOf(game.body.sessionId), 36).slice(0, 12);
    const results = await Promise.all(safe.map((cell) => reveal(user, game.body.sessionId, cell)));
    for (const r of results) expect(r.status).toBe(200);
    const [row] = await server.db.rows<{ state: string; outcome: { revealed: number[] } }>(
      sql`select state, outcome from game_rounds where id = ${Number(game.body.sessionId)}`,
    );
    expect(row?.state).toBe('open');
    expect([...row!.outcome.revealed].sort((a, b) => a - b)).toEqual(
      [...safe].sort((a, b) => a - b),
    );
  });

  it('a cash-out under a reward multiplier pays the board: wager winnings are not boosted', async () => {
    const user = await registerUser(server);
    const game = await start(user);
    const [a, b] = safeCells(await minesOf(game.body.sessionId), 25);
    await reveal(user, game.body.sessionId, a!);
    expect((await reveal(user, game.body.sessionId, b!)).body.potentialReward).toBe(128);
    const item = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 1000,
    });
    await startBuff(
      server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 1000,
      },
      new Date(),
    );
    const out = await cashout(user, game.body.sessionId);
    expect(out.body).toMatchObject({ reward: 128, balance: 1028 });
  });

  it("refuses a banned player's cash-out with 403 and leaves the game open and unpaid", async () => {
    const user = await registerUser(server);
    const game = await start(user);
    const [a] = safeCells(await minesOf(game.body.sessionId), 25);
    await reveal(user, game.body.sessionId, a!);
    await server.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);
    expectError(
      await callRouteRaw(server, 'POST /api/games/minefield/cashout', {
        token: user.token,
        body: { sessionId: game.body.sessionId },
      }),
      403,
    );
    const [row] = await server.db.rows<{ state: string }>(
      sql`select state from game_rounds where id = ${Number(game.body.sessionId)}`,
    );
    expect(row?.state).toBe('open');
    expect(await balanceOf(server, user.id)).toBe(900);
  });

  it('an extra safe click forgives one mine; mine reduction places fewer mines', async () => {
    const user = await registerUser(server);
    const safeClick = await insertItem(server.db, {
      effectType: 'extra-safe-click',
      effectValue: 100,
      price: 50,
    });
    const reduction = await insertItem(server.db, {
      effectType: 'mine-reduction',
      effectValue: 200,
      price: 50,
    });
    await giveItem(server.db, user.id, safeClick.id);
    await giveItem(server.db, user.id, reduction.id);
    const game = await start(user, { betAmount: 100, rows: 4, cols: 4, mines: 5 });
    expect(game.body).toMatchObject({ minesCount: 3, extraSafeClicks: 1, mineReduction: 2 });
    const mines = await minesOf(game.body.sessionId);
    expect(mines).toHaveLength(3);
    // A page resumed after a reload shows (and plays again with) the mines asked for, and what was removed.
    const active = await recorded(
      callRoute(server, 'GET /api/games/minefield/active', { token: user.token }),
    );
    expect(active.body).toMatchObject({
      rows: 4,
      cols: 4,
      minesAsked: 5,
      minesCount: 3,
      mineReduction: 2,
    });
    const saved = await reveal(user, game.body.sessionId, mines[0]!);
    expect(saved.body).toMatchObject({
      exploded: false,
      forgiven: true,
      extraSafeClicks: 0,
      mines: null,
    });
    expect((await reveal(user, game.body.sessionId, mines[1]!)).body.exploded).toBe(true);
  });

  it('an item come to hand after the last game is still used: the one-statement start steps aside for the locked one', async () => {
    const user = await registerUser(server);
    const first = await start(user, { betAmount: 100, rows: 4, cols: 4, mines: 5 });
    expect(first.body).toMatchObject({ extraSafeClicks: 0, mineReduction: 0 });
    expect(
      (await reveal(user, first.body.sessionId, (await minesOf(first.body.sessionId))[0]!)).body
        .exploded,
    ).toBe(true);
    // This process remembers the seed pair from that start, so the next start reads nothing first.
    const safeClick = await insertItem(server.db, {
      effectType: 'extra-safe-click',
      effectValue: 100,
      price: 50,
    });
    await giveItem(server.db, user.id, safeClick.id);
    const second = await start(user, { betAmount: 100, rows: 4, cols: 4, mines: 5 });
    expect(second.body).toMatchObject({ extraSafeClicks: 1, nonce: first.body.nonce + 1 });
    const [held] = await server.db.rows<{ quantity: number }>(
      sql`select quantity from inventory where user_id = ${user.id} and item_id = ${safeClick.id}`,
    );
    expect(held?.quantity).toBe(0);
    expect(await balanceOf(server, user.id)).toBe(800);
  });

  it('a start short of the stake or by a banned player changes nothing', async () => {
    const [poor, banned] = await Promise.all([registerUser(server), registerUser(server)]);
    expectError(await start(poor, { betAmount: 1001, rows: 5, cols: 5, mines: 3 }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    await server.db.rows(sql`update users set status = 'banned' where id = ${banned.id}`);
    expect((await start(banned)).status).toBe(403);
    const rounds = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id in (${poor.id}, ${banned.id})`,
    );
    expect(rounds[0]?.n).toBe(0);
    const [seeds] = await server.db.rows<{ n: number }>(
      sql`select coalesce(sum(nonce), 0)::int as n from fairness_seeds where user_id in (${poor.id}, ${banned.id})`,
    );
    expect(seeds?.n).toBe(0);
    expect(await balanceOf(server, poor.id)).toBe(1000);
  });

  it('refuses a stake below the minimum of its grid and mines with the words the page shows, changing nothing (issue 34)', async () => {
    const user = await registerUser(server);
    // Stake 1 on 8x8 with 10 mines returned 84.4% at the first cash-out: the rule's minimum there is 85.
    const low = await start(user, { betAmount: 1, rows: 8, cols: 8, mines: 10 });
    expectError(low, 400);
    expect(low.body).toEqual({
      message:
        'Bet must be ≥ 85 for 8x8 with 10 mines: a smaller stake loses more than 1% of its return to whole-coin rounding.',
      code: 'BAD_REQUEST',
      details: [{ field: 'betAmount', rule: 'too_small', limit: 85 }],
    });
    expectError(await start(user, { betAmount: 84, rows: 8, cols: 8, mines: 10 }), 400, {
      message: 'Bet must be ≥ 85',
    });
    // A mine-reduction item places fewer mines, which raises the minimum; the refused start keeps the item.
    const reduction = await insertItem(server.db, {
      effectType: 'mine-reduction',
      effectValue: 100,
      price: 50,
    });
    await giveItem(server.db, user.id, reduction.id);
    expectError(await start(user, { betAmount: 85, rows: 8, cols: 8, mines: 10 }), 400, {
      message: minefieldMinStakeMessage({ rows: 8, cols: 8, mines: 10, mineReduction: 1 }),
    });
    const [held] = await server.db.rows<{ quantity: number }>(
      sql`select quantity from inventory where user_id = ${user.id} and item_id = ${reduction.id}`,
    );
    expect(held?.quantity).toBe(1);
    const rounds = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${user.id}`,
    );
    expect(rounds[0]?.n).toBe(0);
    expect(await balanceOf(server, user.id)).toBe(1000);
    const ok = await start(user, { betAmount: 86, rows: 8, cols: 8, mines: 10 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ minesCount: 9, mineReduction: 1, balance: 914 });
  });

  it('refuses bad input naming the field, cells out of range or revealed twice, and cash-out before a reveal', async () => {
    const user = await registerUser(server);
    for (const [body, field] of [
      [{ betAmount: 0, rows: 5, cols: 5, mines: 3 }, 'betAmount'],
      [{ betAmount: 10, rows: 2, cols: 5, mines: 3 }, 'rows'],
      [{ betAmount: 10, rows: 5, cols: 13, mines: 3 }, 'cols'],
      [{ betAmount: 10, rows: 3, cols: 3, mines: 9 }, 'mines'],
      [{ betAmount: 10, rows: 3, cols: 3, mines: 1 }, 'mines'],
    ] as const) {
      expectBadField(await start(user, body), field);
    }
    expectError(await start(user, { betAmount: 5000, rows: 3, cols: 3, mines: 2 }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(server, user.id)).toBe(1000);
    const game = await start(user, { betAmount: 100, rows: 3, cols: 3, mines: 2 });
    expectError(await cashout(user, game.body.sessionId), 409, { message: 'at least one' });
    expectBadField(await reveal(user, game.body.sessionId, 9), 'cellIndex');
    expectBadField(await reveal(user, game.body.sessionId, -1), 'cellIndex');
    const safe = safeCells(await minesOf(game.body.sessionId), 9);
    await reveal(user, game.body.sessionId, safe[0]!);
    expectBadField(await reveal(user, game.body.sessionId, safe[0]!), 'cellIndex');
    const other = await registerUser(server);
    expectError(await reveal(other, game.body.sessionId, safe[1]!), 404);
    expectError(
      await callRoute(server, 'POST /api/games/minefield/start', {
        body: { betAmount: 100, rows: 3, cols: 3, mines: 2 },
      }),
      401,
    );
    expectError(await callRoute(server, 'GET /api/games/minefield/active'), 401);
  });

  it('a board moved on by another process is read again: its reveals count, a cash-out after them pays', async () => {
    const user = await registerUser(server);
    const game = await start(user);
    const id = game.body.sessionId;
    const [a, b, c] = safeCells(await minesOf(id), 25);
    await reveal(user, id, a!);
    // Another server process reveals b: this process still remembers the board with a alone.
    await server.db.rows(
      sql`update game_rounds set outcome = jsonb_set(outcome, '{revealed}', ${JSON.stringify([a, b])}::jsonb) where id = ${Number(id)}`,
    );
    expectBadField(await reveal(user, id, b!), 'cellIndex');
    const third = await reveal(user, id, c!);
    expect(third.body).toMatchObject({
      safeCount: 3,
      potentialReward: minefieldPayout(100, 25, 3, 3),
    });

    // A fresh game: this process remembers nothing revealed; the other process reveals one.
    expect((await cashout(user, id)).status).toBe(200);
    const next = await start(user);
    const [d] = safeCells(await minesOf(next.body.sessionId), 25);
    await server.db.rows(
      sql`update game_rounds set outcome = jsonb_set(outcome, '{revealed}', ${JSON.stringify([d])}::jsonb) where id = ${Number(next.body.sessionId)}`,
    );
    const paid = await cashout(user, next.body.sessionId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ reward: minefieldPayout(100, 25, 3, 1) });
  });
});
