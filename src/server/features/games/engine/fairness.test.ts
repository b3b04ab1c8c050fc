import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isClientSeed, sha256Hex } from '../../../../shared/games/engine/fairness';
import {
  registerUser,
  useTestServer,
  type HttpResult,
  type TestUser,
} from '../../../testing/harness';
import { expectBadField, expectError } from '../../../testing/expectations';
import { nextRound } from './rounds';
import { callRoute, callRouteRaw } from '../../../testing/callRoute';

const server = useTestServer();

/** Every answer this file gets, for the leak scan at the end. */
const answers: string[] = [];
const WHEELS = [
  'POST /api/games/spinner',
  'POST /api/games/spinner12',
  'POST /api/games/spinnerDaily',
  'POST /api/games/spinnerWeekly',
] as const;
async function recorded<R extends HttpResult<unknown>>(call: Promise<R>): Promise<R> {
  const res = await call;
  answers.push(JSON.stringify(res.body) + JSON.stringify([...res.headers.entries()]));
  return res;
}

const fairness = (user: TestUser) =>
  recorded(callRoute(server, 'GET /api/fairness', { token: user.token }));
const activeServerSeed = async (userId: number) =>
  (
    await server.db.rows<{ server_seed: string }>(
      sql`select server_seed from fairness_seeds where user_id = ${userId} and revealed_at is null`,
    )
  )[0]?.server_seed;

