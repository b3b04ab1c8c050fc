import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BOARD_CELLS,
  dailyCapRefusal,
  DAY_MS,
  ENERGY_MAX,
  ENERGY_REGEN_MS,
  MERGE_LAB_DAILY_CAP,
  mergeLabRound,
  orderPayout,
  sellPayout,
  utcDay,
  type MergeItem,
} from '../../../../shared/games/mergeLab/rules';
import { ManualClock } from '../../../platform/clock';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';
import { expectBadField, expectError } from '../../../testing/expectations';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';

const clock = new ManualClock(Date.parse('2026-11-26T08:00:00Z'));
const server = useTestServer({}, { clock });

const view = (u: TestUser) => callRoute(server, 'GET /api/games/merge-lab', { token: u.token });
const tap = (u: TestUser) =>
  callRouteRaw(server, 'POST /api/games/merge-lab/tap', { token: u.token });
const pair = (u: TestUser, intent: 'merge' | 'move', from: number, to: number) =>
  callRouteRaw(server, `POST /api/games/merge-lab/${intent}`, {
    token: u.token,
    body: { from, to },
  });

/** Puts items on a player's board straight in the stored state (a test fixture, not a move). */
async function placeItems(u: TestUser, items: Record<number, MergeItem>): Promise<void> {
  await view(u);
  const [row] = await server.db.rows<{ state: { board: (MergeItem | null)[] } }>(
    sql`select state from merge_lab_games where user_id = ${u.id}`,
  );
  const board = row!.state.board.slice();
  for (const [cell, item] of Object.entries(items)) board[Number(cell)] = item;
  await server.db.rows(
    sql`update merge_lab_games set state = jsonb_set(state, '{board}', ${JSON.stringify(board)}::jsonb) where user_id = ${u.id}`,
  );
}

