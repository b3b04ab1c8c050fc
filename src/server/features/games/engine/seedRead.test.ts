import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../../platform/clock';
import { registerUser, useTestServer, type TestUser } from '../../../testing/harness';
import { callRoute } from '../../../testing/callRoute';
import { startBuff } from '../../items/buffs';
import { giveItem, insertItem } from '../../store/builders';
import { holdSeedReads, readSeed, seedReadCounts, seedReadsWaiting } from './oneStatement';

const clock = new ManualClock('2026-06-01T12:00:00Z');
const server = useTestServer({}, { clock });

async function activePair(user: TestUser) {
  const [pair] = await server.db.rows<{
    id: number;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
  }>(sql`
    select id, server_seed, server_seed_hash, client_seed, nonce from fairness_seeds where user_id = ${user.id} and revealed_at is null`);
  return {
    seedId: Number(pair!.id),
    serverSeed: pair!.server_seed,
    serverSeedHash: pair!.server_seed_hash,
    clientSeed: pair!.client_seed,
    nonce: Number(pair!.nonce),
  };
}

describe('seed-pair reads of many players in one statement', () => {
  it("reads each player's own pair, buffs and Minefield items; a player with no pair yet gets one and is read again", async () => {
    const [plain, multiplied, lucky, holder, newcomer] = await Promise.all(
      Array.from({ length: 5 }, () => registerUser(server)),
    );
    for (const u of [plain!, multiplied!, lucky!, holder!])
      await callRoute(server, 'GET /api/fairness', { token: u.token });
    // A round moves plain's nonce on, so the read must find the pair as it is now.
    expect(
      (
        await callRoute(server, 'POST /api/games/coin-flip', {
          token: plain!.token,
          body: { betAmount: 1, guess: 'heads' },
        })
      ).status,
    ).toBe(200);
    const multiplier = await insertItem(server.db, {
      effectType: 'reward-multiplier',
      effectValue: 150,
      price: 1000,
    });
    const luck = await insertItem(server.db, {
      effectType: 'slots-luck',
      effectValue: 150,
      price: 1000,
    });
    await startBuff(
      server.db,
      {
        userId: multiplied!.id,
        itemId: multiplier.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 1000,
      },
      clock.now(),
    );
    await startBuff(
      server.db,
      { userId: lucky!.id, itemId: luck.id, effectType: 'slots-luck', value: 150, itemPrice: 1000 },
      clock.now(),
    );
    // An expired buff of plain's does not count.
    await startBuff(
      server.db,
      {
        userId: plain!.id,
        itemId: multiplier.id,
        effectType: 'reward-multiplier',
        value: 150,
        itemPrice: 1000,
      },
      new Date(clock.now().getTime() - 86_400_000),
    );
    await giveItem(
      server.db,
      holder!.id,
      (await insertItem(server.db, { effectType: 'extra-safe-click', effectValue: 100, price: 50 }))
        .id,
    );
    const counted = seedReadCounts(server.db);

    const users = [plain!, multiplied!, lucky!, holder!, newcomer!];
    const release = holdSeedReads(server.db);
    const reads = Promise.all(users.map((u) => readSeed(server.deps, u.id, clock.now())));
    await vi.waitFor(() => expect(seedReadsWaiting(server.db)).toBe(users.length));
    release();
    const answers = await reads;

    for (const [k, user] of users.entries())
      expect(answers[k]!.draw).toEqual(await activePair(user));
    expect(answers[0]!.draw.nonce).toBe(1);
    expect(answers.map((a) => [a.rewardMultiplier, a.slotsLuck, a.minefieldItems])).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
      [false, false, false],
    ]);
    // All five in one statement; the newcomer's second read, after its pair was made, in another.
    const counts = seedReadCounts(server.db);
    expect({
      statements: counts.statements - counted.statements,
      keys: counts.keys - counted.keys,
    }).toEqual({ statements: 2, keys: 6 });
  });
});
