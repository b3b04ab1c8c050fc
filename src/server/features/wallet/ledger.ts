import { is, SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import type { LedgerCategory } from '../../../shared/api/wallet';
import { AppError, banned, insufficientFunds } from '../../platform/errors';
import { refusalOf, refuse } from '../../platform/batching/refusals';
import { refTypes, type RefType } from './tables';
import { currencies, GOLD, type Currency } from './currencies';
import { accountsSql } from '../accounts/public';
import { auditAccounts } from './ledgerAccounts';

/**
 * The only code that writes a balance (DESIGN.md section 3): users.balance for gold, the
 * `balances` table for every other currency (wallet/currencies.ts). A posting moves one
 * currency for one or more users and writes their ledger rows; the house (user_id NULL) takes
 * the net, so per currency the whole ledger always sums to zero.
 *
 * Adding a currency is a line in currencies.ts and the migration it generates: `post`,
 * `postFrom`, `balanceOf` and `audit` take the currency (gold when omitted) and need nothing
 * new. The one-statement builders for hot paths (accountUpdate, ledgerRowsFor) write gold.
 *
 * Concurrency rules, which every caller relies on:
 * - Accounts are locked in ascending id order before any balance changes (lockAccounts), so
 *   two postings over the same accounts queue instead of deadlocking.
 * - A transaction locks its business rows (bet, item, trade, service...) first and posts
 *   last, and locks all the accounts it will post to in one call, so lock order is global.
 * - An UPDATE ... FROM a join re-checks a row another transaction changed meanwhile only on
 *   some plans (PostgreSQL's EvalPlanQual cannot re-scan a CTE or function input), and would
 *   skip it; so a join-form update runs only on rows this transaction has already locked, and
 *   the one-statement hot paths update a single account by key, which re-checks correctly.
 */
export interface Movement {
  userId: number;
  delta: number;
  category: LedgerCategory;
  counterpartyId?: number | null;
}

/**
 * The business row a posting pays for; every ledger row of the posting (the house's too)
 * carries it. refId may be an SQL expression, so a statement can reference a row it writes
 * itself (e.g. an id taken from the row's sequence in an earlier CTE).
 */
export interface PostingRef {
  refType: RefType;
  refId: number | string | SQL;
  /** Category of the house's row when the movements do not net to zero. */
  houseCategory?: LedgerCategory;
  /** The balance moved; gold unless given. */
  currency?: Currency;
  /**
   * A ledger account that is nobody's balance (a community treasury) takes the net instead of
   * the house, under this category; its balance can never go below zero (gold only).
   */
  account?: { id: number; category: LedgerCategory };
}

const constraintOf = (err: unknown): string | undefined => {
  const c = (err as { constraint?: unknown; cause?: { constraint?: unknown } } | null) ?? undefined;
  const name = c?.constraint ?? c?.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
};

export const accountGone = () =>
  new AppError(409, 'CONFLICT', 'An account in this transfer no longer exists');

/**
 * Turns the database's refusals of a posting into the API's errors: a balance the users CHECK
 * refuses, and the refusals posting statements name (platform/batching/refusals.ts).
 */
export function postingError(err: unknown): unknown {
  if (pgErrorCode(err) === '23514' && constraintOf(err) === 'ledger_accounts_balance_non_negative')
    return new AppError(409, 'CONFLICT', 'The treasury does not hold enough coins');
  if (pgErrorCode(err) === '23514' && constraintOf(err) === 'ledger_accounts_committed_covered')
    return new AppError(409, 'CONFLICT', 'The treasury cannot cover what its open bets could owe');
  if (pgErrorCode(err) === '23514') return insufficientFunds();
  const refusal = refusalOf(err);
  if (refusal === 'account_gone') return accountGone();
  if (refusal === 'banned') return banned();
  return err;
}

/**
 * CTEs `upd`, `house` and `ins` that apply the rows of a CTE named `input` (columns
 * user_id, delta, category, counterparty_id) to balances and the ledger. Features that need
 * a posting and their own writes in one round trip embed these after their own CTEs; a
 * negative balance then violates the users CHECK and aborts the whole statement.
 * `alsoSet` adds assignments to the same UPDATE (a row can be updated once per statement).
 */
function postingCtes(ref: PostingRef & { houseCategory: LedgerCategory }, alsoSet?: SQL): SQL {
  const refType = ref.refType;
  const refId = is(ref.refId, SQL) ? sql`(${ref.refId})::text` : String(ref.refId);
  const currency = ref.currency ?? GOLD;
  if (currency !== GOLD && alsoSet)
    throw new Error('ledger: alsoSet changes the users row, which only gold postings update');
  // Other currencies update their balance rows, which ensureBalanceRows made beforehand (an
  // upsert would not do: PostgreSQL checks the CHECK on the row it proposes to insert, so a
  // debit would fail as if the balance were short even when the row exists).
  const upd =
    currency === GOLD
      ? sql`upd as (
      update ${accountsSql.users} u set balance = u.balance + i.delta${alsoSet ? sql`, ${alsoSet}` : sql``}
      from input i where u.id = i.user_id and u.status <> 'deleted'
      returning u.id as user_id, u.balance as balance_after, i.delta, i.category, i.counterparty_id
    )`
      : sql`upd as (
      update balances b set amount = b.amount + i.delta
      from input i join ${accountsSql.users} u on u.id = i.user_id and u.status <> 'deleted'
      where b.user_id = i.user_id and b.currency = ${currency}
      returning b.user_id, b.amount as balance_after, i.delta, i.category, i.counterparty_id
    )`;
  if (ref.account) {
    if (currency !== GOLD) throw new Error('ledger: ledger accounts hold gold only');
    return sql`${upd}, net as (
      select -sum(delta)::bigint as delta from upd having sum(delta) <> 0
    ), acct as (
      update ledger_accounts a set balance = a.balance + net.delta from net where a.id = ${ref.account.id}
      returning a.id, net.delta, a.balance
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id, account_id)
      select user_id, delta, balance_after, category, ${refType}, ${refId}, counterparty_id, null from upd
      union all
      select null, delta, balance, ${ref.account.category}, ${refType}, ${refId}, null, id from acct
    )`;
  }
  return sql`${upd}, house as (
      select -sum(delta)::bigint as delta from upd having sum(delta) <> 0
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id${currency === GOLD ? sql`` : sql`, currency`})
      select user_id, delta, balance_after, category, ${refType}, ${refId}, counterparty_id${currency === GOLD ? sql`` : sql`, ${currency}`} from upd
      union all
      select null, delta, null, ${ref.houseCategory}, ${refType}, ${refId}, null${currency === GOLD ? sql`` : sql`, ${currency}`} from house
    )`;
}

/**
 * A CTE `name` that moves one account, found by key, by `delta`: a single-row UPDATE, which
 * PostgreSQL re-checks correctly under any plan if another transaction changed the row while
 * this statement waited. `when` (over earlier CTEs) is evaluated once, before the update;
 * `actor` demands an active account (the one acting), else only a not-deleted one. Returns
 * (user_id, balance_after, delta, category, counterparty_id) for ledgerRowsFor.
 */
export function accountUpdate(
  name: string,
  a: {
    userId: number | SQL;
    delta: number | SQL;
    category: LedgerCategory;
    counterpartyId?: number | SQL | null;
    actor?: boolean;
    when?: SQL;
    alsoSet?: SQL;
  },
): SQL {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`accountUpdate: bad CTE name ${name}`);
  const cte = sql.raw(name);
  const delta = sql`(${a.delta})::bigint`;
  return sql`${cte} as (
      update ${accountsSql.users} u set balance = u.balance + ${delta}${a.alsoSet ? sql`, ${a.alsoSet}` : sql``}
      where u.id = ${a.userId} and ${a.actor ? sql`u.status = 'active'` : sql`u.status <> 'deleted'`}${a.when ? sql` and (${a.when})` : sql``}
      returning u.id as user_id, u.balance as balance_after, ${delta} as delta, ${a.category}::text as category,
        (${a.counterpartyId ?? null})::bigint as counterparty_id
    )`;
}

