import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgErrorCode } from '../../db/client';
import { registerUser, useTestServer } from '../../testing/harness';
import { createBet, optionId } from '../bets/builders';
import { callRoute } from '../../testing/callRoute';
import { useAdmin } from '../../testing/builders';

/** Every ledger row names the business row it pays for (DESIGN.md section 3). */

const server = useTestServer();
const admin = useAdmin(server);

interface RefRow {
  id: number;
  user_id: number | null;
  delta: number;
  category: string;
  ref_type: string | null;
  ref_id: string | null;
}

/** The ledger rows written after `afterId`, the house's included, oldest first. */
const rowsAfter = (afterId: number) =>
  server.db.rows<RefRow>(
    sql`select id, user_id, delta, category, ref_type, ref_id from ledger where id > ${afterId} order by id`,
  );

async function lastLedgerId(): Promise<number> {
  const [row] = await server.db.rows<{ id: number }>(
    sql`select coalesce(max(id), 0)::bigint as id from ledger`,
  );
  return row?.id ?? 0;
}

describe('ledger references', () => {
  it('a registration grant references the new user, on the user row and the house row', async () => {
    const before = await lastLedgerId();
    const user = await registerUser(server);
    const rows = await rowsAfter(before);
    expect(rows.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id])).toEqual([
      [user.id, 1000, 'registration_grant', 'user', String(user.id)],
      [null, -1000, 'registration_grant', 'user', String(user.id)],
    ]);
  });

  it('a transfer writes one transfers row and both sides reference it', async () => {
    const [from, to] = await Promise.all([registerUser(server), registerUser(server)]);
    const before = await lastLedgerId();
    const res = await callRoute(server, 'POST /api/user/send-money', {
      token: from.token,
      body: { recipientUsername: to.username, amount: 123 },
    });
    expect(res.status).toBe(200);
    const rows = await rowsAfter(before);
    expect(rows).toHaveLength(2);
    const transfers = await server.db.rows<{
      id: number;
      from_user_id: number;
      to_user_id: number;
      amount: number;
    }>(
      sql`select id, from_user_id, to_user_id, amount from transfers where from_user_id = ${from.id}`,
    );
    expect(transfers).toEqual([
      { id: expect.any(Number), from_user_id: from.id, to_user_id: to.id, amount: 123 },
    ]);
    const transferId = String(transfers[0]!.id);
    expect(rows.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id]).sort()).toEqual(
      [
        [from.id, -123, 'transfer_out', 'transfer', transferId],
        [to.id, 123, 'transfer_in', 'transfer', transferId],
      ].sort(),
    );
  });

  it('a refused transfer leaves no transfers row', async () => {
    const [from, to] = await Promise.all([registerUser(server), registerUser(server)]);
    const res = await callRoute(server, 'POST /api/user/send-money', {
      token: from.token,
      body: { recipientUsername: to.username, amount: 5000 },
    });
    expect(res.status).toBe(409);
    const [count] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from transfers where from_user_id = ${from.id}`,
    );
    expect(count?.n).toBe(0);
  });

  it('an admin adjustment references the admin_logs row written with it', async () => {
    const user = await registerUser(server);
    const before = await lastLedgerId();
    const res = await callRoute(server, 'PATCH /api/admin/balance/:username', {
      token: admin.token,
      params: { username: user.username },
      body: { amount: -250 },
    });
    expect(res.status).toBe(200);
    const [log] = await server.db.rows<{
      id: number;
      action: string;
      admin_id: number;
      target: string;
    }>(
      sql`select id, action, admin_id, target from admin_logs where target = ${user.username} order by id desc limit 1`,
    );
    expect(log).toMatchObject({
      action: 'remove_funds',
      admin_id: admin.id,
      target: user.username,
    });
    const rows = await rowsAfter(before);
    expect(rows.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id])).toEqual([
      [user.id, -250, 'admin_grant', 'admin_log', String(log!.id)],
      [null, 250, 'admin_grant', 'admin_log', String(log!.id)],
    ]);
  });

  it('a wager stake references the wager row; its settlement pays with a reference to the bet', async () => {
    const bet = await createBet(server, admin);
    const [winner, loser] = await Promise.all([registerUser(server), registerUser(server)]);
    const before = await lastLedgerId();
    const placed = await Promise.all([
      callRoute(server, 'POST /api/bets/predict', {
        token: winner.token,
        body: { betId: bet._id, choice: 'Yes', amount: 40 },
      }),
      callRoute(server, 'POST /api/bets/predict', {
        token: winner.token,
        body: { betId: bet._id, choice: 'Yes', amount: 60 },
      }),
      callRoute(server, 'POST /api/bets/predict', {
        token: loser.token,
        body: { betId: bet._id, choice: 'No', amount: 30 },
      }),
    ]);
    for (const p of placed) expect(p.status).toBe(200);
    const stakes = await rowsAfter(before);
    expect(stakes).toHaveLength(6);
    for (const p of placed) {
      const wagerId = p.body.wager._id;
      const [stored] = await server.db.rows<{ stake: number }>(
        sql`select stake from wagers where id = ${Number(wagerId)}`,
      );
      const mine = stakes.filter((r) => r.ref_id === wagerId);
      expect(mine.map((r) => [r.delta, r.category, r.ref_type]).sort()).toEqual(
        [
          [-p.body.wager.stake, 'bet_stake', 'wager'],
          [p.body.wager.stake, 'bet_stake', 'wager'],
        ].sort(),
      );
      expect(stored?.stake).toBe(p.body.wager.stake);
      expect(mine.find((r) => r.delta < 0)?.user_id).toBe(p === placed[2] ? loser.id : winner.id);
    }

    const settledFrom = await lastLedgerId();
    const fin = await callRoute(server, 'POST /api/bets/finalize', {
      token: admin.token,
      body: { betId: bet._id, optionId: optionId(bet, 'Yes') },
    });
    expect(fin.status).toBe(200);
    const payouts = await rowsAfter(settledFrom);
    // One row for the winner (both wagers: 250 = floor(40 x 2.5) + floor(60 x 2.5)) and the house's.
    expect(payouts.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id])).toEqual([
      [winner.id, 250, 'bet_payout', 'bet', bet._id],
      [null, -250, 'bet_payout', 'bet', bet._id],
    ]);
  });

  it('a parlay stake references the parlay row', async () => {
    const [a, b] = await Promise.all([createBet(server, admin), createBet(server, admin)]);
    const user = await registerUser(server);
    const before = await lastLedgerId();
    const res = await callRoute(server, 'POST /api/bets/parlay', {
      token: user.token,
      body: {
        amount: 70,
        bets: [
          { betId: a._id, choice: 'Yes', odds: 2.5 },
          { betId: b._id, choice: 'No', odds: 1.5 },
        ],
        totalOdds: 3.75,
      },
    });
    expect(res.status).toBe(201);
    const rows = await rowsAfter(before);
    expect(rows.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id])).toEqual([
      [user.id, -70, 'parlay_stake', 'parlay', res.body.parlay._id],
      [null, 70, 'parlay_stake', 'parlay', res.body.parlay._id],
    ]);
  });

  it('closing an account references the user', async () => {
    const user = await registerUser(server);
    const before = await lastLedgerId();
    expect(
      (
        await callRoute(server, 'DELETE /api/user', {
          token: user.token,
          body: { password: user.password },
        })
      ).status,
    ).toBe(200);
    const rows = await rowsAfter(before);
    expect(rows.map((r) => [r.user_id, r.delta, r.category, r.ref_type, r.ref_id])).toEqual([
      [user.id, -1000, 'account_closed', 'user', String(user.id)],
      [null, 1000, 'account_closed', 'user', String(user.id)],
    ]);
  });

  it('no ledger row lacks a reference, and the CHECK is validated', async () => {
    const [missing] = await server.db.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger where ref_type is null or ref_id is null`,
    );
    expect(missing?.n).toBe(0);
    const [constraint] = await server.db.rows<{ convalidated: boolean }>(
      sql`select convalidated from pg_constraint where conname = 'ledger_ref_known'`,
    );
    expect(constraint?.convalidated).toBe(true);
  });

  it.each([
    ['an unknown ref_type', sql`'bonus'`, sql`'1'`],
    ['the old admin ref_type', sql`'admin'`, sql`'1'`],
    ['no ref_type', sql`null`, sql`'1'`],
    ['no ref_id', sql`'transfer'`, sql`null`],
  ])('the database refuses a ledger row with %s', async (_label, refType, refId) => {
    // A house row, so no balance is touched; the statement fails on the CHECK alone.
    const attempt = server.db.rows(sql`
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id)
      values (null, 1, null, 'seed_grant', ${refType}, ${refId})`);
    const err = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(err)).toBe('23514');
  });
});
