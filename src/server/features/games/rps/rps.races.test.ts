import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock';
import { readStats } from '../../../platform/stats';
import { balanceOf, useTestServer } from '../../../testing/harness';
import { expectError } from '../../../testing/expectations';
import { sweepExpired } from './service';
import { rpsKit } from './testing';
import { callRoute } from '../../../testing/callRoute';

// Races between answers, cancels and the expiry sweep; the audit runs when the file ends.
const clock = new ManualClock(Date.now());
const server = useTestServer({}, { clock });
const { play, invites, challenges, cancel, challenge, pair, duelState, ledgerOf } = rpsKit(server);

describe('races', () => {
  it('an answer racing a cancel: exactly one of them takes the challenge', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const [a, b] = await pair();
      const waiting = await challenge(a, b, 100, 'rock');
      const [answered, canceled] = await Promise.all([
        play(b, a.username, 100, 'paper'),
        cancel(a, waiting.duelId),
      ]);
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      if (answered.body.status === 'resolved') {
        // The answer won: the cancel finds it resolved.
        expectError(canceled, 409, { message: 'resolved' });
        expect(await duelState(waiting.duelId)).toBe('resolved');
        expect(await balanceOf(server, a.id)).toBe(900);
        expect(await balanceOf(server, b.id)).toBe(1100);
        outcomes.add('answered');
      } else {
        // The cancel won: the answer found nothing to answer and challenged a instead.
        expect(canceled.status).toBe(200);
        expect(await duelState(waiting.duelId)).toBe('canceled');
        expect(await balanceOf(server, a.id)).toBe(1000);
        expect(await balanceOf(server, b.id)).toBe(900);
        expect((await cancel(b, answered.body.duelId)).status).toBe(200);
        outcomes.add('canceled');
      }
      expect(
        (await ledgerOf(waiting.duelId)).filter((r) => r.category !== 'duel_buy_in').length,
      ).toBe(1);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('five cancels at once refund once', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 150, 'paper');
    const results = await Promise.all(Array.from({ length: 5 }, () => cancel(a, waiting.duelId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expectError(r, 409, { message: 'canceled' });
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect(
      (await ledgerOf(waiting.duelId)).filter((r) => r.category === 'duel_refund'),
    ).toHaveLength(1);
  });

  it('an answer racing the expiry sweep at the deadline: the challenge is resolved or refunded, never both', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 100, 'rock');
    clock.advance(24 * 3_600_000);
    const [answered] = await Promise.all([
      play(b, a.username, 100, 'paper'),
      sweepExpired(server.deps),
    ]);
    expect(answered.status).toBe(200);
    // At the deadline the challenge is over: the answer becomes a new challenge.
    expect(answered.body.status).toBe('waiting');
    expect(await duelState(waiting.duelId)).toBe('expired');
    expect(await balanceOf(server, a.id)).toBe(1000);
    expect((await ledgerOf(waiting.duelId)).map((r) => r.category)).toEqual([
      'duel_buy_in',
      'duel_refund',
    ]);
    expect((await cancel(b, answered.body.duelId)).status).toBe(200);
  });

  it('two answers to one challenge: exactly one resolves it, the other becomes a new challenge', async () => {
    const [a, b] = await pair();
    const waiting = await challenge(a, b, 200, 'rock');
    const results = await Promise.all([
      play(b, a.username, 200, 'paper'),
      play(b, a.username, 200, 'paper'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const resolved = results.filter((r) => r.body.status === 'resolved');
    const created = results.filter((r) => r.body.status === 'waiting');
    expect(resolved).toHaveLength(1);
    expect(created).toHaveLength(1);
    expect(resolved[0]!.body.duelId).toBe(waiting.duelId);
    expect(await balanceOf(server, a.id)).toBe(800);
    // b won 200 and holds 200 in the new challenge.
    expect(await balanceOf(server, b.id)).toBe(1000);
    expect((await invites(a)).body.map((i) => i._id)).toEqual([created[0]!.body.duelId]);
    expect((await readStats(server.db, b.id)).rpsWins).toBe(1);
    expect((await cancel(b, created[0]!.body.duelId)).status).toBe(200);
  });

  it('a repeat with the same Idempotency-Key gets the first answer and challenges once', async () => {
    const [a, b] = await pair();
    const send = () =>
      callRoute(server, 'POST /api/games/rps', {
        token: a.token,
        headers: { 'idempotency-key': `rps-key-${a.id}-0001` },
        body: { opponentUsername: b.username, buyIn: 75, userChoice: 'paper' },
      });
    const first = await send();
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await challenges(a)).body).toHaveLength(1);
    expect(await balanceOf(server, a.id)).toBe(925);
    expect((await cancel(a, first.body.duelId)).status).toBe(200);
  });

  it('at most 20 open challenges per challenger, however many arrive at once', async () => {
    const [a, b] = await pair();
    const results = await Promise.all(
      Array.from({ length: 24 }, () => play(a, b.username, 1, 'rock')),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    for (const r of results.filter((x) => x.status !== 200))
      expectError(r, 409, { message: 'at most 20 open challenges' });
    expect(await balanceOf(server, a.id)).toBe(980);
    expectError(await play(a, b.username, 1, 'rock'), 409, { message: 'at most 20' });
    const list = (await challenges(a)).body;
    expect(list).toHaveLength(20);
    // A cancel makes room for one more.
    expect((await cancel(a, list[0]!._id)).status).toBe(200);
    expect((await play(a, b.username, 1, 'rock')).status).toBe(200);
  });
});
