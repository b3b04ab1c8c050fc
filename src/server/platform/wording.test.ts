import { describe, expect, it } from 'vitest';
import { balanceOf, registerAdmin, registerUser, useTestServer } from '../testing/harness';
import { expectError } from '../testing/expectations';
import { callRoute, callRouteRaw } from '../testing/callRoute';

// Issue 33, low items: refusals say what is wrong, in the same words everywhere.
const server = useTestServer();

describe('refusal wording', () => {
  it('calls a 300-character recipient too long, naming the field, and moves nothing', async () => {
    const alice = await registerUser(server);
    const res = await callRouteRaw(server, 'POST /api/user/send-money', {
      token: alice.token,
      body: { recipientUsername: 'x'.repeat(300), amount: 10 },
    });
    expectError(res, 400, { message: 'recipientUsername is too long' });
    expect(res.error?.message).not.toContain('required');
    expect(res.error?.details).toEqual([
      expect.objectContaining({ field: 'recipientUsername', rule: 'too_big', limit: 100 }),
    ]);
    expect(await balanceOf(server, alice.id)).toBe(1000);
  });

  it("says 'Insufficient balance.' (the spec's words, with its full stop) for every refusal of the kind", async () => {
    const [alice, bob] = await Promise.all([registerUser(server), registerUser(server)]);
    const [carol] = await Promise.all([registerUser(server)]);
    expect(
      (
        await callRoute(server, 'POST /api/user/send-money', {
          token: alice.token,
          body: { recipientUsername: carol!.username, amount: 999 },
        })
      ).status,
    ).toBe(200);
    const refusals = [
      await callRouteRaw(server, 'POST /api/user/send-money', {
        token: alice.token,
        body: { recipientUsername: bob.username, amount: 500 },
      }),
      await callRouteRaw(server, 'POST /api/games/mystery-box/open', {
        token: alice.token,
        body: { boxId: 'gold', count: 5 },
      }),
      await callRouteRaw(server, 'POST /api/games/minefield/start', {
        token: alice.token,
        body: { betAmount: 100, rows: 5, cols: 5, mines: 3 },
      }),
    ];
    for (const res of refusals)
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: { message: 'Insufficient balance.', code: 'INSUFFICIENT_FUNDS' },
      });
  });

  it('names every refused field of an empty Create Task form, not only the last', async () => {
    const admin = await registerAdmin(server);
    const res = await callRouteRaw(server, 'POST /api/tasks/create', {
      token: admin.token,
      body: {
        title: '',
        description: '',
        reward: 0,
        type: 'daily',
        goalType: 'betsPlaced',
        goalAmount: 0,
      },
    });
    expect(res.status).toBe(400);
    for (const field of ['title', 'description', 'reward', 'goalAmount'])
      expect(res.error?.message, field).toContain(field);
    expect((res.error?.details as { field: string }[] | undefined)?.map((d) => d.field)).toEqual([
      'title',
      'description',
      'reward',
      'goalAmount',
    ]);
  });

  it('refuses admin Add Funds of 0, naming the field; a negative amount removes coins (the documented use)', async () => {
    const [admin, user] = await Promise.all([registerAdmin(server), registerUser(server)]);
    expectError(
      await callRouteRaw(server, 'PATCH /api/admin/balance/:username', {
        token: admin.token,
        params: { username: user.username },
        body: { amount: 0 },
      }),
      400,
      { message: 'amount' },
    );
    const removed = await callRoute(server, 'PATCH /api/admin/balance/:username', {
      token: admin.token,
      params: { username: user.username },
      body: { amount: -500 },
    });
    expect(removed.status).toBe(200);
    expect(await balanceOf(server, user.id)).toBe(500);
  });
});