describe('GET /api/fairness', () => {
  it('shows the hash of a fresh server seed, a random client seed and nonce 0, the same on every read', async () => {
    const user = await registerUser(server);
    const first = await fairness(user);
    expect(first.status).toBe(200);
    expect(first.body.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(isClientSeed(first.body.clientSeed)).toBe(true);
    expect(first.body.nonce).toBe(0);
    expect((await fairness(user)).body).toEqual(first.body);
    expect(sha256Hex((await activeServerSeed(user.id))!)).toBe(first.body.serverSeedHash);
    const other = await registerUser(server);
    expect((await fairness(other)).body.serverSeedHash).not.toBe(first.body.serverSeedHash);
  });

  it('needs a token', async () => {
    expectError(await recorded(callRoute(server, 'GET /api/fairness')), 401);
  });
});

describe('POST /api/fairness/client-seed', () => {
  it('sets the client seed and keeps the server seed and nonce', async () => {
    const user = await registerUser(server);
    const before = await fairness(user);
    const res = await recorded(
      callRoute(server, 'POST /api/fairness/client-seed', {
        token: user.token,
        body: { clientSeed: 'my lucky seed ~!' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before.body, clientSeed: 'my lucky seed ~!' });
    expect((await fairness(user)).body.clientSeed).toBe('my lucky seed ~!');
  });

  it('works before the first read too', async () => {
    const user = await registerUser(server);
    const res = await recorded(
      callRoute(server, 'POST /api/fairness/client-seed', {
        token: user.token,
        body: { clientSeed: 'x'.repeat(64) },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.clientSeed).toBe('x'.repeat(64));
  });

  it.each([
    [{}],
    [{ clientSeed: '' }],
    [{ clientSeed: 'x'.repeat(65) }],
    [{ clientSeed: 'café' }],
    [{ clientSeed: 'tab\there' }],
    [{ clientSeed: 42 }],
  ])('rejects %j naming clientSeed and changes nothing', async (body) => {
    const user = await registerUser(server);
    const before = await fairness(user);
    expectBadField(
      await recorded(
        callRouteRaw(server, 'POST /api/fairness/client-seed', { token: user.token, body }),
      ),
      'clientSeed',
    );
    expect((await fairness(user)).body).toEqual(before.body);
  });

  it('needs a token', async () => {
    expectError(
      await recorded(
        callRoute(server, 'POST /api/fairness/client-seed', { body: { clientSeed: 'abc' } }),
      ),
      401,
    );
  });
});

describe('POST /api/fairness/rotate', () => {
  it('reveals the seed whose hash was shown, with the rounds it played, and starts a new pair at nonce 0', async () => {
    const user = await registerUser(server);
    await recorded(
      callRoute(server, 'POST /api/fairness/client-seed', {
        token: user.token,
        body: { clientSeed: 'rotate-me' },
      }),
    );
    await recorded(callRoute(server, 'POST /api/games/spinner', { token: user.token }));
    await recorded(callRoute(server, 'POST /api/games/spinner12', { token: user.token }));
    const before = await fairness(user);
    expect(before.body.nonce).toBe(2);
    const res = await recorded(
      callRoute(server, 'POST /api/fairness/rotate', { token: user.token }),
    );
    expect(res.status).toBe(200);
    expect(sha256Hex(res.body.revealed.serverSeed)).toBe(before.body.serverSeedHash);
    expect(res.body.revealed).toMatchObject({
      serverSeedHash: before.body.serverSeedHash,
      clientSeed: 'rotate-me',
      nonce: 2,
    });
    expect(res.body.current.nonce).toBe(0);
    expect(res.body.current.serverSeedHash).not.toBe(before.body.serverSeedHash);
    expect((await fairness(user)).body).toEqual(res.body.current);
    // The next round plays on the new pair from nonce 0.
    const spin = await recorded(
      callRoute(server, 'POST /api/games/spinnerDaily', { token: user.token }),
    );
    expect(spin.body.nonce).toBe(0);
  });

  it('is refused with 409 while a round on the seed is open, and allowed once it has ended', async () => {
    const user = await registerUser(server);
    const before = await fairness(user);
    const round = await server.db.tx((tx) =>
      nextRound(tx, user.id, 'minefield', () => ({
        params: { rows: 3, cols: 3, mines: 2 },
        outcome: { mines: [0, 1] },
        stake: 0,
        payout: 0,
        state: 'open' as const,
      })),
    );
    expectError(
      await recorded(callRoute(server, 'POST /api/fairness/rotate', { token: user.token })),
      409,
      { message: 'open game' },
    );
    expect((await fairness(user)).body).toEqual({ ...before.body, nonce: 1 });
    await server.db.rows(
      sql`update game_rounds set state = 'settled', settled_at = now() where id = ${round.id}`,
    );
    expect(
      (await recorded(callRoute(server, 'POST /api/fairness/rotate', { token: user.token })))
        .status,
    ).toBe(200);
  });

  it('an open round hides its outcome in the history until it ends', async () => {
    const user = await registerUser(server);
    await server.db.tx((tx) =>
      nextRound(tx, user.id, 'minefield', () => ({
        params: { rows: 3, cols: 3, mines: 2 },
        outcome: { mines: [4, 7] },
        stake: 0,
        payout: 0,
        state: 'open' as const,
      })),
    );
    const res = await recorded(callRoute(server, 'GET /api/games/rounds', { token: user.token }));
    expect(res.body.rounds[0]).toMatchObject({ state: 'open', outcome: {} });
  });

  it('parallel rotations and spins leave one active pair and consecutive nonces per pair', async () => {
    const user = await registerUser(server);
    await fairness(user);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        recorded(callRoute(server, 'POST /api/fairness/rotate', { token: user.token })),
      ),
      ...WHEELS.map((wheel) => recorded(callRoute(server, wheel, { token: user.token }))),
    ]);
    expect(results.map((r) => [r.status, r.status === 200 ? 200 : r.body])).toEqual(
      results.map(() => [200, 200]),
    );
    const [active] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from fairness_seeds where user_id = ${user.id} and revealed_at is null`,
    );
    expect(active?.n).toBe(1);
    const pairs = await server.db.rows<{
      nonce: number;
      rounds: number;
      max_nonce: number | null;
    }>(sql`
      select s.nonce, count(r.id)::int as rounds, max(r.nonce) as max_nonce
      from fairness_seeds s left join game_rounds r on r.seed_id = s.id where s.user_id = ${user.id} group by s.id`);
    for (const pair of pairs) {
      expect(Number(pair.nonce)).toBe(pair.rounds);
      if (pair.rounds > 0) expect(Number(pair.max_nonce)).toBe(pair.rounds - 1);
    }
  });

  it('needs a token', async () => {
    expectError(await recorded(callRoute(server, 'POST /api/fairness/rotate')), 401);
  });
});

describe('GET /api/games/rounds?game=', () => {
  const playAll = async (user: TestUser) => {
    // One after another, so the nonces follow this order.
    const plays: (() => Promise<HttpResult<unknown>>)[] = [
      () => callRoute(server, 'POST /api/games/spinner', { token: user.token }),
      () =>
        callRoute(server, 'POST /api/games/coin-flip', {
          token: user.token,
          body: { betAmount: 5, guess: 'heads' },
        }),
      () =>
        callRoute(server, 'POST /api/games/roulette', {
          token: user.token,
          body: { betAmount: 5, color: 'red' },
        }),
      () =>
        callRoute(server, 'POST /api/games/slots', { token: user.token, body: { betAmount: 5 } }),
      () => callRoute(server, 'POST /api/games/spinner12', { token: user.token }),
    ];
    for (const play of plays) {
      expect((await recorded(play())).status).toBe(200);
    }
  };
  const gamesOf = async (user: TestUser, query: Record<string, string>) => {
    const res = await recorded(
      callRoute(server, 'GET /api/games/rounds', { token: user.token, query }),
    );
    expect(res.status).toBe(200);
    return res.body;
  };

  it('lists only the games asked for, newest first, and pages within them', async () => {
    const user = await registerUser(server);
    await playAll(user);
    expect((await gamesOf(user, {})).rounds.map((r) => r.game)).toEqual([
      'spinner',
      'slots',
      'roulette',
      'coin-flip',
      'spinner',
    ]);
    expect((await gamesOf(user, { game: 'spinner' })).rounds.map((r) => r.nonce)).toEqual([4, 0]);
    expect(
      (await gamesOf(user, { game: 'roulette,coin-flip,slots' })).rounds.map((r) => r.game),
    ).toEqual(['slots', 'roulette', 'coin-flip']);
    expect((await gamesOf(user, { game: 'minefield' })).rounds).toEqual([]);
    // The cursor of a filtered page leads to the next page of the same games.
    const first = await gamesOf(user, { game: 'spinner', limit: '1' });
    expect(first.rounds.map((r) => r.nonce)).toEqual([4]);
    const second = await gamesOf(user, { game: 'spinner', limit: '1', before: first.nextBefore! });
    expect(second).toMatchObject({ rounds: [{ game: 'spinner', nonce: 0 }], nextBefore: null });
  });

  it.each([['dice'], ['spinner,dice'], [''], ['spinner,'], ['Spinner']])(
    'rejects game=%j naming game',
    async (game) => {
      const user = await registerUser(server);
      expectBadField(
        await recorded(
          callRouteRaw(server, 'GET /api/games/rounds', { token: user.token, query: { game } }),
        ),
        'game',
      );
    },
  );

  it('needs a token', async () => {
    expectError(
      await recorded(callRoute(server, 'GET /api/games/rounds', { query: { game: 'spinner' } })),
      401,
    );
  });
});

describe('no server seed leaves the server before its rotation', () => {
  it('a user who spins, reads and pages through everything never sees an active server seed', async () => {
    const user = await registerUser(server);
    await fairness(user);
    for (const wheel of WHEELS) await recorded(callRoute(server, wheel, { token: user.token }));
    await recorded(callRoute(server, 'GET /api/games/rounds', { token: user.token }));
    await recorded(callRoute(server, 'GET /api/games/progress', { token: user.token }));
    await recorded(callRoute(server, 'GET /api/fairness/spinners'));
    await recorded(callRoute(server, 'POST /api/games/spinner', { token: user.token }));
    await recorded(callRoute(server, 'GET /api/user/stats', { token: user.token }));
    await recorded(callRoute(server, 'GET /api/user/ledger', { token: user.token }));
    const active = await server.db.rows<{ server_seed: string }>(
      sql`select server_seed from fairness_seeds where revealed_at is null`,
    );
    expect(active.length).toBeGreaterThan(5);
    expect(answers.length).toBeGreaterThan(30);
    for (const { server_seed } of active) {
      for (const answer of answers)
        expect(answer.includes(server_seed), 'an active server seed appeared in an answer').toBe(
          false,
        );
    }
  });
});