/** CTEs `upd`, `house` and `ins`: the ledger rows (and the house's net) of accountUpdate CTEs. */
export function ledgerRowsFor(
  names: string[],
  ref: PostingRef & { houseCategory: LedgerCategory },
): SQL {
  for (const n of names)
    if (!/^[a-z_]+$/.test(n)) throw new Error(`ledgerRowsFor: bad CTE name ${n}`);
  const refId = is(ref.refId, SQL) ? sql`(${ref.refId})::text` : String(ref.refId);
  return sql`upd as (
      ${sql.raw(names.map((n) => `select * from ${n}`).join(' union all '))}
    ), house as (
      select -sum(delta)::bigint as delta from upd having sum(delta) <> 0
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id)
      select user_id, delta, balance_after, category, ${ref.refType}, ${refId}, counterparty_id from upd
      union all
      select null, delta, null, ${ref.houseCategory}, ${ref.refType}, ${refId}, null from house
    )`;
}

export interface PostOptions {
  /** The user whose action this is (sender, bettor, buyer): refused with 403 unless active. */
  actorId?: number;
  /** Assignments added to the users UPDATE, as in postingCtes. */
  alsoSet?: SQL;
}

const isDb = (q: Queryable): q is Db => typeof (q as Partial<Db>).tx === 'function';

