import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerAdmin, registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { giveItem, insertItem } from '../store/builders';
import { holding, itemAudit, offer, tradeCalls, tradeStatus } from './builders';
import { callRoute } from '../../testing/callRoute';

/** Races on trades, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL, ending with the item audit. */
const server = useTestServer();
const api = tradeCalls(server);
const handedOut = new Map<number, number>();

async function give(user: TestUser, itemId: number, quantity: number) {
  await giveItem(server.db, user.id, itemId, quantity);
  handedOut.set(itemId, (handedOut.get(itemId) ?? 0) + quantity);
}

const statuses = (results: { status: number }[]) =>
  results.map((r) => r.status).sort((p, q) => p - q);

describe('trade races', () => {
  it('the same single unit offered in 10 parallel requests: exactly one succeeds', async () => {
    const owner = await registerUser(server);
    const recipients = await Promise.all(Array.from({ length: 10 }, () => registerUser(server)));
    const { id } = await insertItem(server.db);
    await give(owner, id, 1);
    const results = await Promise.all(
      recipients.map((to) =>
        api.request(owner.token, {
          toUsername: to.username,
          fromItems: [{ itemId: String(id), quantity: 1 }],
        }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await holding(server.db, owner.id, id)).toEqual({ quantity: 1, locked: 1 });
  });

  it('two parallel finalize calls swap once', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const [x, y] = [await insertItem(server.db), await insertItem(server.db)];
    await give(a, x.id, 2);
    await give(b, y.id, 2);
    const trade = await offer(server, a, b, [{ itemId: x.id, quantity: 1 }]);
    await api.respond(b.token, trade._id, {
      action: 'accept',
      toItems: [{ itemId: String(y.id), quantity: 1 }],
    });
    // More locked units than this trade's, on both sides: only the status guard can stop a second swap.
    const c = await registerUser(server);
    await offer(server, a, c, [{ itemId: x.id, quantity: 1 }]);
    await offer(server, b, c, [{ itemId: y.id, quantity: 1 }]);
    const results = await Promise.all([
      api.finalize(a.token, trade._id),
      api.finalize(a.token, trade._id),
    ]);
    expect(statuses(results)).toEqual([200, 409]);
    expect(await holding(server.db, a.id, x.id)).toEqual({ quantity: 1, locked: 1 });
    expect(await holding(server.db, b.id, x.id)).toEqual({ quantity: 1, locked: 0 });
    expect(await holding(server.db, a.id, y.id)).toEqual({ quantity: 1, locked: 0 });
    expect(await holding(server.db, b.id, y.id)).toEqual({ quantity: 1, locked: 1 });
  });

  it('finalize racing cancel: exactly one wins, and the holdings match the winner', async () => {
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await registerUser(server), await registerUser(server)];
      const x = await insertItem(server.db);
      await give(a, x.id, 1);
      const trade = await offer(server, a, b, [{ itemId: x.id, quantity: 1 }]);
      await api.respond(b.token, trade._id, { action: 'accept' });
      // Alternate who cancels and who goes first, so both orders are exercised.
      const canceler = round % 2 === 0 ? a : b;
      const calls = [
        () => api.finalize(a.token, trade._id),
        () => api.cancel(canceler.token, trade._id),
      ];
      if (round % 3 === 0) calls.reverse();
      const results = await Promise.all(calls.map((c) => c()));
      expect(statuses(results)).toEqual([200, 409]);
      const status = await tradeStatus(server.db, trade._id);
      if (status === 'accepted') {
        expect(await holding(server.db, b.id, x.id)).toEqual({ quantity: 1, locked: 0 });
        expect(await holding(server.db, a.id, x.id)).toEqual({ quantity: 0, locked: 0 });
      } else {
        expect(status).toBe('canceled');
        expect(await holding(server.db, a.id, x.id)).toEqual({ quantity: 1, locked: 0 });
        expect(await holding(server.db, b.id, x.id)).toEqual({ quantity: 0, locked: 0 });
      }
    }
  });

  it('offers and answers racing over shared units never lock more than is held', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
    const x = await insertItem(server.db);
    for (const u of users) await give(u, x.id, 3);
    const requests = users.flatMap((from, i) =>
      users
        .filter((_, j) => j !== i)
        .map((to) =>
          api.request(from.token, {
            toUsername: to.username,
            fromItems: [{ itemId: String(x.id), quantity: 2 }],
          }),
        ),
    );
    const results = await Promise.all(requests);
    // Each user holds 3 and offers 2 three times: exactly one offer each fits.
    expect(results.filter((r) => r.status === 201)).toHaveLength(users.length);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const answers = await Promise.all(
      results
        .filter((r) => r.status === 201)
        .map((r) => {
          const recipient = users.find((u) => u.username === r.body.toUser)!;
          return api.respond(recipient.token, r.body._id, {
            action: 'accept',
            toItems: [{ itemId: String(x.id), quantity: 1 }],
          });
        }),
    );
    // Every user has 1 unit free after its own offer, so every answer of 1 unit fits unless a
    // user receives two offers (then its second answer finds nothing free).
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const done = await Promise.all(
      answers
        .filter((r) => r.status === 200)
        .map((r) =>
          api.finalize(users.find((u) => u.username === r.body.fromUser)!.token, r.body._id),
        ),
    );
    expect(done.every((r) => r.status === 200)).toBe(true);
  });

  it('a ban racing trade requests and answers leaves the banned user no active trade', async () => {
    const admin = await registerAdmin(server);
    for (let round = 0; round < 4; round++) {
      const [victim, friend] = [await registerUser(server), await registerUser(server)];
      const [x, y] = [await insertItem(server.db), await insertItem(server.db)];
      await give(victim, x.id, 3);
      await give(friend, y.id, 3);
      const incoming = await offer(server, friend, victim, [{ itemId: y.id, quantity: 1 }]);
      const [, ...others] = await Promise.all([
        callRoute(server, 'PATCH /api/admin/status/user/:username', {
          token: admin.token,
          params: { username: victim.username },
          body: { status: 'banned' },
        }),
        api.request(victim.token, {
          toUsername: friend.username,
          fromItems: [{ itemId: String(x.id), quantity: 1 }],
        }),
        api.respond(victim.token, incoming._id, {
          action: 'accept',
          toItems: [{ itemId: String(x.id), quantity: 1 }],
        }),
        api.request(friend.token, {
          toUsername: victim.username,
          fromItems: [{ itemId: String(y.id), quantity: 1 }],
        }),
      ]);
      // Whatever got in before the ban was canceled by it; whatever came after was refused.
      for (const res of others) expect([200, 201, 401, 403, 409]).toContain(res.status);
      const active = await server.db.rows(sql`
        select id from trades where (from_user_id = ${victim.id} or to_user_id = ${victim.id}) and status in ('pending', 'responded')`);
      expect(active).toEqual([]);
      expect(await holding(server.db, victim.id, x.id)).toEqual({ quantity: 3, locked: 0 });
    }
  });

  it("'Use' of the last unit racing a trade request offering it: exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const [owner, friend] = [await registerUser(server), await registerUser(server)];
      const { id } = await insertItem(server.db, {
        type: 'power-up',
        effectType: 'reward-multiplier',
        effectValue: 150,
      });
      await give(owner, id, 1);
      const use = () =>
        callRoute(server, 'POST /api/store/items/:id/use', { token: owner.token, params: { id } });
      const trade = () =>
        api.request(owner.token, {
          toUsername: friend.username,
          fromItems: [{ itemId: String(id), quantity: 1 }],
        });
      // Alternate who goes first, so both orders are exercised.
      const [used, offered] =
        round % 2 === 0
          ? await Promise.all([use(), trade()])
          : (await Promise.all([trade(), use()])).reverse();
      expect([used!.status, offered!.status].sort()).toEqual(
        used!.status === 200 ? [200, 409] : [201, 409],
      );
      if (used!.status === 200) {
        // The unit became a buff: nothing is left to hold or lock.
        handedOut.set(id, (handedOut.get(id) ?? 0) - 1);
        expect(await holding(server.db, owner.id, id)).toEqual({ quantity: 0, locked: 0 });
      } else {
        expect(await holding(server.db, owner.id, id)).toEqual({ quantity: 1, locked: 1 });
      }
    }
  });

  it('ends with every unit conserved and every lock backed by an active trade', async () => {
    expect(await itemAudit(server.db, handedOut)).toEqual([]);
  });
});
