import { sql, type SQL } from 'drizzle-orm';
import type { LedgerCategory } from '../../../shared/api/wallet';
import type { RefType } from './tables';
import { accountsSql } from '../accounts/public';

/*
 * The ledger's CTEs for group statements (platform/batching/groupCommit.ts): the postings of many
 * players' operations in one statement, each player once. Beside ledger.ts, which writes one
 * operation's postings; both are the wallet's only writers of balances.
 */

/**
 * roundPostingCtes for many players' rounds in one statement (games/engine/roundBatch.ts), as two
 * CTEs. `upd` moves each player's balance once (`source`: i, user_id, stake, payout, one row per
 * player): a round whose account is not active or short of the stake drops out instead of
 * aborting the others, and its caller plays it alone for the exact refusal. `ins`
 * (`postings`: user_id, stake, payout, balance_after, payout_category, round_id) writes the same
 * postings as roundPostingCtes, in the same order, for the rounds that went through.
 */
export function roundBatchBalanceCte(source: SQL): SQL {
  return sql`upd as (
      update ${accountsSql.users} u set balance = u.balance - r.stake + r.payout
      from (${source}) r
      where u.id = r.user_id and u.status = 'active' and u.balance >= r.stake
      returning r.i, u.balance as balance_after
    )`;
}

export function roundBatchPostingsCte(postings: SQL): SQL {
  return sql`ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id)
      select v.user_id, v.delta, v.balance_after, v.category, 'round', r.round_id::text, null::bigint
      from (${postings}) r cross join lateral (values
        (r.user_id, -r.stake, r.balance_after - r.payout, 'game_stake'),
        (null::bigint, r.stake, null::bigint, 'game_stake'),
        (r.user_id, r.payout, r.balance_after, r.payout_category),
        (null::bigint, -r.payout, null::bigint, r.payout_category)
      ) v(user_id, delta, balance_after, category)
      where v.delta <> 0
    )`;
}

/**
 * accountUpdate and ledgerRowsFor for stakes of many players in one statement
 * (platform/batching/groupCommit.ts), as two CTEs. `upd` debits each player once (`source`: i,
 * user_id, amount, one row per player; `alsoSet` as in accountUpdate, over the row aliased u): a
 * stake whose account is not active or short of it drops out instead of aborting the others, and
 * its caller places it alone for the exact refusal. `ins` (`postings`: user_id, amount,
 * balance_after, ref_id) writes each debit and the house's side, as ledgerRowsFor does for one.
 */
export function groupDebitCte(source: SQL, alsoSet?: SQL): SQL {
  return sql`upd as (
      update ${accountsSql.users} u set balance = u.balance - r.amount${alsoSet ? sql`, ${alsoSet}` : sql``}
      from (${source}) r
      where u.id = r.user_id and u.status = 'active' and u.balance >= r.amount
      returning r.i, u.balance as balance_after
    )`;
}

export function groupDebitPostingsCte(
  postings: SQL,
  category: LedgerCategory,
  refType: RefType,
): SQL {
  return sql`ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id)
      select v.user_id, v.delta, v.balance_after, ${category}, ${refType}, r.ref_id::text, null::bigint
      from (${postings}) r cross join lateral (values
        (r.user_id, -r.amount, r.balance_after),
        (null::bigint, r.amount, null::bigint)
      ) v(user_id, delta, balance_after)
    )`;
}

/** groupDebitCte for credits (`source`: i, user_id, amount > 0): the account must be active. */
export function groupCreditCte(source: SQL): SQL {
  return groupDebitCte(sql`select c.i, c.user_id, -c.amount as amount from (${source}) c`);
}

/** groupDebitPostingsCte for groupCreditCte's credits (`postings`: user_id, amount, balance_after, ref_id). */
export function groupCreditPostingsCte(
  postings: SQL,
  category: LedgerCategory,
  refType: RefType,
): SQL {
  return groupDebitPostingsCte(
    sql`select c.user_id, -c.amount as amount, c.balance_after, c.ref_id from (${postings}) c`,
    category,
    refType,
  );
}

/**
 * The ledger accounts (treasuries) of a group statement, locked in id order and read (`al`: id,
 * balance, committed); `ids` is a query of account ids. Waits for them: players' rows come first
 * with SKIP LOCKED, accounts last, as stakeIntoAccountCtes locks them for one stake.
 */
export function groupAccountLockCte(ids: SQL): SQL {
  return sql`al as (
      select a.id, a.balance, a.committed from ledger_accounts a
      where a.id in (${ids}) order by a.id for update
    )`;
}

/**
 * stakeIntoAccountCtes for many players' stakes in one statement, after groupDebitCte took each
 * player's stake: `acct` adds each account's stakes and the promises they raise, and `ins` writes
 * the postings in order of arrival, the player's row then the account's (`stakes`: i, user_id,
 * amount, user_balance, account_id, account_balance (the account's balance after this stake),
 * ref_id, one row per stake; `rises`: account_id, rise, one row per account).
 */
export function groupStakesIntoAccountsCtes(
  stakes: SQL,
  rises: SQL,
  refType: RefType,
  userCategory: LedgerCategory,
  accountCategory: LedgerCategory,
): SQL {
  return sql`acct as (
      update ledger_accounts a set balance = a.balance + s.amount, committed = a.committed + r.rise
      from (select account_id, sum(amount) as amount from (${stakes}) x group by account_id) s
        join (${rises}) r on r.account_id = s.account_id
      where a.id = s.account_id
      returning a.id
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id, account_id)
      select v.user_id, v.delta, v.balance_after, v.category, ${refType}, r.ref_id::text, null::bigint, v.account_id
      from (${stakes}) r cross join lateral (values
          (0, r.user_id, -r.amount, r.user_balance, ${userCategory}::text, null::bigint),
          (1, null::bigint, r.amount, r.account_balance, ${accountCategory}::text, r.account_id)
        ) v(side, user_id, delta, balance_after, category, account_id)
      order by r.i, v.side
    )`;
}
