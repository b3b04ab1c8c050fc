import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registerUser, useTestServer } from '../../testing/harness';
import { publishLive } from './publish';

const server = useTestServer();

const eventsOf = (userId: number) =>
  server.db.rows<{ kind: string; payload: unknown }>(
    sql`select kind, payload from realtime_events where user_id = ${userId} order by id`,
  );

describe('publishLive', () => {
  it('records an event with the transaction that makes the change, and not when it rolls back', async () => {
    const user = await registerUser(server);
    await server.db.tx((tx) => publishLive(tx, 'trade.offered', { tradeId: '1' }, user.id));
    await expect(
      server.db.tx(async (tx) => {
        await publishLive(tx, 'trade.canceled', { tradeId: '1' }, user.id);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(user.id)).toEqual([{ kind: 'trade.offered', payload: { tradeId: '1' } }]);
  });
});
