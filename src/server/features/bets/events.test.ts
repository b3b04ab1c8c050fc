import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../platform/events';
import { registerUser, useTestServer, type TestUser } from '../../testing/harness';
import { createBet, optionId } from './builders';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

const server = useTestServer();
const admin = useAdmin(server);
const seen: { [K in keyof DomainEvents]?: DomainEvents[K][] } = {};

function record<K extends keyof DomainEvents>(name: K): void {
  const list: DomainEvents[K][] = [];
  seen[name] = list as (typeof seen)[K];
  server.deps.events.on(name, (payload) => void list.push(payload));
}

beforeAll(async () => {
  record('WagerPlaced');
  record('ParlayPlaced');
  record('BetSettled');
});

const settled = (betId: string) => seen.BetSettled?.find((e) => e.betId === Number(betId));

describe('bet domain events', () => {
  it('WagerPlaced names the wager, bet, option, user and stake', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    const res = await callRoute(server, 'POST /api/bets/predict', { token: user.token, body: { betId: bet._id, choice: 'No', amount: 15 } });
    expect(res.status).toBe(200);
    expect(seen.WagerPlaced).toContainEqual({
      wagerId: Number(res.body.wager._id),
      betId: Number(bet._id),
      optionId: Number(optionId(bet, 'No')),
      userId: user.id,
      amount: 15 });
  });

  it('a refused wager emits nothing', async () => {
    const bet = await createBet(server, admin);
    const user = await registerUser(server);
    const before = seen.WagerPlaced?.length;
    const res = await callRoute(server, 'POST /api/bets/predict', { token: user.token, body: { betId: bet._id, choice: 'No', amount: 5000 } });
    expect(res.status).toBe(409);
    expect(seen.WagerPlaced?.length).toBe(before);
  });

  it('ParlayPlaced names the parlay and its legs; BetSettled names the winners of singles and parlays, each once', async () => {
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
    const [single, both, loser] = await Promise.all([registerUser(server), registerUser(server), registerUser(server)]);
    const predict = (u: TestUser, betId: string, choice: string) =>
      callRoute(server, 'POST /api/bets/predict', { token: u.token, body: { betId, choice, amount: 10 } });
    expect((await predict(single, a._id, 'Yes')).status).toBe(200);
    expect((await predict(both, a._id, 'Yes')).status).toBe(200);
    expect((await predict(loser, a._id, 'No')).status).toBe(200);
    const parlay = await callRoute(server, 'POST /api/bets/parlay', {
      token: both.token,
      body: { amount: 10, bets: [{ betId: a._id, choice: 'Yes', odds: 2.5 }, { betId: b._id, choice: 'Yes', odds: 2.5 }], totalOdds: 6.25 } });
    expect(parlay.status).toBe(201);
    expect(seen.ParlayPlaced).toContainEqual({
      parlayId: Number(parlay.body.parlay._id),
      userId: both.id,
      amount: 10,
      legs: [
        { betId: Number(a._id), optionId: Number(optionId(a, 'Yes')) },
        { betId: Number(b._id), optionId: Number(optionId(b, 'Yes')) },
      ] });

    await callRoute(server, 'POST /api/bets/finalize', { token: admin.token, body: { betId: b._id, optionId: optionId(b, 'Yes') } });
    expect(settled(b._id)).toEqual({ betId: Number(b._id), outcome: 'finalized', winningOptionId: Number(optionId(b, 'Yes')), winners: [] });

    await callRoute(server, 'POST /api/bets/finalize', { token: admin.token, body: { betId: a._id, optionId: optionId(a, 'Yes') } });
    const event = settled(a._id);
    expect(event).toMatchObject({ betId: Number(a._id), outcome: 'finalized', winningOptionId: Number(optionId(a, 'Yes')) });
    // `both` won a single and the parlay: named once.
    expect([...(event?.winners ?? [])].sort((x, y) => x - y)).toEqual([single.id, both.id].sort((x, y) => x - y));
  });

  it('BetSettled for a void names no winner unless it completes a won parlay', async () => {
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
    const user = await registerUser(server);
    expect((await callRoute(server, 'POST /api/bets/predict', { token: user.token, body: { betId: b._id, choice: 'Yes', amount: 10 } })).status).toBe(200);
    const parlay = await callRoute(server, 'POST /api/bets/parlay', {
      token: user.token,
      body: { amount: 10, bets: [{ betId: a._id, choice: 'Yes', odds: 2.5 }, { betId: b._id, choice: 'Yes', odds: 2.5 }], totalOdds: 6.25 } });
    expect(parlay.status).toBe(201);
    await callRoute(server, 'POST /api/bets/finalize', { token: admin.token, body: { betId: a._id, optionId: optionId(a, 'Yes') } });
    await callRoute(server, 'POST /api/admin/bets/:id/void', { token: admin.token, params: { id: b._id } });
    // The single wager on b is refunded (not a win); the parlay wins on its remaining leg.
    expect(settled(b._id)).toEqual({ betId: Number(b._id), outcome: 'voided', winningOptionId: null, winners: [user.id] });
  });
});
