import { sql } from 'drizzle-orm';
import type { LedgerPage, SendMoneyResponse } from '../../../shared/api/wallet';
import { withRetry } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import * as ledger from './ledger';
import { presentLedgerEntry, type LedgerRow } from './presenter';

export async function sendMoney(
  deps: Deps,
  fromUserId: number,
  recipientUsername: string,
  amount: number,
): Promise<SendMoneyResponse> {
  // One statement, one round trip: find the recipient, move the coins through the ledger's
  // CTEs when the transfer is allowed, and report what it found so refusals can be explained.
  // The guard aborts the statement if only one side moved (an account vanished mid-flight).
  let rows: { id: number; username: string; status: string; balance: number | null; moved: number }[];
  try {
    rows = await withRetry(() =>
      deps.db.prepared('send_money', sql`
        with r as (
          select id, username, status from users
          where lower(username) = lower(${recipientUsername}) and status <> 'deleted'
        ), ok as (
          select id from r where status = 'active' and id <> ${fromUserId}
        ), input as (
          select ${fromUserId}::bigint as user_id, ${-amount}::bigint as delta, 'transfer_out'::text as category, ok.id as counterparty_id from ok
          union all
          select ok.id, ${amount}::bigint, 'transfer_in'::text, ${fromUserId}::bigint from ok
        ), ${ledger.postingCtes({ refType: 'transfer', houseCategory: 'transfer_out' })}
        select r.id, r.username, r.status,
          (select balance_after from upd where user_id = ${fromUserId}) as balance,
          (select count(*)::int from upd) as moved,
          1 / (case when (select count(*) from upd) in (0, 2) then 1 else 0 end) as guard
        from r`),
    );
  } catch (err) {
    throw ledger.postingError(err);
  }
  const recipient = rows[0];
  if (!recipient) throw notFound(`recipientUsername: no user named ${recipientUsername}`);
  if (recipient.id === fromUserId) throw badRequest('recipientUsername: you cannot send coins to yourself');
  if (recipient.status === 'banned') throw conflict(`${recipient.username} is banned and cannot receive coins`);
  if (recipient.moved !== 2 || recipient.balance === null) throw conflict('The transfer could not be completed; try again');
  deps.events.emit('CoinsSent', { fromUserId, toUserId: recipient.id, amount });
  return {
    message: `Sent ${amount} coins to ${recipient.username}`,
    balance: recipient.balance,
  };
}

export async function statement(deps: Deps, userId: number, before: number | undefined, limit: number): Promise<LedgerPage> {
  const rows = await deps.db.rows<LedgerRow>(sql`
    select l.id, l.delta, l.balance_after, l.category, l.ref_type, l.ref_id, l.created_at, c.username as counterparty
    from ledger l left join users c on c.id = l.counterparty_id
    where l.user_id = ${userId} and l.id < ${before ?? Number.MAX_SAFE_INTEGER}
    order by l.id desc
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(presentLedgerEntry),
    nextBefore: rows.length > limit && page.length > 0 ? String(page[page.length - 1]!.id) : null,
  };
}