/** Zero balance rows for a currency other than gold, so a posting's UPDATE finds every account it names. */
async function ensureBalanceRows(q: Queryable, currency: Currency, userIds: SQL): Promise<void> {
  if (currency === GOLD) return;
  await q.rows(
    sql`insert into balances (user_id, currency, amount) select id, ${currency}, 0 from ${accountsSql.users} where id in (${userIds}) on conflict do nothing`,
  );
}

/**
 * Locks accounts in ascending id order for the rest of the transaction and checks they can
 * take part: every one exists and is not deleted, and the actor (if any) is active.
 */
export async function lockAccounts(
  tx: Queryable,
  userIds: readonly number[],
  actorId?: number,
): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const rows = await tx.rows<{ id: number; status: string }>(sql`
    select id, status from ${accountsSql.users} where id in ${ids} order by id for update`);
  if (rows.length !== ids.length || rows.some((r) => r.status === 'deleted')) throw accountGone();
  if (actorId !== undefined && rows.find((r) => r.id === actorId)?.status !== 'active')
    throw banned();
}

/**
 * Moves coins for the given users, locking their accounts first (in its own transaction when
 * called outside one). Returns each user's balance after the posting.
 */
export async function post(
  q: Queryable,
  movements: Movement[],
  ref: PostingRef,
  options: PostOptions = {},
): Promise<Map<number, number>> {
  const merged = new Map<number, Movement>();
  for (const m of movements) {
    if (!Number.isSafeInteger(m.delta))
      throw new Error(`ledger: delta must be an integer, got ${m.delta}`);
    const prev = merged.get(m.userId);
    if (prev) {
      if (prev.category !== m.category)
        throw new Error('ledger: one user appears twice with different categories');
      prev.delta += m.delta;
    } else merged.set(m.userId, { ...m });
  }
  const input = [...merged.values()]
    .filter((m) => m.delta !== 0)
    .sort((a, b) => a.userId - b.userId)
    .map((m) => ({
      user_id: m.userId,
      delta: m.delta,
      category: m.category,
      counterparty_id: m.counterpartyId ?? null,
    }));
  const [first] = input;
  if (!first) return new Map();

  const run = async (tx: Queryable) => {
    await lockAccounts(
      tx,
      input.map((m) => m.user_id),
      options.actorId,
    );
    await ensureBalanceRows(
      tx,
      ref.currency ?? GOLD,
      sql.join(
        input.map((m) => sql`${m.user_id}`),
        sql`, `,
      ),
    );
    let result: { rows: { user_id: number; balance_after: number }[] | null; guard: number }[];
    try {
      // The accounts are locked by this transaction, so the join-form UPDATE sees their latest
      // versions and nobody can change them under it; the guard still refuses a partial posting.
      result = await tx.rows(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as t(user_id bigint, delta bigint, category text, counterparty_id bigint)
        ), ${postingCtes({ ...ref, houseCategory: ref.houseCategory ?? first.category }, options.alsoSet)}
        select (select json_agg(json_build_object('user_id', user_id, 'balance_after', balance_after)) from upd) as rows,
               case when (select count(*) from upd) = ${input.length}${ref.account ? sql` and (select count(*) from net) = (select count(*) from acct)` : sql``} then 1 else ${refuse('account_gone')} end as guard`);
    } catch (err) {
      throw postingError(err);
    }
    const rows = result[0]?.rows ?? [];
    return new Map(rows.map((r) => [r.user_id, r.balance_after]));
  };
  return isDb(q) ? q.tx(run) : run(q);
}

/**
 * Set-based posting for settlements: `source` selects (user_id, delta, category,
 * counterparty_id, ...) rows, any number of them. The caller's transaction must already hold
 * the locks of every account the source can name (lockAccounts, or lockAccountsWhere). `before` adds CTEs the source can read
 * (so a settlement's UPDATE and its payouts are one statement), and `alsoSet` can use the
 * source's extra columns as `i.<column>`. Returns the ids of the accounts that moved.
 */
export async function postFrom(
  q: Queryable,
  source: SQL,
  ref: PostingRef & { houseCategory: LedgerCategory },
  extra: { before?: SQL; alsoSet?: SQL } = {},
): Promise<number[]> {
  if ((ref.currency ?? GOLD) !== GOLD) {
    // The source is read twice, so it must not write: other currencies take no `before`.
    if (extra.before) throw new Error('ledger.postFrom: `before` is for gold postings only');
    await ensureBalanceRows(q, ref.currency ?? GOLD, sql`select user_id from (${source}) s`);
  }
  try {
    const [row] = await q.rows<{ moved: number[] }>(sql`
      with ${extra.before ? sql`${extra.before}, ` : sql``}input as (${source}), ${postingCtes(ref, extra.alsoSet)}
      select coalesce(json_agg(user_id), '[]'::json) as moved from upd`);
    return (row?.moved ?? []).map(Number);
  } catch (err) {
    throw postingError(err);
  }
}

/** lockAccounts for a set of accounts given by a query of user ids (a settlement's winners). */
export async function lockAccountsWhere(tx: Queryable, userIds: SQL): Promise<void> {
  await tx.rows(
    sql`select id from ${accountsSql.users} where id in (${userIds}) order by id for update`,
  );
}

export interface AuditProblem {
  message: string;
}

/** Balances of a currency, as (user_id, amount) for every user who has one. */
const balancesOf = (currency: Currency) =>
  currency === GOLD
    ? sql`select id as user_id, balance as amount from ${accountsSql.users}`
    : sql`select user_id, amount from balances where currency = ${currency}`;

/**
 * Conservation checks behind `npm run audit`, per currency: the ledger sums to zero, every
 * balance equals its ledger rows and its last row's balance_after, none is negative. Returns
 * the first discrepancy or null.
 */
export async function audit(q: Queryable): Promise<AuditProblem | null> {
  for (const currency of currencies) {
    const unit = currency === GOLD ? '' : ` ${currency}`;
    const [sum] = await q.rows<{ total: string }>(
      sql`select coalesce(sum(delta), 0)::text as total from ledger where currency = ${currency}`,
    );
    if (sum && sum.total !== '0')
      return { message: `${currency} ledger deltas sum to ${sum.total}, not 0` };
    const [mismatch] = await q.rows<{
      id: number;
      username: string;
      balance: number;
      ledger_total: string;
    }>(sql`
      select u.id, u.username, coalesce(b.amount, 0) as balance, coalesce(l.total, 0)::text as ledger_total
      from ${accountsSql.users} u
      left join (${balancesOf(currency)}) b on b.user_id = u.id
      left join (select user_id, sum(delta) as total from ledger where user_id is not null and currency = ${currency} group by user_id) l
        on l.user_id = u.id
      where coalesce(b.amount, 0) <> coalesce(l.total, 0)
      order by u.id limit 1`);
    if (mismatch) {
      return {
        message: `user ${mismatch.id} (${mismatch.username}) has${unit} balance ${mismatch.balance} but ledger total ${mismatch.ledger_total}`,
      };
    }
    const [negative] = await q.rows<{ id: number; username: string; balance: number }>(sql`
      select u.id, u.username, b.amount as balance from (${balancesOf(currency)}) b join ${accountsSql.users} u on u.id = b.user_id
      where b.amount < 0 order by u.id limit 1`);
    if (negative)
      return {
        message: `user ${negative.id} (${negative.username}) has negative${unit} balance ${negative.balance}`,
      };
    const [afterMismatch] = await q.rows<{ id: number; user_id: number }>(sql`
      select l.id, l.user_id from ledger l join (${balancesOf(currency)}) b on b.user_id = l.user_id
      where l.id = (select max(id) from ledger l2 where l2.user_id = b.user_id and l2.currency = ${currency}) and l.balance_after <> b.amount
      order by l.id limit 1`);
    if (afterMismatch) {
      return {
        message: `ledger row ${afterMismatch.id}: balance_after differs from user ${afterMismatch.user_id}'s${unit} balance`,
      };
    }
  }
  return auditAccounts(q);
}

