import { sql } from 'drizzle-orm';
import type { PlaceWagerResponse } from '../../../shared/api/bets';
import type { Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, banned, conflict, notFound } from '../../platform/errors';
import { defineHotWrite } from '../../platform/batching/hotWrite';
import { refuse } from '../../platform/batching/refusals';
import { turns } from '../../platform/batching/turns';
import { countPlacement } from '../../platform/placements';
import { accountsSql } from '../accounts/public';
import { isMemberOf } from '../communities/public';
import { groupPostings, ledger } from '../wallet/public';
import { presentWager } from './presenter';
import { votesChanged } from './live';

/*
 * A wager on a community bet (community.ts): the stake goes into the bet's treasury, and the
 * option's liability, the bet's exposure (its largest liability) and the treasury's committed
 * coins rise with it, within the treasury's balance. A hot write (platform/batching/README.md):
 * the wagers that arrive together go in one statement, which follows them in order of arrival
 * and takes each treasury's wagers up to the first its coins could not cover; the rest go alone.
 */

/**
 * The most stake an option can still take: a stake s at odds k (hundredths) pays
 * p = floor(s * k / 100), and is accepted while p - s stays within the treasury's uncommitted
 * coins plus the payout the bet's exposure already covers on that option (its largest option's
 * liability less this one's), since the stake itself comes into the treasury.
 */
export function stakeRoom(p: {
  balance: number;
  committed: number;
  exposure: number;
  liability: number;
  odds: number;
}): number {
  const spare = BigInt(p.balance - p.committed + p.exposure - p.liability);
  if (spare < 0n) return 0;
  const max = (100n * (spare + 1n) - 1n) / BigInt(p.odds - 100);
  return Number(max > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(Number.MAX_SAFE_INTEGER) : max);
}

interface CommunityWager {
  userId: number;
  betId: number;
  treasury: number;
  choice: string;
  amount: number;
}

/**
 * Why a community wager was not placed; runs only then, after its statement, and reads afresh:
 * the player, the bet (a member's, open, before its end, the option), then the treasury's room.
 */
async function explainCommunityWager(db: Db, w: CommunityWager): Promise<never> {
  const [actor] = await db.rows<{ status: string }>(accountsSql.statusOf(w.userId));
  if (actor?.status !== 'active') throw banned();
  const [bet] = await db.rows<{
    status: string;
    ended: boolean;
    options: string[];
    exposure: string;
    balance: string;
    committed: string;
  }>(sql`
    select b.status, b.end_time <= now() as ended, b.exposure::text,
      ${ledger.accountBalanceValue(sql`b.account_id`)}::text as balance,
      ${ledger.accountCommittedValue(sql`b.account_id`)}::text as committed,
      (select json_agg(o.text order by o.position) from bet_options o where o.bet_id = b.id) as options
    from bets b
    where b.id = ${w.betId} and ${isMemberOf(sql`b.community_id`, w.userId)}`);
  if (!bet)
    throw notFound(`betId: no bet with id ${w.betId}`, [
      { field: 'betId', rule: 'not_found', value: String(w.betId) },
    ]);
  if (bet.status !== 'open')
    throw conflict(`This bet is ${bet.status === 'finalized' ? 'already settled' : 'void'}`);
  if (bet.ended) throw conflict('This bet is closed: its end time has passed');
  if (!bet.options.includes(w.choice))
    throw badRequest(
      `choice: "${w.choice}" is not an option of this bet (options: ${bet.options.join(', ')})`,
      [{ field: 'choice', rule: 'not_found', value: w.choice }],
    );
  const [option] = await db.rows<{ odds: number; liability: string }>(
    sql`select odds, liability::text from bet_options where bet_id = ${w.betId} and text = ${w.choice}`,
  );
  if (option) {
    const room = stakeRoom({
      balance: Number(bet.balance),
      committed: Number(bet.committed),
      exposure: Number(bet.exposure),
      liability: Number(option.liability),
      odds: option.odds,
    });
    if (w.amount > room)
      throw conflict(
        room > 0
          ? `amount: the treasury can cover at most ${room.toLocaleString('en-US')} more coins on "${w.choice}" now`
          : `amount: the treasury cannot cover another wager on "${w.choice}" now`,
        [{ field: 'amount', rule: 'exposure', limit: room }],
      );
  }
  throw conflict('The bet changed while placing the wager; try again');
}

/**
 * A treasury's lone wagers wait their turn here, two at a time in this process (one running, one
 * ready), instead of all at once on the bet's row lock, where every commit would wake each
 * waiter to try again. Other processes' wagers still queue in PostgreSQL.
 */
const treasuryTurns = turns(2);

interface CommunityWagerRow {
  staked: boolean;
  title: string | null;
  odds: number | null;
  wager_id: string | null;
  created_at: Date | null;
  user_balance: string | null;
}

