import { sql } from 'drizzle-orm';
import { FRENZY_HOURLY_LIMIT } from '../../../shared/games/engine/catalog';
import type { LedgerPage, SendMoneyResponse } from '../../../shared/api/wallet';
import type { UserStatus } from '../../../shared/api/accounts';
import type { Deps } from '../../platform/deps';
import { badRequest, banned, conflict, notFound } from '../../platform/errors';
import { refuse } from '../../platform/batching/refusals';
import { accountsSql, assertEstablished } from '../accounts/public';
import * as ledger from './ledger';
import { presentLedgerEntry, type LedgerRow } from './presenter';

/**
 * Why the transfer statement moved nothing; runs only on that path, after it. Explained from a
 * read taken after the refused statement, not from the statement's own view of the recipient
 * (its snapshot from before it waited for the accounts' locks): a send that raced a ban of the
 * recipient must hear that they are banned, not that it should try again.
 */
async function explainRefusedTransfer(
  deps: Deps,
  fromUserId: number,
  recipientUsername: string,
): Promise<never> {
  const [[recipient], [sender]] = await Promise.all([
    deps.db.rows<{ id: number; username: string; status: UserStatus }>(
      accountsSql.byUsername(recipientUsername),
    ),
    deps.db.rows<{ status: UserStatus }>(accountsSql.statusOf(fromUserId)),
  ]);
  if (!recipient)
    throw notFound(`recipientUsername: no user named ${recipientUsername}`, [
      { field: 'recipientUsername', rule: 'not_found', value: recipientUsername },
    ]);
  if (recipient.id === fromUserId)
    throw badRequest('recipientUsername: you cannot send coins to yourself', [
      { field: 'recipientUsername', rule: 'self' },
    ]);
  if (sender?.status !== 'active') throw banned();
  if (recipient.status === 'banned')
    throw conflict(`${recipient.username} is banned and cannot receive coins`);
  throw conflict('The transfer could not be completed; try again');
}

export async function sendMoney(
  deps: Deps,
  fromUserId: number,
  recipientUsername: string,
  amount: number,
): Promise<SendMoneyResponse> {
  await assertEstablished(deps, fromUserId, 'send coins');
  // One statement, one round trip: find the recipient, lock both accounts in id order (so
  // transfers in opposite directions queue rather than deadlock), record the transfer, debit
  // the sender (only while active) and credit the recipient, each by key, record CoinsSent (an
  // outbox row, platform/events.ts) and report what moved; a refusal is explained by explainRefusedTransfer. The guard aborts everything, the
  // transfers row with it, if only one side moved (the recipient was deleted meanwhile).
  let rows: { id: number; username: string; balance: number | null; moved: number }[];
  try {
    rows = await deps.db.prepared(
      'send_money',
      sql`
      with r as (
        select id, username, status from ${accountsSql.users}
        where lower(username) = lower(${recipientUsername}) and status <> 'deleted'
      ), ok as (
        select id from r where status = 'active' and id <> ${fromUserId}
      ), lk as (
        select id, status from ${accountsSql.users} where id in (${fromUserId}, (select id from ok)) order by id for update
      ), t as (
        insert into transfers (from_user_id, to_user_id, amount)
        select ${fromUserId}, ok.id, ${amount} from ok
        where (select count(*) from lk where status = 'active') = 2
        returning id
      ), ${ledger.accountUpdate('debit', {
        userId: fromUserId,
        delta: -amount,
        category: 'transfer_out',
        counterpartyId: sql`select id from ok`,
        actor: true,
        when: sql`exists (select 1 from t)`,
      })}, ${ledger.accountUpdate('credit', {
        userId: sql`(select id from ok)`,
        delta: amount,
        category: 'transfer_in',
        counterpartyId: fromUserId,
        when: sql`exists (select 1 from debit)`,
      })}, ${ledger.ledgerRowsFor(['debit', 'credit'], { refType: 'transfer', refId: sql`select id from t`, houseCategory: 'transfer_out' })}, ${deps.events.recording(
        'ev',
        'CoinsSent',
        {
          transferId: sql`(select id from t)::text`,
          fromUserId: sql`${fromUserId}::bigint`,
          from: accountsSql.usernameOf(fromUserId),
          toUserId: sql`credit.user_id`,
          amount: sql`${amount}::bigint`,
        },
        // One event when the credit was made: its listener tells the recipient (module.ts).
        sql`from credit`,
      )}
      select r.id, r.username,
        (select balance_after from upd where user_id = ${fromUserId}) as balance,
        (select count(*)::int from upd) as moved,
        case when (select count(*) from upd) in (0, 2) then 1 else ${refuse('account_gone')} end as guard
      from r`,
    );
  } catch (err) {
    throw ledger.postingError(err);
  }
  const recipient = rows[0];
  if (!recipient || recipient.moved !== 2 || recipient.balance === null)
    return explainRefusedTransfer(deps, fromUserId, recipientUsername);
  deps.events.nudge();
  return {
    message: `Sent ${amount} coins to ${recipient.username}`,
    balance: recipient.balance,
  };
}

/**
 * The statement, newest first. Click Frenzy pays a coin a click, so an hour of it was a hundred
 * rows burying everything else (issue 33): rewards of one UTC hour that follow each other are one
 * entry. An hour holds at most FRENZY_HOURLY_LIMIT of them, so reading (limit + 2) x that many
 * rows always holds limit + 1 whole entries, and a page never ends inside an entry.
 */
export async function statement(
  deps: Deps,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<LedgerPage> {
  const rows = await deps.db.rows<LedgerRow & { oldest_id: number }>(sql`
    with scan as (
      select l.id, l.delta, l.balance_after, l.category, l.ref_type, l.ref_id, l.created_at, l.counterparty_id,
        case when l.category = 'frenzy_reward' then date_trunc('hour', l.created_at at time zone 'UTC') end as hour
      from ledger l
      where l.user_id = ${userId} and l.id < ${before ?? Number.MAX_SAFE_INTEGER} and l.currency = 'gold'
      order by l.id desc
      limit ${(limit + 2) * (FRENZY_HOURLY_LIMIT + 1)}
    ), marked as (
      select *, case when hour is not null and hour = lag(hour) over (order by id desc) then 0 else 1 end as starts from scan
    ), grouped as (
      select *, sum(starts) over (order by id desc) as entry from marked
    ), entries as (
      select entry, max(id) as id, min(id) as oldest_id, sum(delta)::bigint as delta, count(*)::int as n from grouped group by entry
    )
    select e.id, e.oldest_id, e.delta, e.n, g.balance_after, g.category, g.ref_type, g.ref_id, g.created_at, c.username as counterparty
    from entries e join grouped g on g.id = e.id left join ${accountsSql.users} c on c.id = g.counterparty_id
    order by e.entry
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(presentLedgerEntry),
    nextBefore: rows.length > limit && last ? String(last.oldest_id) : null,
  };
}