// Accounts that are nobody's balance, in a module of their own; callers keep `ledger.*`.
export {
  accountBalanceValue,
  accountCommittedValue,
  auditCommitments,
  commit,
  drainAccount,
  lockAccount,
  openAccount,
  stakeIntoAccountCtes,
} from './ledgerAccounts';

/** The ledger's row count, as a scalar subquery (the audit report's figure). */
export const rowCount = sql`(select count(*)::int from ledger)`;

/**
 * The players with a posting among the `rows` ledger rows after row `afterId`, and the last row
 * id looked at: who did something that moves a counter since a sweep last looked.
 */
export async function playersPostedSince(
  q: Queryable,
  afterId: number,
  rows: number,
): Promise<{ userIds: number[]; upTo: number }> {
  const [row] = await q.rows<{ users: number[] | null; up_to: number | null }>(sql`
    with seen as (select id, user_id from ledger where id > ${afterId} order by id limit ${rows})
    select (select array_agg(distinct user_id) from seen where user_id is not null) as users,
      (select max(id) from seen)::bigint as up_to`);
  return {
    userIds: (row?.users ?? []).map(Number),
    upTo: row?.up_to == null ? afterId : Number(row.up_to),
  };
}

/** The newest ledger row's id, null while there is none: where a live balance feed starts. */
export const newestRowId = sql`(select max(id) from ledger)`;

