import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pocketColour, roulette } from '../../../../shared/games/casino/roulette';
import { SLOT_REELS, evaluateSlotLine, slotLineAt } from '../../../../shared/games/casino/slots';
import { replayRound } from '../../../../shared/games/engine/verify';
import { ManualClock } from '../../../platform/clock';
import { readStats } from '../../../platform/stats';
import { balanceOf, registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { startBuff } from '../../items/buffs';
import { insertItem } from '../../store/builders';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

const spinRoulette = (user: TestUser | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/games/roulette', { token: user?.token, body });
const spinSlots = (user: TestUser | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/games/slots', { token: user?.token, body });

async function revealedRounds(user: TestUser) {
  const rotated = await callRoute(server, 'POST /api/fairness/rotate', { token: user.token });
  expect(rotated.status).toBe(200);
  return (
    await callRoute(server, 'GET /api/games/rounds', { token: user.token, query: { limit: '100' } })
  ).body.rounds;
}

describe('POST /api/games/roulette', () => {
  it('pays 2x on red or black and 14x on green, from the pocket the fair stream picks', async () => {
    const user = await registerUser(server);
    let expected = 1000;
    let wins = 0;
    const colours = ['red', 'black', 'green'] as const;
    for (let i = 0; i < 15; i++) {
      const color = colours[i % 3]!;
      const res = await spinRoulette(user, { betAmount: 10, color });
      expect(res.status).toBe(200);
      expect(res.body.result).toBe(pocketColour(res.body.pocket));
      expect(res.body.win).toBe(res.body.result === color);
      expect(res.body.payout).toBe(res.body.win ? (color === 'green' ? 140 : 20) : 0);
      expected += res.body.payout - 10;
      if (res.body.win) wins++;
      expect(res.body.balance).toBe(expected);
    }
    expect((await readStats(server.db, user.id)).casinoWins).toBe(wins);
    for (const round of await revealedRounds(user)) {
      expect(
        replayRound('roulette', round.serverSeed!, round.clientSeed, round.nonce, round.params),
      ).toEqual({
        pocket: round.outcome.pocket,
        result: round.outcome.result,
        win: round.outcome.win,
        payout: round.outcome.payout,
      });
    }
  });

  it('parallel bets from a balance that covers 10 debit exactly 10', async () => {
    const user = await registerUser(server);
    await callRoute(server, 'GET /api/fairness', { token: user.token });
    const [seed] = await server.db.rows<{ server_seed: string }>(sql`
      select server_seed from fairness_seeds where user_id = ${user.id} and revealed_at is null`);
    // The ten accepted bets play nonces 0-9 (a refused bet rolls its nonce back): bet green on
    // a client seed that shows no green there, so no win pays for an eleventh.
    let clientSeed = '';
    for (let i = 0; !clientSeed && i < 100_000; i++) {
      const candidate = `no-green-${i}`;
      let lose = true;
      for (let n = 0; n < 10 && lose; n++)
        lose = !roulette(seed!.server_seed, candidate, n, { choice: 'green', stake: 1 }).win;
      if (lose) clientSeed = candidate;
    }
    expect(
      (
        await callRoute(server, 'POST /api/fairness/client-seed', {
          token: user.token,
          body: { clientSeed },
        })
      ).status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => spinRoulette(user, { betAmount: 100, color: 'green' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results)
      if (r.status !== 200) expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(server, user.id)).toBe(0);
  });

  it.each([
    [{ color: 'red' }, 'betAmount'],
    [{ betAmount: -5, color: 'red' }, 'betAmount'],
    [{ betAmount: 1_000_001, color: 'red' }, 'betAmount'],
    [{ betAmount: 5 }, 'color'],
    [{ betAmount: 5, color: 'blue' }, 'color'],
  ])('rejects %j naming %s', async (body, field) => {
    const user = await registerUser(server);
    expectBadField(await spinRoulette(user, body), field);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('needs a token', async () => {
    expectError(await spinRoulette(undefined, { betAmount: 5, color: 'red' }), 401);
  });
});

describe('POST /api/games/slots', () => {
  it('shows the real stops, pays the pay table and replays from the revealed seed', async () => {
    const user = await registerUser(server);
    let expected = 1000;
    for (let i = 0; i < 20; i++) {
      const res = await spinSlots(user, { betAmount: 10 });
      expect(res.status).toBe(200);
      const line = slotLineAt(res.body.stops as [number, number, number]);
      expect(res.body.reel).toEqual([...line]);
      expect(res.body.reel.map((symbol, reel) => SLOT_REELS[reel]![res.body.stops[reel]!])).toEqual(
        res.body.reel,
      );
      const { multiplier, combo } = evaluateSlotLine(line);
      expect(res.body.combo).toBe(combo);
      expect(res.body.payout).toBe(10 * multiplier);
      expect(res.body.luck).toBe(0);
      expected += res.body.payout - 10;
      expect(res.body.balance).toBe(expected);
    }
    for (const round of await revealedRounds(user)) {
      const replay = replayRound(
        'slots',
        round.serverSeed!,
        round.clientSeed,
        round.nonce,
        round.params,
      );
      expect(replay).toMatchObject({
        reel: round.outcome.reel,
        stops: round.outcome.stops,
        payout: round.outcome.payout,
      });
    }
  });

  it('plays with the slot luck of running buffs, recorded in the round for the verifier', async () => {
    const user = await registerUser(server);
    const item = await insertItem(server.db, {
      effectType: 'slots-luck',
      effectValue: 2500,
      price: 500,
    });
    await startBuff(
      server.db,
      { userId: user.id, itemId: item.id, effectType: 'slots-luck', value: 2500, itemPrice: 500 },
      clock.now(),
    );
    const progress = await callRoute(server, 'GET /api/games/progress', { token: user.token });
    expect(progress.body.buffs).toEqual({ rewardMultiplier: 100, slotsLuck: 25 });
    const res = await spinSlots(user, { betAmount: 10 });
    expect(res.status).toBe(200);
    expect(res.body.luck).toBe(25);
    const [round] = (await callRoute(server, 'GET /api/games/rounds', { token: user.token })).body
      .rounds;
    expect(round?.params).toEqual({ stake: 10, luck: 25 });
  });

  it('plays with a luck buff started after the last spin', async () => {
    const user = await registerUser(server);
    expect((await spinSlots(user, { betAmount: 1 })).body.luck).toBe(0);
    const item = await insertItem(server.db, {
      effectType: 'slots-luck',
      effectValue: 2500,
      price: 500,
    });
    await startBuff(
      server.db,
      { userId: user.id, itemId: item.id, effectType: 'slots-luck', value: 2500, itemPrice: 500 },
      clock.now(),
    );
    expect((await spinSlots(user, { betAmount: 1 })).body.luck).toBe(25);
  });

  it.each([[{}], [{ betAmount: 0 }], [{ betAmount: 'ten' }], [{ betAmount: 2_000_000 }]])(
    'rejects %j naming betAmount',
    async (body) => {
      const user = await registerUser(server);
      expectBadField(await spinSlots(user, body), 'betAmount');
    },
  );

  it('refuses a bet above the balance, and needs a token', async () => {
    const user = await registerUser(server);
    expectError(await spinSlots(user, { betAmount: 5000 }), 409, { code: 'INSUFFICIENT_FUNDS' });
    expectError(await spinSlots(undefined, { betAmount: 5 }), 401);
  });
});
