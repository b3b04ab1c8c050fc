import { is, SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { LedgerCategory } from '../../../shared/api/wallet';
import type { RefType } from './tables';
import { accountsSql } from '../accounts/public';
import { accountGone, postingError, type AuditProblem, type PostingRef } from './ledger';

/*
 * Ledger accounts that are nobody's balance (a community's treasury): opened empty, paid into and
 * out of by ledger.post's `ref.account`, and holding `committed`, what their open promises could
 * cost, within their balance by a CHECK. Lock order as in ledger.ts: players' accounts, then these.
 * Re-exported by ledger.ts, so callers write `ledger.openAccount`.
 */

/**
 * CTEs for a player's stake paid into a ledger account that promises a payout against it (a
 * community bet's wager), for one statement: `acct_lock` takes the account's row after the
 * player's (`user_lock`: players before accounts, as settlements and donations lock them) once
 * `when` holds; `acct_ok` holds if the account can still promise `rise` more with the stake in;
 * then the player pays (`stake`, refused unless active, by the users CHECK when short), the
 * account takes the stake and the promise (`acct`), and both ledger rows are written (`ins`).
 * Nothing moves unless all of it does.
 */
export function stakeIntoAccountCtes(p: {
  userId: SQL;
  amount: SQL;
  accountId: SQL;
  rise: SQL;
  when: SQL;
  refType: RefType;
  refId: SQL;
  userCategory: LedgerCategory;
  accountCategory: LedgerCategory;
  alsoSet?: SQL;
}): SQL {
  const amount = sql`(${p.amount})::bigint`;
  const rise = sql`(${p.rise})::bigint`;
  return sql`user_lock as (
      select u.id from ${accountsSql.users} u where u.id = ${p.userId} and (${p.when}) for update
    ), acct_lock as (
      select a.id, a.balance, a.committed from ledger_accounts a
      where a.id = ${p.accountId} and exists (select 1 from user_lock) for update
    ), acct_ok as (
      select 1 from acct_lock where acct_lock.committed + ${rise} <= acct_lock.balance + ${amount}
    ), stake as (
      update ${accountsSql.users} u set balance = u.balance - ${amount}${p.alsoSet ? sql`, ${p.alsoSet}` : sql``}
      where u.id = ${p.userId} and u.status = 'active' and exists (select 1 from acct_ok)
      returning u.id as user_id, u.balance as balance_after
    ), acct as (
      update ledger_accounts a set balance = a.balance + ${amount}, committed = a.committed + ${rise}
      where a.id = ${p.accountId} and exists (select 1 from stake)
      returning a.id, a.balance
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id, account_id)
      select user_id, -${amount}, balance_after, ${p.userCategory}::text, ${p.refType}::text, (${p.refId})::text, null::bigint, null::bigint from stake
      union all
      select null::bigint, ${amount}, balance, ${p.accountCategory}::text, ${p.refType}::text, (${p.refId})::text, null::bigint, id from acct
    )`;
}

/** Opens a ledger account that is nobody's balance (a community treasury), empty. */
export async function openAccount(q: Queryable, kind: 'community_treasury'): Promise<number> {
  const [row] = await q.rows<{ id: number }>(
    sql`insert into ledger_accounts (kind) values (${kind}) returning id`,
  );
  if (!row) throw new Error('ledger: no account id returned');
  return row.id;
}

/**
 * Locks a ledger account for the rest of the transaction (after its users' accounts: see the
 * lock order above) and reads it: what it holds and how much of that its promises take.
 */
export async function lockAccount(
  q: Queryable,
  accountId: number,
): Promise<{ balance: number; committed: number }> {
  const [row] = await q.rows<{ balance: string; committed: string }>(sql`
    select balance::text, committed::text from ledger_accounts where id = ${accountId} for update`);
  if (!row) throw accountGone();
  return { balance: Number(row.balance), committed: Number(row.committed) };
}

/**
 * Raises (or with a negative delta lowers) what an account has promised, which its CHECK keeps
 * within its balance: a promise the balance cannot cover is refused (23514, by postingError).
 * Lower it before paying out what it promised, raise it after taking in what pays for it.
 */
export async function commit(q: Queryable, accountId: number, delta: number): Promise<void> {
  if (!Number.isSafeInteger(delta))
    throw new Error(`ledger: commit takes an integer, got ${delta}`);
  if (delta === 0) return;
  try {
    await q.rows(
      sql`update ledger_accounts set committed = committed + ${delta} where id = ${accountId}`,
    );
  } catch (err) {
    throw postingError(err);
  }
}

/**
 * The audit of promises: each ledger account's committed coins equal what the open promises
 * the modules list (rows of account_id, amount) add up to.
 */
export async function auditCommitments(
  q: Queryable,
  promises: SQL[],
): Promise<AuditProblem | null> {
  const all = promises.length
    ? sql.join(
        promises.map((p) => sql`select account_id, amount from (${p}) x`),
        sql` union all `,
      )
    : sql`select null::bigint as account_id, 0::bigint as amount where false`;
  const [row] = await q.rows<{ id: number; committed: string; promised: string }>(sql`
    select a.id, a.committed::text, coalesce(p.total, 0)::text as promised from ledger_accounts a
    left join (select account_id, sum(amount) as total from (${all}) s group by account_id) p on p.account_id = a.id
    where a.committed <> coalesce(p.total, 0) order by a.id limit 1`);
  return row
    ? {
        message: `ledger account ${row.id} has committed ${row.committed} but its open promises add up to ${row.promised}`,
      }
    : null;
}

/** A ledger account's balance as a scalar subquery (a presenter's column). */
export const accountBalanceValue = (accountId: unknown): SQL =>
  sql`(select balance from ledger_accounts where id = ${accountId})`;

/** What a ledger account's promises take of its balance, as a scalar subquery. */
export const accountCommittedValue = (accountId: unknown): SQL =>
  sql`(select committed from ledger_accounts where id = ${accountId})`;

/**
 * Empties a ledger account into the house (what is left when nobody can take it back), in the
 * caller's transaction. Returns the amount moved.
 */
export async function drainAccount(
  q: Queryable,
  accountId: number,
  ref: PostingRef & {
    houseCategory: LedgerCategory;
    account: { id: number; category: LedgerCategory };
  },
): Promise<number> {
  const refId = is(ref.refId, SQL) ? sql`(${ref.refId})::text` : String(ref.refId);
  const [row] = await q.rows<{ moved: number | null }>(sql`
    with old as (select balance from ledger_accounts where id = ${accountId} for update),
    acct as (
      update ledger_accounts a set balance = 0 from old where a.id = ${accountId} and old.balance > 0
      returning old.balance as moved
    ), ins as (
      -- Typed: in a UNION, bare nulls would resolve to text, which a bigint column refuses.
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id, account_id)
      select null::bigint, -moved, 0::bigint, ${ref.account.category}::text, ${ref.refType}::text, ${refId}::text, null::bigint, ${accountId}::bigint from acct
      union all
      select null::bigint, moved, null::bigint, ${ref.houseCategory}::text, ${ref.refType}::text, ${refId}::text, null::bigint, null::bigint from acct
    )
    select (select moved from acct) as moved`);
  return Number(row?.moved ?? 0);
}

/** The audit of ledger accounts: each balance equals its rows and its last row's balance_after. */
export async function auditAccounts(q: Queryable): Promise<AuditProblem | null> {
  const [mismatch] = await q.rows<{ id: number; balance: number; total: string }>(sql`
    select a.id, a.balance, coalesce(l.total, 0)::text as total from ledger_accounts a
    left join (select account_id, sum(delta) as total from ledger where account_id is not null group by account_id) l
      on l.account_id = a.id
    where a.balance <> coalesce(l.total, 0) order by a.id limit 1`);
  if (mismatch)
    return {
      message: `ledger account ${mismatch.id} has balance ${mismatch.balance} but ledger total ${mismatch.total}`,
    };
  const [after] = await q.rows<{ id: number; account_id: number }>(sql`
    select l.id, l.account_id from ledger_accounts a
    join ledger l on l.id = (select max(id) from ledger l2 where l2.account_id = a.id)
    where l.balance_after <> a.balance order by l.id limit 1`);
  if (after)
    return {
      message: `ledger row ${after.id}: balance_after differs from ledger account ${after.account_id}'s balance`,
    };
  return null;
}
