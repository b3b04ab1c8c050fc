import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { totalOddsHundredths } from '../../../shared/odds';
import { ledger } from '../wallet/public';

/**
 * Settlement is set-based SQL inside the caller's transaction: a bet with 100,000 wagers is
 * a handful of statements, not a loop in JavaScript.
 *
 * Payout and refund rows reference the bet being settled (ref_type 'bet'): the settlement of
 * that bet is the business event they pay for, and one row per user sums all of that user's
 * wagers (or parlays) it settled. Each wager and parlay keeps its own status and payout.
 */

/** A community bet's payouts come out of its treasury instead of the house. */
const paidBy = (treasury: number | null) =>
  treasury === null ? {} : { account: { id: treasury, category: 'treasury_out' as const } };

/**
 * Locks, in id order and before any payout, every account a settlement of this bet can pay:
 * holders of its open wagers and of open parlays with a leg on it (ledger.ts, lock order).
 */
export async function lockSettlingAccounts(tx: Queryable, betId: number): Promise<void> {
  await ledger.lockAccountsWhere(
    tx,
    sql`select user_id from wagers where bet_id = ${betId} and status = 'open'
        union
        select p.user_id from parlays p join parlay_legs l on l.parlay_id = p.id where l.bet_id = ${betId} and p.status = 'open'`,
  );
}

/**
 * Marks a finalized bet's single wagers won or lost, pays the winners and counts their wins,
 * in one statement: the wagers are read once, by the UPDATE whose RETURNING feeds the payouts.
 * Returns the users paid.
 */
export async function settleWagers(
  tx: Queryable,
  betId: number,
  winningOptionId: number,
  treasury: number | null = null,
): Promise<{ winners: number[] }> {
  const winners = await ledger.postFrom(
    tx,
    sql`select user_id, sum(payout)::bigint as delta, 'bet_payout'::text as category, null::bigint as counterparty_id,
          count(*)::int as wins
        from settled where status = 'won' group by user_id`,
    { refType: 'bet', refId: betId, houseCategory: 'bet_payout', ...paidBy(treasury) },
    {
      before: sql`settled as (
        update wagers set
          status = case when option_id = ${winningOptionId} then 'won' else 'lost' end,
          payout = case when option_id = ${winningOptionId} then (stake * odds) / 100 else 0 end,
          settled_at = now()
        where bet_id = ${betId} and status = 'open'
        returning user_id, status, payout
      )`,
      alsoSet: sql`bets_won = u.bets_won + i.wins`,
    },
  );
  // The day's wins for tasks (wagerWinsDaily): the winners only, by the (bet, option) index.
  await tx.rows(sql`
    insert into wager_wins_daily (user_id, day, wins)
    select user_id, (now() at time zone 'UTC')::date, count(*)::int from wagers
    where bet_id = ${betId} and option_id = ${winningOptionId} and status = 'won' and settled_at = now()
    group by user_id
    on conflict (user_id, day) do update set wins = wager_wins_daily.wins + excluded.wins`);
  return { winners };
}

/** Refunds every open wager on a voided bet (from the treasury that took them, if any). */
export async function refundWagers(
  tx: Queryable,
  betId: number,
  treasury: number | null = null,
): Promise<void> {
  await ledger.postFrom(
    tx,
    sql`select user_id, sum(payout)::bigint as delta, 'bet_refund'::text as category, null::bigint as counterparty_id
        from refunded group by user_id`,
    { refType: 'bet', refId: betId, houseCategory: 'bet_refund', ...paidBy(treasury) },
    {
      before: sql`refunded as (
        update wagers set status = 'refunded', payout = stake, settled_at = now()
        where bet_id = ${betId} and status = 'open'
        returning user_id, payout
      )`,
    },
  );
}

/**
 * After a bet's legs were decided (won/lost) or voided: re-price parlays that lost a leg to
 * a void, then settle each open parlay with a leg on this bet whose outcome is now known.
 * Returns the users paid a parlay win.
 */