type PlacedRow = CommunityWagerRow & {
  staked: true;
  wager_id: string;
  created_at: Date;
  user_balance: string;
};

/**
 * One wager, alone: the bet and option locked and read (open, before its end, the player a
 * member), then the player and the treasury locked in that order (ledger.stakeIntoAccountCtes);
 * the stake goes into the treasury and the option's liability, the bet's exposure and the
 * treasury's committed coins rise with it, or nothing is written. Prepared per connection
 * (db.compiled): planned anew each time, its CTEs cost PostgreSQL more than running them.
 */
const PLACE_COMMUNITY_WAGER = (() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
      with b as (
        select b.id as bet_id, b.title, b.exposure, o.id as option_id, o.odds, o.liability,
          nextval('wagers_id_seq') as wager_id
        from bets b join bet_options o on o.bet_id = b.id and o.text = ${p('choice')}
        where b.id = ${p('betId')} and b.account_id = ${p('treasury')} and b.status = 'open' and b.end_time > now()
          and ${isMemberOf(sql`b.community_id`, sql`${p('userId')}::bigint`)}
        for no key update of b, o
      ), calc as (
        select b.*, (${p('amount')}::bigint * b.odds / 100)::bigint as payout,
          greatest(0, b.liability + ${p('amount')}::bigint * b.odds / 100 - b.exposure)::bigint as rise
        from b
      ), ${ledger.stakeIntoAccountCtes({
        userId: sql`${p('userId')}::bigint`,
        amount: sql`${p('amount')}`,
        accountId: sql`${p('treasury')}::bigint`,
        rise: sql`(select rise from calc)`,
        when: sql`exists (select 1 from calc)`,
        refType: 'wager',
        refId: sql`(select wager_id from calc)`,
        userCategory: 'bet_stake',
        accountCategory: 'treasury_in',
        alsoSet: countPlacement,
      })}, w as (
        insert into wagers (id, bet_id, option_id, user_id, stake, odds)
        select wager_id, bet_id, option_id, ${p('userId')}::bigint, ${p('amount')}::bigint, odds from calc
        where exists (select 1 from stake)
        returning id, created_at
      ), o_upd as (
        update bet_options o set liability = o.liability + calc.payout from calc
        where o.id = calc.option_id and exists (select 1 from stake)
      ), b_upd as (
        update bets x set exposure = x.exposure + calc.rise from calc
        where x.id = calc.bet_id and exists (select 1 from stake)
      )
      select exists (select 1 from stake) as staked, calc.title, calc.odds,
        (select id::text from w) as wager_id, (select created_at from w),
        (select balance_after::text from stake) as user_balance
      from (select 1) one left join calc on true`;
})();

/**
 * Many players' wagers on community bets in one statement, each as PLACE_COMMUNITY_WAGER places
 * it. It locks in the alone statement's order: the bets and options (waiting, in id order), the
 * players (SKIP LOCKED), then the treasuries (waiting). Every wager on a bet must take the bet's
 * row in turn, so skipping it would only send the whole group alone, one by one, behind whichever
 * wager held it (measured: most wagers then went alone); waiting where the alone statement waits,
 * in its order, cannot deadlock with it. A wager whose player's row was skipped, whose player
 * cannot pay, or whose bet is closed or not the player's community, drops out.
 *
 * A treasury takes its wagers here only if it could cover every one of them paying in full: its
 * committed coins plus their payouts within its balance plus their stakes. A wager raises its
 * bet's exposure by at most its payout and brings at least a payout's worth less than that in
 * (odds above 1), so then every wager in arrival order is one the alone statement would take, and
 * the group places exactly what it would. Otherwise the treasury's wagers all go alone, which
 * decides each in order, exactly; a well-funded treasury never gets there. Each bet's exposure
 * and each treasury's promise rise by what the wagers actually add, read off the options'
 * liabilities after them. Should a player's debit not happen as read, the guard refuses
 * ('go_alone') and nothing is written.
 */
const PLACE_COMMUNITY_WAGERS = (() => {
  const p = (name: string) => sql.placeholder(name);
  // Each CTE reads the ones before it and the tables, never another CTE by a join of many rows:
  // PostgreSQL takes every CTE for one row, and its nested loops over two of them cost a group of
  // 64 thousands of row visits (measured: a third of the statement). `al` and `fits` are a row
  // per treasury.
  return sql`
      with input as (
        select * from jsonb_to_recordset(${p('items')}::jsonb)
          as t(i int, bet_id bigint, treasury bigint, choice text, user_id bigint, amount bigint)
      ), lk as (
        select i.i, i.user_id, i.amount, i.treasury, b.id as bet_id, b.title, b.exposure as exposure0,
          o.id as option_id, o.odds, o.liability as liability0, (i.amount * o.odds / 100)::bigint as payout
        from input i join bets b on b.id = i.bet_id join bet_options o on o.bet_id = b.id and o.text = i.choice
        where b.account_id = i.treasury and b.status = 'open' and b.end_time > now()
          and ${isMemberOf(sql`b.community_id`, sql`i.user_id`)}
        order by b.id, o.id
        for no key update of b, o
      ), ul as (
        select lk.*, u.balance - lk.amount as user_balance
        from lk join ${accountsSql.users} u on u.id = lk.user_id
        where u.status = 'active' and u.balance >= lk.amount
        for update of u skip locked
      ), ${groupPostings.groupAccountLockCte(sql`select treasury from lk`)}, fits as (
        select al.id, al.balance from al
        join (select treasury, sum(payout) as payout, sum(amount) as amount from ul group by treasury) w
          on w.treasury = al.id
        where al.committed + w.payout <= al.balance + w.amount
      ), acc as (
        select ul.*, nextval('wagers_id_seq') as wager_id,
          fits.balance + sum(ul.amount) over (partition by ul.treasury order by ul.i) as treasury_after
        from ul join fits on fits.id = ul.treasury
      ), opts as (
        select option_id, max(bet_id) as bet_id, max(treasury) as treasury, max(exposure0) as exposure0,
          sum(payout) as payout, max(liability0) + sum(payout) as liability
        from acc group by option_id
      ), bx as (
        select bet_id, max(treasury) as treasury, greatest(max(exposure0), max(liability)) as exposure,
          greatest(max(exposure0), max(liability)) - max(exposure0) as rise
        from opts group by bet_id
      ), ${groupPostings.groupDebitCte(sql`select i, user_id, amount from acc`, countPlacement)},
      w as (
        insert into wagers (id, bet_id, option_id, user_id, stake, odds)
        select wager_id, bet_id, option_id, user_id, amount, odds from acc
      ), o_upd as (
        update bet_options o set liability = o.liability + opts.payout from opts where o.id = opts.option_id
      ), b_upd as (
        update bets x set exposure = bx.exposure from bx where x.id = bx.bet_id
      ), ${groupPostings.groupStakesIntoAccountsCtes(
        sql`select i, user_id, amount, user_balance, treasury as account_id, treasury_after as account_balance, wager_id as ref_id from acc`,
        sql`select treasury as account_id, sum(rise) as rise from bx group by treasury`,
        'wager',
        'bet_stake',
        'treasury_in',
      )}
      -- The wager's created_at is its column's default, now(); the player's balance is the locked
      -- row's less the stake, which the guard checks the debit made.
      select i, true as staked, title, odds, wager_id::text as wager_id, now() as created_at,
        user_balance::text as user_balance,
        case when (select count(*) from upd) = (select count(*) from acc)
          and (select count(*) from acct) = (select count(*) from fits) then 1
          else ${refuse('go_alone')} end as guard
      from acc`;
})();

const communityWagers = defineHotWrite<CommunityWager, CommunityWagerRow, PlacedRow>({
  name: 'place_community_wager',
  alone: {
    statement: PLACE_COMMUNITY_WAGER,
    params: (w) => ({ ...w }),
    turn: { turns: treasuryTurns, keyOf: (w) => w.treasury },
  },
  group: {
    statement: PLACE_COMMUNITY_WAGERS,
    keyOf: (w) => w.userId,
    toJson: (w) => ({
      bet_id: w.betId,
      treasury: w.treasury,
      choice: w.choice,
      user_id: w.userId,
      amount: w.amount,
    }),
  },
  carriedOut: (row): row is PlacedRow => row.staked && row.wager_id !== null,
  mapError: ledger.postingError,
  explain: explainCommunityWager,
});

/** Community wager statements and wagers placed together by this process on `db` so far. */
export const communityWagerGroupCounts = (db: Db) => communityWagers.counts(db);
/** Tests: holds back this process's community wager statements on `db` until the answer is called. */
export const holdCommunityWagerGroups = (db: Db) => communityWagers.hold(db);

/** A wager on a community bet whose treasury is known (service.ts's placeWager finds it). */
export async function placeCommunityWager(
  deps: Deps,
  userId: number,
  betId: number,
  treasury: number,
  choice: string,
  amount: number,
): Promise<PlaceWagerResponse> {
  const row = await communityWagers.run(deps.db, { userId, betId, treasury, choice, amount });
  votesChanged(deps, [betId]);
  return {
    message: 'Bet placed!',
    balance: Number(row.user_balance),
    wager: presentWager({
      id: Number(row.wager_id),
      bet_id: betId,
      bet_title: row.title ?? '',
      choice,
      odds: row.odds ?? 0,
      stake: amount,
      payout: 0,
      status: 'open',
      created_at: row.created_at,
    }),
  };
}
