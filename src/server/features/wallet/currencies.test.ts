import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balanceOf, registerUser, useTestServer } from '../../testing/harness';
import { AppError } from '../../platform/errors';
import * as ledger from './ledger';

/** A currency other than gold goes through the same ledger: its balance, its CHECK, its rows, its audit. */
const server = useTestServer();

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (err) {
    return err;
  }
  return null;
};

describe('pet coins through the ledger', () => {
  it('grants, moves and spends with ledger rows of their own, leaving gold alone', async () => {
    const [a, b] = await Promise.all([registerUser(server), registerUser(server)]);
    const gold = await balanceOf(server, a.id);
    const after = await ledger.post(
      server.db,
      [{ userId: a.id, delta: 300, category: 'seed_grant' }],
      { refType: 'user', refId: a.id, currency: 'pet_coins' },
    );
    expect(after.get(a.id)).toBe(300);
    await ledger.post(
      server.db,
      [
        { userId: a.id, delta: -120, category: 'transfer_out', counterpartyId: b.id },
        { userId: b.id, delta: 120, category: 'transfer_in', counterpartyId: a.id },
      ],
      { refType: 'user', refId: a.id, currency: 'pet_coins' },
    );
    expect(await ledger.balanceOf(server.db, a.id, 'pet_coins')).toBe(180);
    expect(await ledger.balanceOf(server.db, b.id, 'pet_coins')).toBe(120);
    expect(await ledger.balanceOf(server.db, b.id, 'shards')).toBe(0);
    expect(await balanceOf(server, a.id)).toBe(gold);
    const rows = await server.db.rows<{
      delta: number;
      balance_after: number | null;
      currency: string;
    }>(sql`
      select delta, balance_after, currency from ledger where user_id = ${a.id} and currency <> 'gold' order by id`);
    expect(rows).toEqual([
      { delta: 300, balance_after: 300, currency: 'pet_coins' },
      { delta: -120, balance_after: 180, currency: 'pet_coins' },
    ]);
    expect(await ledger.audit(server.db)).toBeNull();
  });

  it('refuses to spend more than held, first movement or not, and changes nothing', async () => {
    const user = await registerUser(server);
    const first = await refusal(() =>
      ledger.post(server.db, [{ userId: user.id, delta: -1, category: 'store_purchase' }], {
        refType: 'user',
        refId: user.id,
        currency: 'shards',
      }),
    );
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).statusCode).toBe(409);
    expect((first as AppError).code).toBe('INSUFFICIENT_FUNDS');
    await ledger.post(server.db, [{ userId: user.id, delta: 5, category: 'seed_grant' }], {
      refType: 'user',
      refId: user.id,
      currency: 'shards',
    });
    const over = await refusal(() =>
      ledger.post(server.db, [{ userId: user.id, delta: -6, category: 'store_purchase' }], {
        refType: 'user',
        refId: user.id,
        currency: 'shards',
      }),
    );
    expect((over as AppError).code).toBe('INSUFFICIENT_FUNDS');
    expect(await ledger.balanceOf(server.db, user.id, 'shards')).toBe(5);
    expect(await ledger.audit(server.db)).toBeNull();
  });

  it('is audited: a balance changed around the ledger is named', async () => {
    const user = await registerUser(server);
    await ledger.post(server.db, [{ userId: user.id, delta: 10, category: 'seed_grant' }], {
      refType: 'user',
      refId: user.id,
      currency: 'shards',
    });
    await server.db.rows(
      sql`update balances set amount = amount + 1 where user_id = ${user.id} and currency = 'shards'`,
    );
    expect((await ledger.audit(server.db))?.message).toMatch(
      new RegExp(`user ${user.id} .* has shards balance 11 but ledger total 10`),
    );
    await server.db.rows(
      sql`update balances set amount = amount - 1 where user_id = ${user.id} and currency = 'shards'`,
    );
    expect(await ledger.audit(server.db)).toBeNull();
  });
});