export async function settleParlays(
  tx: Queryable,
  betId: number,
  voided: boolean,
  treasury: number | null = null,
): Promise<{ winners: number[] }> {
  if (voided) {
    const affected = await tx.rows<{ id: number; odds: number[] }>(sql`
      select p.id, coalesce(array_agg(l.odds order by l.id) filter (where l.status <> 'void'), '{}') as odds
      from parlays p join parlay_legs l on l.parlay_id = p.id
      where p.status = 'open' and p.id in (select parlay_id from parlay_legs where bet_id = ${betId})
      group by p.id`);
    const repriced = affected.map((p) => ({
      id: p.id,
      total_odds: totalOddsHundredths(p.odds.map(Number)),
    }));
    if (repriced.length > 0) {
      await tx.rows(sql`
        update parlays p set total_odds = r.total_odds
        from jsonb_to_recordset(${JSON.stringify(repriced)}::jsonb) as r(id bigint, total_odds bigint)
        where p.id = r.id`);
    }
  }
  // One pass decides every affected open parlay: a lost leg loses it; no open and no lost
  // leg with at least one won leg wins it; only void legs left refunds it.
  await tx.rows(sql`
    with touched as (
      select p.id,
        bool_or(l.status = 'lost') as any_lost,
        bool_or(l.status = 'open') as any_open,
        bool_or(l.status = 'won') as any_won
      from parlays p join parlay_legs l on l.parlay_id = p.id
      where p.status = 'open' and p.id in (select parlay_id from parlay_legs where bet_id = ${betId})
      group by p.id
    )
    update parlays p set
      status = case when t.any_lost then 'lost' when t.any_won then 'won' else 'refunded' end,
      payout = case when t.any_lost then 0 when t.any_won then (p.stake * p.total_odds) / 100 else p.stake end,
      settled_at = now()
    from touched t
    where p.id = t.id and (t.any_lost or not t.any_open)`);
  if (treasury !== null) await releaseParlayPromises(tx, betId, treasury);
  // now() is the transaction's start time, so settled_at = now() picks out exactly the
  // parlays this transaction settled. Winners' bets_won rides on the payout's UPDATE.
  const settledHere = (status: 'won' | 'refunded') =>
    sql`from parlays p where p.status = ${status} and p.payout > 0 and p.settled_at = now()
          and p.id in (select parlay_id from parlay_legs where bet_id = ${betId})
        group by p.user_id`;
  const winners = await ledger.postFrom(
    tx,
    sql`select p.user_id, sum(p.payout)::bigint as delta, 'parlay_payout'::text as category, null::bigint as counterparty_id,
          count(*)::int as wins ${settledHere('won')}`,
    { refType: 'bet', refId: betId, houseCategory: 'parlay_payout', ...paidBy(treasury) },
    { alsoSet: sql`bets_won = u.bets_won + i.wins` },
  );
  await ledger.postFrom(
    tx,
    sql`select p.user_id, sum(p.payout)::bigint as delta, 'parlay_refund'::text as category, null::bigint as counterparty_id
        ${settledHere('refunded')}`,
    { refType: 'bet', refId: betId, houseCategory: 'parlay_refund', ...paidBy(treasury) },
  );
  return { winners };
}

/**
 * A community parlay's promise follows it: settled, the treasury no longer holds anything for it;
 * still open after a void, it holds the payout at the parlay's new (lower) total odds. Released
 * before the treasury pays, so the payouts never meet the CHECK that keeps promises covered.
 */
async function releaseParlayPromises(
  tx: Queryable,
  betId: number,
  treasury: number,
): Promise<void> {
  const [row] = await tx.rows<{ released: string | null }>(sql`
    with c as (
      select p.id, p.committed as old,
        case when p.status = 'open' then (p.stake * p.total_odds) / 100 else 0 end as new
      from parlays p
      where p.account_id = ${treasury} and p.id in (select parlay_id from parlay_legs where bet_id = ${betId})
    ), u as (
      update parlays p set committed = c.new from c where p.id = c.id and c.old <> c.new
      returning c.old - c.new as released
    )
    select sum(released)::text as released from u`);
  await ledger.commit(tx, treasury, -Number(row?.released ?? 0));
}

/** Marks a settled bet's parlay legs won or lost (a winner given) or void, before settleParlays. */
export async function decideParlayLegs(
  tx: Queryable,
  betId: number,
  winningOptionId: number | null,
): Promise<void> {
  await tx.rows(
    winningOptionId === null
      ? sql`update parlay_legs set status = 'void' where bet_id = ${betId} and status = 'open'`
      : sql`update parlay_legs set status = case when option_id = ${winningOptionId} then 'won' else 'lost' end
        where bet_id = ${betId} and status = 'open'`,
  );
}

/**
 * Voids every open bet of a closing community and refunds their stakes from its treasury, before
 * the treasury is emptied (which its promises would otherwise forbid). In the closing
 * transaction, which holds the community's row; the bets, then their bettors' accounts, then
 * the treasury are locked in the usual order. Returns the bets voided.
 */
export async function voidCommunityBets(tx: Queryable, communityId: number): Promise<number[]> {
  const open = await tx.rows<{ id: number; account_id: number; exposure: string }>(sql`
    select id, account_id, exposure::text from bets
    where community_id = ${communityId} and status = 'open' order by id for update`);
  const [first] = open;
  if (!first) return [];
  const ids = open.map((b) => Number(b.id));
  const treasury = Number(first.account_id);
  await ledger.lockAccountsWhere(
    tx,
    sql`select user_id from wagers where bet_id in ${ids} and status = 'open'
        union
        select p.user_id from parlays p where p.account_id = ${treasury} and p.status = 'open'`,
  );
  await ledger.lockAccount(tx, treasury);
  await ledger.commit(tx, treasury, -open.reduce((sum, b) => sum + Number(b.exposure), 0));
  await tx.rows(sql`update bets set status = 'voided', settled_at = now() where id in ${ids}`);
  for (const id of ids) {
    await refundWagers(tx, id, treasury);
    await decideParlayLegs(tx, id, null);
    await settleParlays(tx, id, true, treasury);
  }
  return ids;
}