/**
 * The gold rows of `userIds` (a bigint[] literal) after row `after` up to row `upTo`, oldest
 * first: the balance changes a live feed pushes.
 */
export const goldRowsOf = (userIds: string, after: number, upTo: number): SQL => sql`
        select id, user_id, balance_after from ledger
        where id > ${after} and id <= ${upTo} and user_id = any(${userIds}::bigint[])
          and currency = 'gold'
        order by id`;

/** Rows written before migration 0003 that name no business row (it leaves ledger_ref_known NOT VALID). */
export async function unplacedRows(q: Queryable): Promise<number> {
  const [row] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from ledger where ref_type is null or ref_id is null or ref_type not in ${refTypes}`,
  );
  return row?.n ?? 0;
}

/** A user's balance of a currency other than gold, as a scalar subquery: null before its first movement. */
export const balanceValue = (userId: unknown, currency: Exclude<Currency, typeof GOLD>): SQL =>
  sql`(select amount from balances where user_id = ${userId} and currency = ${currency})`;

/** A user's balance of one currency (0 before its first movement). */
export async function balanceOf(q: Queryable, userId: number, currency: Currency): Promise<number> {
  const [row] = await q.rows<{ amount: number }>(
    sql`select amount from (${balancesOf(currency)}) b where user_id = ${userId}`,
  );
  return Number(row?.amount ?? 0);
}

/**
 * CTEs `upd` and `ins` for a game round settled in one statement with no transaction around it
 * (games/engine/oneStatement.ts): the stake leaves and the payout arrives in one update of the
 * player's row, written as the two postings the transactional path writes (stake, then payout,
 * each with the house's side). An UPDATE can touch a row once per statement, so the guards a
 * separate debit would get from the CHECK are written into it: a stake above the balance sets
 * -1, which the users CHECK refuses (23514, 'Insufficient balance' by postingError), and an
 * account that is not active is refused as 'banned' (403 by postingError). Either
 * aborts the whole statement, so the round, its nonce and its counters are not written either.
 * `when` (over earlier CTEs) gates the update; the caller's CTEs gate on `upd`.
 */
export function roundPostingCtes(p: {
  userId: SQL;
  stake: SQL;
  payout: SQL;
  when: SQL;
  refId: SQL;
  payoutCategory: LedgerCategory | SQL;
}): SQL {
  const stake = sql`(${p.stake})::bigint`;
  const payout = sql`(${p.payout})::bigint`;
  const refId = sql`(${p.refId})::text`;
  return sql`upd as (
      update ${accountsSql.users} u set balance = case
          when u.status <> 'active' then ${refuse('banned')}
          when u.balance < ${stake} then -1
          else u.balance - ${stake} + ${payout} end
      where u.id = ${p.userId} and (${p.when})
      returning u.id as user_id, u.balance as balance_after
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id)
      select user_id, -${stake}, balance_after - ${payout}, 'game_stake', 'round', ${refId}, null::bigint from upd where ${stake} > 0
      union all
      select null, ${stake}, null, 'game_stake', 'round', ${refId}, null from upd where ${stake} > 0
      union all
      select user_id, ${payout}, balance_after, ${p.payoutCategory}, 'round', ${refId}, null from upd where ${payout} > 0
      union all
      select null, -${payout}, null, ${p.payoutCategory}, 'round', ${refId}, null from upd where ${payout} > 0
    )`;
}
