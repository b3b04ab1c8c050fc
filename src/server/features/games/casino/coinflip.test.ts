import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CoinFlipResponse } from '../../../../shared/games/casino/contract';
import { coinFlip } from '../../../../shared/games/casino/coinflip';
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

const flip = (user: TestUser | undefined, body: unknown) =>
  callRouteRaw(server, 'POST /api/games/coin-flip', { token: user?.token, body });

describe('POST /api/games/coin-flip', () => {
  it('takes the stake, pays 2x on a right guess, records the round and counts wins', async () => {
    const user = await registerUser(server);
    let expected = 1000;
    let wins = 0;
    for (let i = 0; i < 12; i++) {
      const guess = i % 2 === 0 ? 'heads' : 'tails';
      const res = await flip(user, { betAmount: 10, guess });
      expect(res.status).toBe(200);
      expect(res.body.nonce).toBe(i);
      expect(res.body.payout).toBe(res.body.win ? 20 : 0);
      expect(res.body.win).toBe(res.body.result === guess);
      expected += res.body.payout - 10;
      if (res.body.win) wins++;
      expect(res.body.balance).toBe(expected);
    }
    expect(await balanceOf(server, user.id)).toBe(expected);
    expect((await readStats(server.db, user.id)).casinoWins).toBe(wins);
    const ledgerRows = await server.db.rows<{ category: string; n: number; total: string }>(sql`
      select category, count(*)::int as n, sum(delta)::text as total from ledger where user_id = ${user.id} and ref_type = 'round'
      group by category order by category`);
    expect(ledgerRows).toEqual([
      ...(wins > 0 ? [{ category: 'game_payout', n: wins, total: String(20 * wins) }] : []),
      { category: 'game_stake', n: 12, total: '-120' },
    ]);
  });

  it('replays from the revealed seed to the same result', async () => {
    const user = await registerUser(server);
    const flips: CoinFlipResponse[] = [];
    for (let i = 0; i < 5; i++)
      flips.push((await flip(user, { betAmount: 3, guess: 'tails' })).body);
    const rotated = await callRoute(server, 'POST /api/fairness/rotate', { token: user.token });
    const rounds = (await callRoute(server, 'GET /api/games/rounds', { token: user.token })).body
      .rounds;
    for (const round of rounds) {
      expect(round.serverSeed).toBe(rotated.body.revealed.serverSeed);
      const replay = replayRound(
        'coin-flip',
        round.serverSeed!,
        round.clientSeed,
        round.nonce,
        round.params,
      );
      expect(replay).toEqual({
        result: round.outcome.result,
        win: round.outcome.win,
        payout: round.outcome.payout,
      });
      expect(flips.find((f) => f.roundId === round._id)?.result).toBe(
        coinFlip(round.serverSeed!, round.clientSeed, round.nonce, { choice: 'tails', stake: 3 })
          .result,
      );
    }
  });

  it('a running reward multiplier leaves a win at 2x: wager winnings are not boosted', async () => {
    const user = await registerUser(server);
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
      clock.now(),
    );
    let won: CoinFlipResponse | undefined;
    for (let i = 0; i < 30 && !won; i++) {
      const res = await flip(user, { betAmount: 100, guess: 'heads' });
      expect(res.status).toBe(200);
      expect(res.body.bonus).toBe(0);
      if (res.body.win) won = res.body;
    }
    expect(won).toBeDefined();
    expect(won!.payout).toBe(200);
  });

  it('refuses a bet above the balance with 409 and changes nothing, nonce included', async () => {
    const user = await registerUser(server);
    const before = (await callRoute(server, 'GET /api/fairness', { token: user.token })).body.nonce;
    expectError(await flip(user, { betAmount: 1001, guess: 'heads' }), 409, {
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await balanceOf(server, user.id)).toBe(1000);
    expect((await callRoute(server, 'GET /api/fairness', { token: user.token })).body.nonce).toBe(
      before,
    );
  });

  it('parallel bets never take the balance below zero; every accepted bet has its round and ledger rows', async () => {
    const user = await registerUser(server);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => flip(user, { betAmount: 100, guess: 'heads' })),
    );
    const ok = results.filter((r) => r.status === 200);
    for (const r of results)
      if (r.status !== 200) expectError(r, 409, { code: 'INSUFFICIENT_FUNDS' });
    // 1,000 coins cover ten bets of 100 whatever happens; wins can pay for more.
    expect(ok.length).toBeGreaterThanOrEqual(10);
    const paid = ok.reduce((sum, r) => sum + r.body.payout, 0);
    expect(await balanceOf(server, user.id)).toBe(1000 - 100 * ok.length + paid);
    const [count] = await server.db.rows<{ rounds: number; stakes: number }>(sql`
      select (select count(*)::int from game_rounds where user_id = ${user.id}) as rounds,
             (select count(*)::int from ledger where user_id = ${user.id} and category = 'game_stake') as stakes`);
    expect(count).toEqual({ rounds: ok.length, stakes: ok.length });
    expect(ok.map((r) => r.body.nonce).sort((a, b) => a - b)).toEqual(ok.map((_, i) => i));
  });

  it('parallel losing bets from a balance that covers 10 debit exactly 10', async () => {
    const user = await registerUser(server);
    await callRoute(server, 'GET /api/fairness', { token: user.token });
    const [seedRow] = await server.db.rows<{ server_seed: string }>(sql`
      select server_seed from fairness_seeds where user_id = ${user.id} and revealed_at is null`);
    // A failed bet rolls its nonce back, so the ten accepted bets play nonces 0-9: pick a client
    // seed whose first ten flips all show tails, and bet heads, so no win pays for an eleventh.
    let clientSeed = '';
    for (let i = 0; !clientSeed && i < 1_000_000; i++) {
      const candidate = `all-tails-${i}`;
      let tails = true;
      for (let n = 0; n < 10 && tails; n++)
        tails =
          coinFlip(seedRow!.server_seed, candidate, n, { choice: 'heads', stake: 1 }).result ===
          'tails';
      if (tails) clientSeed = candidate;
    }
    expect(clientSeed).not.toBe('');
    expect(
      (
        await callRoute(server, 'POST /api/fairness/client-seed', {
          token: user.token,
          body: { clientSeed },
        })
      ).status,
    ).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => flip(user, { betAmount: 100, guess: 'heads' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(await balanceOf(server, user.id)).toBe(0);
  });

  it('parallel bets while the client seed changes: every round replays from the seeds and nonce it records, nonces without a gap', async () => {
    const user = await registerUser(server);
    const bets = Array.from({ length: 20 }, () => flip(user, { betAmount: 1, guess: 'heads' }));
    const changes = Array.from({ length: 4 }, (_, i) =>
      callRoute(server, 'POST /api/fairness/client-seed', {
        token: user.token,
        body: { clientSeed: `changed-${i}` },
      }),
    );
    const results = await Promise.all(bets);
    await Promise.all(changes);
    for (const r of results) expect(r.status).toBe(200);
    await callRoute(server, 'POST /api/fairness/rotate', { token: user.token });
    const rounds = (
      await callRoute(server, 'GET /api/games/rounds', { token: user.token, query: { limit: 50 } })
    ).body.rounds;
    expect(rounds.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(rounds.map((_, i) => i));
    for (const round of rounds) {
      const replay = replayRound(
        'coin-flip',
        round.serverSeed!,
        round.clientSeed,
        round.nonce,
        round.params,
      );
      expect(replay).toEqual({
        result: round.outcome.result,
        win: round.outcome.win,
        payout: round.outcome.payout,
      });
      expect(results.find((r) => r.body.roundId === round._id)?.body.result).toBe(
        round.outcome.result,
      );
    }
  });

  it("refuses a banned player's bet with 403, and takes no coin and no nonce", async () => {
    const user = await registerUser(server);
    expect((await flip(user, { betAmount: 1, guess: 'heads' })).status).toBe(200);
    const balance = await balanceOf(server, user.id);
    await server.db.rows(sql`update users set status = 'banned' where id = ${user.id}`);
    expectError(await flip(user, { betAmount: 1, guess: 'heads' }), 403);
    expect(await balanceOf(server, user.id)).toBe(balance);
    const [seed] = await server.db.rows<{ nonce: number }>(
      sql`select nonce from fairness_seeds where user_id = ${user.id} and revealed_at is null`,
    );
    expect(Number(seed!.nonce)).toBe(1);
  });

  it.each([
    [{ guess: 'heads' }, 'betAmount'],
    [{ betAmount: 0, guess: 'heads' }, 'betAmount'],
    [{ betAmount: 1.5, guess: 'heads' }, 'betAmount'],
    [{ betAmount: 1_000_001, guess: 'heads' }, 'betAmount'],
    [{ betAmount: '10', guess: 'heads' }, 'betAmount'],
    [{ betAmount: 10 }, 'guess'],
    [{ betAmount: 10, guess: 'edge' }, 'guess'],
  ])('rejects %j naming %s, changing nothing', async (body, field) => {
    const user = await registerUser(server);
    expectBadField(await flip(user, body), field);
    expect(await balanceOf(server, user.id)).toBe(1000);
  });

  it('needs a token', async () => {
    expectError(await flip(undefined, { betAmount: 10, guess: 'heads' }), 401);
  });
});
