import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { Listeners } from '../../platform/events';
import { paidBySettlement } from '../bets/public';
import { notify } from './inbox';

const coins = (n: number) => `${n.toLocaleString('en-US')} coin${n === 1 ? '' : 's'}`;

/** A settlement's notice for each player it paid: what they won, or got back. */
async function betSettled(q: Queryable, betId: number): Promise<void> {
  const rows = await q.rows<{ user_id: number; title: string; won: number; refunded: number }>(
    sql`select user_id, title, won, refunded from (${paidBySettlement(betId)}) x order by user_id`,
  );
  await notify(
    q,
    rows.map((r) => ({
      userId: r.user_id,
      kind: 'bet_settled' as const,
      title: r.won > 0 ? `You won ${coins(Number(r.won))}` : `Stakes returned`,
      body:
        r.won > 0
          ? `"${r.title}" is settled${Number(r.refunded) > 0 ? `, and ${coins(Number(r.refunded))} came back` : ''}.`
          : `"${r.title}" was voided: ${coins(Number(r.refunded))} came back to you.`,
      link: '/bets',
      dedupeKey: `bet:${betId}`,
    })),
  );
}

/**
 * What each domain event tells whom (DESIGN.md section 12). Each runs in the event's delivery
 * transaction, so its inbox rows commit exactly once with the event's delivered mark.
 */
export const notificationListeners = (): Listeners => ({
  CoinsSent: (q, e) =>
    notify(q, [
      {
        userId: e.toUserId,
        kind: 'coins_received',
        title: `${e.from} sent you ${coins(e.amount)}`,
        body: 'They are in your balance now.',
        link: '/dashboard',
        dedupeKey: `transfer:${e.transferId}`,
      },
    ]).then(() => undefined),
  BetSettled: (q, e) => betSettled(q, e.betId),
});