describe('merge lab', () => {
  it('taps drop a tier-1 item in an empty cell as a verifiable round, and cost energy that comes back over time', async () => {
    const u = await registerUser(server);
    const first = await view(u);
    expect(first.body.state.energy).toBe(ENERGY_MAX);
    expect(first.body.state.board).toHaveLength(BOARD_CELLS);
    const tapped = await tap(u);
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(200);
    const drop = tapped.body.drop!;
    expect(tapped.body.state.board[drop.cell]).toEqual({ c: drop.chain, t: 1 });
    expect(tapped.body.state.energy).toBe(ENERGY_MAX - 1);
    const [round] = await server.db.rows<{
      server_seed: string;
      client_seed: string;
      nonce: number;
      params: Record<string, unknown>;
      game: string;
    }>(sql`
      select s.server_seed, r.client_seed, r.nonce, r.params, r.game from game_rounds r join fairness_seeds s on s.id = r.seed_id where r.id = ${Number(drop.roundId)}`);
    expect(round?.game).toBe('merge-lab');
    expect(
      mergeLabRound.replay(
        round!.server_seed,
        round!.client_seed,
        Number(round!.nonce),
        round!.params,
      ),
    ).toMatchObject({ chain: drop.chain, cell: drop.cell });
    clock.advance(ENERGY_REGEN_MS);
    expect((await view(u)).body.state.energy).toBe(ENERGY_MAX);
  });

  it('merges identical items, moves to empty cells, delivers orders and sells, paying coins; refuses forged actions', async () => {
    const u = await registerUser(server);
    const order = (await view(u)).body.state.orders[0]!;
    const below = { c: order.c, t: order.t - 1 };
    await placeItems(u, {
      0: below,
      1: below,
      2: { c: order.c === 'potion' ? 'crystal' : 'potion', t: 1 },
    });
    const before = (await view(u)).body.state;
    // Forged: different items, an empty source, onto an occupied cell.
    expectError(await pair(u, 'merge', 0, 2), 409, { message: 'not the same item' });
    expectError(await pair(u, 'merge', 10, 0), 409, { message: 'empty' });
    expectError(await pair(u, 'move', 0, 1), 409, { message: 'taken' });
    expect((await view(u)).body.state).toEqual(before);
    const merged = await pair(u, 'merge', 0, 1);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.state.board[1]).toEqual({ c: order.c, t: order.t });
    expect(merged.body.state.board[0]).toBeNull();
    expect((await pair(u, 'move', 1, 5)).status).toBe(200);
    const delivered = await callRoute(server, 'POST /api/games/merge-lab/deliver', {
      token: u.token,
      body: { order: 0, cell: 5 },
    });
    expect(delivered.body).toMatchObject({
      coins: orderPayout(order.t),
      balance: 1000 + orderPayout(order.t),
    });
    await placeItems(u, { 7: { c: 'plant', t: 6 } });
    const sold = await callRoute(server, 'POST /api/games/merge-lab/sell', {
      token: u.token,
      body: { cell: 7 },
    });
    expect(sold.body.coins).toBe(sellPayout(6));
    expect(await balanceOf(server, u.id)).toBe(1000 + orderPayout(order.t) + sellPayout(6));
  });

  it('refuses bad input, no energy, a wrong delivery and no token', async () => {
    const u = await registerUser(server);
    await view(u);
    expectBadField(await pair(u, 'merge', -1, 0), 'from');
    expectBadField(await pair(u, 'move', 0, 42), 'to');
    expectBadField(
      await callRouteRaw(server, 'POST /api/games/merge-lab/deliver', {
        token: u.token,
        body: { order: 3, cell: 0 },
      }),
      'order',
    );
    expectError(
      await callRouteRaw(server, 'POST /api/games/merge-lab/deliver', {
        token: u.token,
        body: { order: 0, cell: 0 },
      }),
      409,
      { message: 'empty' },
    );
    await server.db.rows(
      sql`update merge_lab_games set state = state || jsonb_build_object('energy', 0, 'energyAt', ${clock.now().getTime()}::bigint) where user_id = ${u.id}`,
    );
    expectError(await tap(u), 409, { message: 'not enough energy' });
    expectError(await callRouteRaw(server, 'GET /api/games/merge-lab'), 401);
    for (const intent of ['tap', 'merge', 'move', 'sell', 'deliver'] as const) {
      expectError(
        await callRouteRaw(server, `POST /api/games/merge-lab/${intent}`, {
          body: { from: 0, to: 1, cell: 0, order: 0 },
        }),
        401,
      );
    }
    // Each player has their own lab: another's merge of the same cells acts on their board only.
    await placeItems(u, { 3: { c: 'crystal', t: 2 }, 4: { c: 'crystal', t: 2 } });
    const mine = (await view(u)).body.state;
    const other = await registerUser(server);
    expectError(await pair(other, 'merge', 3, 4), 409);
    await placeItems(other, { 3: { c: 'crystal', t: 2 }, 4: { c: 'crystal', t: 2 } });
    expect((await pair(other, 'merge', 3, 4)).status).toBe(200);
    expect((await view(u)).body.state).toEqual(mine);
    expect(await balanceOf(server, u.id)).toBe(1000);
  });

  it('twenty parallel merges of the same pair: one', async () => {
    const u = await registerUser(server);
    await placeItems(u, { 3: { c: 'crystal', t: 2 }, 4: { c: 'crystal', t: 2 } });
    const results = await Promise.all(Array.from({ length: 20 }, () => pair(u, 'merge', 3, 4)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const board = (await view(u)).body.state.board;
    expect(board[4]).toEqual({ c: 'crystal', t: 3 });
    expect(board[3]).toBeNull();
  });

  it('parallel taps spend energy once each and never drop two items in one cell', async () => {
    const u = await registerUser(server);
    const results = await Promise.all(Array.from({ length: 12 }, () => tap(u)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const state = (await view(u)).body.state;
    expect(state.board.filter((c) => c !== null)).toHaveLength(12);
    expect(state.energy).toBe(ENERGY_MAX - 12);
    const [row] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from game_rounds where user_id = ${u.id} and game = 'merge-lab'`,
    );
    expect(row!.n).toBe(12);
  });

  it('pays at most 360 coins a UTC day: past it a delivery or sale is refused naming the cap, changing nothing, and pays after midnight (issue 34)', async () => {
    const u = await registerUser(server);
    const order = (await view(u)).body.state.orders[0]!;
    const coins = orderPayout(order.t);
    await placeItems(u, { 5: order, 6: { c: 'plant', t: 8 } });
    // Earlier today the player was paid all but one coin of the cap (a state as the server stores it).
    const day = utcDay(clock.now().getTime());
    await server.db.rows(
      sql`update merge_lab_games set state = state || jsonb_build_object('paidDay', ${day}::int, 'paidToday', ${MERGE_LAB_DAILY_CAP - 1}::int) where user_id = ${u.id}`,
    );
    const before = (await view(u)).body.state;
    expect(before).toMatchObject({ paidDay: day, paidToday: MERGE_LAB_DAILY_CAP - 1 });
    const refused = await callRouteRaw(server, 'POST /api/games/merge-lab/deliver', {
      token: u.token,
      body: { order: 0, cell: 5 },
    });
    expectError(refused, 409, {
      message: dailyCapRefusal(MERGE_LAB_DAILY_CAP - 1, coins, 'order'),
    });
    expectError(
      await callRouteRaw(server, 'POST /api/games/merge-lab/sell', {
        token: u.token,
        body: { cell: 6 },
      }),
      409,
      { message: 'at most 360 coins a day (UTC)' },
    );
    expect((await view(u)).body.state).toEqual(before);
    expect(await balanceOf(server, u.id)).toBe(1000);
    const [payouts] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from merge_lab_payouts where user_id = ${u.id}`,
    );
    expect(payouts!.n).toBe(0);

    // After 00:00 UTC the count starts again.
    clock.advance((day + 1) * DAY_MS - clock.now().getTime());
    const delivered = await callRoute(server, 'POST /api/games/merge-lab/deliver', {
      token: u.token,
      body: { order: 0, cell: 5 },
    });
    expect(delivered.body).toMatchObject({
      coins,
      balance: 1000 + coins,
      state: { paidDay: day + 1, paidToday: coins },
    });
  });

  it('reads a lab stored before the cap as nothing paid today', async () => {
    const u = await registerUser(server);
    await view(u);
    await server.db.rows(
      sql`update merge_lab_games set state = state - 'paidDay' - 'paidToday' where user_id = ${u.id}`,
    );
    expect((await view(u)).body.state).toMatchObject({ paidDay: 0, paidToday: 0 });
  });
});
