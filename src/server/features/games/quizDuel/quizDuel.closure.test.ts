import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { QUIZ_QUESTION_MS, quizPayout } from '../../../../shared/games/quizDuel/rules';
import { ManualClock } from '../../../platform/clock';
import { callRoute } from '../../../testing/callRoute';
import { expectError } from '../../../testing/expectations';
import {
  balanceOf,
  expectLedgerBalanced,
  useTestServer,
  type TestUser,
} from '../../../testing/harness';
import { closeDueLive } from './sweeps';
import { quizKit } from './testing';

// Issue 33, item 1: an account closed during a duel, and a sweep meeting a row it cannot close.
const clock = new ManualClock(Date.parse('2026-11-27T09:00:00Z'));
const server = useTestServer({ trustProxy: 1 }, { clock });
const kit = quizKit(server, clock);
const { player, challenge, join, view, answer, rightAnswers, wait } = kit;

const deleteAccount = (user: TestUser) =>
  callRoute(server, 'DELETE /api/user', { token: user.token, body: { password: user.password } });

describe('quiz duel: an account closed mid-duel', () => {
  it('live: the challenger deletes the account; the duel ends at once, the opponent wins the pot, and the sweep still runs', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const id = (await challenge(a, { opponentUsername: b.username, stake: 300, mode: 'live' })).body
      .duel._id;
    expect((await join(b, id)).body.duel.state).toBe('playing');
    wait(3000);
    const right = await rightAnswers(id);
    // The leaver is ahead when leaving: a forfeit still gives the other player the pot.
    expect((await answer(a, id, 0, right[0]!)).status).toBe(200);
    expect((await deleteAccount(a)).status).toBe(200);
    expect(await kit.duelRow(id)).toMatchObject({ state: 'finished', winner_id: b.id });
    expect(await balanceOf(server, b.id)).toBe(1000 - 300 + quizPayout(300));
    const seen = (await view(b, id)).body;
    expect(seen).toMatchObject({
      state: 'finished',
      result: { outcome: 'won', payout: quizPayout(300) },
    });
    expectError(await answer(b, id, 0, right[0]!), 409, { message: 'finished' });
    // Past the old deadline nothing is left for the sweep, which answers without an error.
    wait(QUIZ_QUESTION_MS + 1);
    await expect(closeDueLive(server.deps)).resolves.toBeGreaterThanOrEqual(0);
    expect((await kit.lobby(b)).body.stats).toMatchObject({ wins: 1, games: 1 });
    await expectLedgerBalanced(server);
  });

  it('asynchronous: the opponent deletes the account mid-turn; the challenger wins, and open challenges are refunded', async () => {
    const [a, b, c] = await Promise.all([player(), player(), player()]);
    const id = (await challenge(a, { opponentUsername: b.username, stake: 120, mode: 'async' }))
      .body.duel._id;
    const open = (await challenge(c, { opponentUsername: b.username, stake: 40, mode: 'async' }))
      .body.duel._id;
    expect((await join(b, id)).status).toBe(200);
    wait(3000);
    const right = await rightAnswers(id);
    expect((await answer(b, id, 0, right[0]!)).status).toBe(200);
    expect((await deleteAccount(b)).status).toBe(200);
    expect(await kit.duelRow(id)).toMatchObject({ state: 'finished', winner_id: a.id });
    expect(await balanceOf(server, a.id)).toBe(1000 - 120 + quizPayout(120));
    expect((await kit.duelRow(open)).state).toBe('canceled');
    expect(await balanceOf(server, c.id)).toBe(1000);
    expect((await view(a, id)).body.result).toEqual({ outcome: 'won', payout: quizPayout(120) });
    await expectLedgerBalanced(server);
  });

  it('a sweep that meets a row it cannot close logs it once and still closes the other due duels', async () => {
    const [a, b, c, d] = await Promise.all([player(), player(), player(), player()]);
    // The poisoned duel comes first by deadline: before the fix it stopped every sweep.
    const poisoned = (await challenge(a, { opponentUsername: b.username, stake: 10, mode: 'live' }))
      .body.duel._id;
    await join(b, poisoned);
    wait(1000);
    const healthy = (await challenge(c, { opponentUsername: d.username, stake: 10, mode: 'live' }))
      .body.duel._id;
    await join(d, healthy);
    // An account gone without its closure (as accounts closed before this fix were): its
    // duel's postings are refused from now on.
    await server.db.rows(sql`update users set status = 'deleted' where id = ${b.id}`);
    const warn = vi.spyOn(server.deps.log, 'warn');
    try {
      wait(3000 + QUIZ_QUESTION_MS + 1);
      expect(await closeDueLive(server.deps)).toBeGreaterThanOrEqual(0);
      expect((await kit.duelRow(healthy)).current_q).toBe(1);
      expect((await kit.duelRow(poisoned)).current_q).toBe(0);
      // Again (the one-second timer): no second log line for the same row.
      await closeDueLive(server.deps);
      wait(60_001);
      await closeDueLive(server.deps);
      const lines = warn.mock.calls.filter((call) =>
        String(call[1]).includes(`row ${poisoned} failed`),
      );
      expect(lines).toHaveLength(1);
    } finally {
      warn.mockRestore();
      // Leave the file's closing audit a settled duel: give the account back and let it end.
      await server.db.rows(sql`update users set status = 'active' where id = ${b.id}`);
    }
  });
});
