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
  const [recipient] = await deps.db.rows<{ id: number; username: string; status: string }>(sql`
    select id, username, status from users
    where lower(username) = lower(${recipientUsername}) and status <> 'deleted'`);
  if (!recipient) throw notFound(`recipientUsername: no user named ${recipientUsername}`);
  if (recipient.id === fromUserId) throw badRequest('recipientUsername: you cannot send coins to yourself');
  if (recipient.status === 'banned') throw conflict(`${recipient.username} is banned and cannot receive coins`);
  // No explicit transaction: one ledger posting is atomic by itself, which saves two round trips.
  const after = await withRetry(() =>
    ledger.post(
      deps.db,
      [
        { userId: fromUserId, delta: -amount, category: 'transfer_out', counterpartyId: recipient.id },
        { userId: recipient.id, delta: amount, category: 'transfer_in', counterpartyId: fromUserId },
      ],
      { refType: 'transfer' },
    ),
  );
  deps.events.emit('CoinsSent', { fromUserId, toUserId: recipient.id, amount });
  return {
    message: `Sent ${amount} coins to ${recipient.username}`,
    balance: after.get(fromUserId) ?? 0,
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
