import { sql } from 'drizzle-orm';
import type { CreateBetBody, PlaceWagerResponse, WagerDto } from '../../../shared/api/bets';
import type { CommunityBetDto } from '../../../shared/api/communityBets';
import { COMMUNITY_PAGE_SIZE } from '../../../shared/communities';
import { hundredthsToOdds, oddsToHundredths } from '../../../shared/odds';
import { pgErrorCode, type Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, banned, conflict, notFound } from '../../platform/errors';
import { turns } from '../../platform/batching/turns';
import { countPlacement } from '../../platform/placements';
import { accountsSql, assertEstablished } from '../accounts/public';
import {
  communityFor,
  isMemberOf,
  logModAct,
  requireModerator,
  type CommunityAccess,
} from '../communities/public';
import { ledger } from '../wallet/public';
import {
  presentCommunityBet,
  presentWager,
  type CommunityBetRow,
  type WagerRow,
} from './presenter';
import { betSelect } from './queries';
import { lockOpenBet } from './service';
import { lockSettlingAccounts, refundWagers, settleWagers } from './settlement';
import { votesChanged } from './live';

/*
 * Community bets (DESIGN.md section 11): the bets feature's bets with a community and its
 * treasury's ledger account. Stakes go into the treasury and payouts come out of it, and the
 * treasury holds committed, within its balance, the worst case of every open bet: each bet's
 * exposure is the largest of its options' liabilities (what that option's open wagers would
 * pay). Lock order, everywhere: the bet, then the players' accounts, then the treasury.
 */

const noBet = (betId: number) =>
  notFound(`betId: no bet with id ${betId}`, [
    { field: 'betId', rule: 'not_found', value: String(betId) },
  ]);

/** A bet of this community as the API shows it; 404 when it is not one. */
async function betOf(q: Queryable, c: CommunityAccess, betId: number): Promise<CommunityBetDto> {
  const [row] = await q.rows<CommunityBetRow>(
    betSelect(sql`b.id = ${betId} and b.community_id = ${c.id}`, true),
  );
  if (!row) throw noBet(betId);
  return presentCommunityBet(row);
}

export async function createCommunityBet(
  deps: Deps,
  userId: number,
  slug: string,
  body: CreateBetBody,
): Promise<{ message: string; bet: CommunityBetDto }> {
  requireModerator(await communityFor(deps.db, slug, userId));
  await assertEstablished(deps, userId, 'create community bets');
  const { c, betId } = await deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireModerator(c);
    let id: number;
    try {
      const [row] = await tx.rows<{ id: number }>(sql`
        insert into bets (title, description, end_time, created_by, community_id, account_id)
        values (${body.title}, ${body.description}, ${body.endTime.toISOString()}, ${userId}, ${c.id}, ${c.treasuryAccountId})
        returning id`);
      if (!row) throw conflict('The bet could not be created; try again');
      id = row.id;
    } catch (err) {
      if (pgErrorCode(err) === '23505')
        throw conflict(`title: ${c.name} already has a bet titled "${body.title}"`, [
          { field: 'title', rule: 'taken', value: body.title },
        ]);
      throw err;
    }
    const options = body.options.map((o, i) => ({
      text: o.text,
      odds: oddsToHundredths(o.odds),
      position: i,
    }));
    await tx.rows(sql`
      insert into bet_options (bet_id, text, odds, position)
      select ${id}, text, odds, position from jsonb_to_recordset(${JSON.stringify(options)}::jsonb) as t(text text, odds int, position int)`);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: 'create_bet',
      reason: `"${body.title}": ${body.options.map((o) => `${o.text} @ ${o.odds}x`).join(', ')}`,
    });
    return { c, betId: id };
  });
  return { message: 'Bet created', bet: await betOf(deps.db, c, betId) };
}

export async function setCommunityOdds(
  deps: Deps,
  userId: number,
  slug: string,
  betId: number,
  optionId: number,
  odds: number,
): Promise<{ message: string; bet: CommunityBetDto }> {
  const { c, text } = await deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireModerator(c);
    // FOR SHARE waits for a settlement in flight and sees its result, so a settled bet's odds
    // never change; wagers (FOR NO KEY UPDATE) wait for it, so each takes the odds it saw.
    const [bet] = await tx.rows<{ title: string; status: string }>(
      sql`select title, status from bets where id = ${betId} and community_id = ${c.id} for share`,
    );
    if (!bet) throw noBet(betId);
    if (bet.status !== 'open')
      throw conflict(`Bet "${bet.title}" is ${bet.status}; its odds can no longer change`);
    const [option] = await tx.rows<{ text: string; odds: number }>(sql`
      update bet_options n set odds = ${oddsToHundredths(odds)}
      from bet_options o where n.id = ${optionId} and n.bet_id = ${betId} and o.id = n.id
      returning n.text, o.odds`);
    if (!option)
      throw notFound(`optionId: option ${optionId} is not an option of "${bet.title}"`, [
        { field: 'optionId', rule: 'not_found', value: String(optionId) },
      ]);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: 'set_odds',
      reason: `"${bet.title}" / ${option.text}: ${hundredthsToOdds(option.odds)}x -> ${odds}x`,
    });
    return { c, text: option.text };
  });
  return { message: `Odds for ${text} set to ${odds}x`, bet: await betOf(deps.db, c, betId) };
}

/**
 * Finalizes (winning option given) or voids a community bet, exactly once: the bet's row is
 * locked and must still be open. The treasury's promise for the bet is released before it pays,
 * so the payouts (at most that promise) never meet the CHECK that keeps promises covered.
 */
export async function settleCommunityBet(
  deps: Deps,
  userId: number,
  slug: string,
  betId: number,
  winningOptionId: number | null,
): Promise<{ message: string; bet: CommunityBetDto }> {
  const { c, message } = await deps.db.tx(async (tx) => {
    const c = await communityFor(tx, slug, userId, { lock: true });
    requireModerator(c);
    const bet = await lockOpenBet(tx, betId, c.id);
    const treasury = Number(bet.account_id);
    let winner: string | null = null;
    if (winningOptionId !== null) {
      const [option] = await tx.rows<{ text: string }>(
        sql`select text from bet_options where id = ${winningOptionId} and bet_id = ${betId}`,
      );
      if (!option)
        throw badRequest(`optionId: option ${winningOptionId} is not an option of "${bet.title}"`, [
          { field: 'optionId', rule: 'not_found', value: String(winningOptionId) },
        ]);
      winner = option.text;
    }
    await lockSettlingAccounts(tx, betId);
    await ledger.lockAccount(tx, treasury);
    await ledger.commit(tx, treasury, -Number(bet.exposure));
    if (winningOptionId !== null) {
      await tx.rows(
        sql`update bets set status = 'finalized', result_option_id = ${winningOptionId}, settled_at = now() where id = ${betId}`,
      );
      await settleWagers(tx, betId, winningOptionId, treasury);
    } else {
      await tx.rows(sql`update bets set status = 'voided', settled_at = now() where id = ${betId}`);
      await refundWagers(tx, betId, treasury);
    }
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: winner === null ? 'void_bet' : 'finalize_bet',
      reason:
        winner === null
          ? `"${bet.title}" voided; stakes refunded`
          : `"${bet.title}": ${winner} wins`,
    });
    await deps.events.record(tx, 'CommunityBetSettled', {
      betId,
      slug: c.slug,
      outcome: winner === null ? 'voided' : 'finalized',
    });
    return {
      c,
      message:
        winner === null
          ? `Bet "${bet.title}" voided; stakes refunded`
          : `Bet "${bet.title}" finalized: ${winner} wins`,
    };
  });
  deps.events.nudge();
  return { message, bet: await betOf(deps.db, c, betId) };
}

/**
 * The most stake an option can still take: a stake s at odds k (hundredths) pays
 * p = floor(s * k / 100), and is accepted while p - s stays within the treasury's uncommitted
 * coins plus the payout the bet's exposure already covers on that option (its largest option's
 * liability less this one's), since the stake itself comes into the treasury.
 */
function stakeRoom(p: {
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

/** Why a community wager found no open bet to take it; only runs once it did not. */
async function explainCommunityWager(
  q: Queryable,
  userId: number,
  betId: number,
  choice: string,
): Promise<never> {
  const [actor] = await q.rows<{ status: string }>(accountsSql.statusOf(userId));
  if (actor?.status !== 'active') throw banned();
  const [bet] = await q.rows<{ status: string; ended: boolean; options: string[] }>(sql`
    select b.status, b.end_time <= now() as ended,
      (select json_agg(o.text order by o.position) from bet_options o where o.bet_id = b.id) as options
    from bets b where b.id = ${betId} and ${isMemberOf(sql`b.community_id`, userId)}`);
  if (!bet) throw noBet(betId);
  if (bet.status !== 'open')
    throw conflict(`This bet is ${bet.status === 'finalized' ? 'already settled' : 'void'}`);
  if (bet.ended) throw conflict('This bet is closed: its end time has passed');
  if (!bet.options.includes(choice))
    throw badRequest(
      `choice: "${choice}" is not an option of this bet (options: ${bet.options.join(', ')})`,
      [{ field: 'choice', rule: 'not_found', value: choice }],
    );
  throw conflict('The bet changed while placing the wager; try again');
}

/**
 * A treasury's wagers wait their turn here, two at a time in this process (one running, one
 * ready), instead of all at once on the bet's row lock, where every commit would wake each
 * waiter to try again. Other processes' wagers still queue in PostgreSQL.
 */
const treasuryTurns = turns(2);

interface CommunityWagerRow {
  found: boolean;
  room_ok: boolean;
  staked: boolean;
  title: string | null;
  odds: number | null;
  liability: string | null;
  exposure: string | null;
  balance: string | null;
  committed: string | null;
  wager_id: string | null;
  created_at: Date | null;
  user_balance: string | null;
}

/**
 * The community wager's one statement, built once with placeholders and prepared per
 * connection (db.compiled): planned anew each time, its CTEs cost PostgreSQL more than running
 * them.
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
      select exists (select 1 from calc) as found, exists (select 1 from acct_ok) as room_ok,
        exists (select 1 from stake) as staked, calc.title, calc.odds, calc.liability::text,
        calc.exposure::text, (select balance::text from acct_lock), (select committed::text from acct_lock),
        (select id::text from w) as wager_id, (select created_at from w),
        (select balance_after::text from stake) as user_balance
      from (select 1) one left join calc on true`;
})();

/**
 * A wager on a community bet, in one statement (the bet's row is held from its lock to the
 * commit, and every wager on the bet waits for it, so the fewer round trips the more wagers a
 * second): the bet and option locked and read (open, before its end, the player a member),
 * then the player and the treasury locked in that order (ledger.stakeIntoAccountCtes); the stake
 * goes into the treasury and the option's liability, the bet's exposure and the treasury's
 * committed coins rise with it, or nothing happens and the 409 says how much the option can
 * still take. Not the group commit: each wager depends on the last one's exposure.
 */
export async function placeCommunityWager(
  deps: Deps,
  userId: number,
  betId: number,
  treasury: number,
  choice: string,
  amount: number,
): Promise<PlaceWagerResponse> {
  let row: CommunityWagerRow | undefined;
  try {
    [row] = await treasuryTurns(deps.db, treasury, () =>
      deps.db.compiled<CommunityWagerRow>('place_community_wager', PLACE_COMMUNITY_WAGER, {
        userId,
        betId,
        treasury,
        choice,
        amount,
      }),
    );
  } catch (err) {
    throw ledger.postingError(err);
  }
  if (!row?.found) return explainCommunityWager(deps.db, userId, betId, choice);
  if (!row.room_ok) {
    const room = stakeRoom({
      balance: Number(row.balance),
      committed: Number(row.committed),
      exposure: Number(row.exposure),
      liability: Number(row.liability),
      odds: Number(row.odds),
    });
    throw conflict(
      room > 0
        ? `amount: the treasury can cover at most ${room.toLocaleString('en-US')} more coins on "${choice}" now`
        : `amount: the treasury cannot cover another wager on "${choice}" now`,
      [{ field: 'amount', rule: 'exposure', limit: room }],
    );
  }
  // The bet was there and the treasury could take it: only the player can have refused it.
  if (!row.staked) throw banned();
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
      created_at: row.created_at ?? new Date(),
    }),
  };
}

/** A page of the community's open or settled bets, newest first. */
export async function listCommunityBets(
  deps: Deps,
  slug: string,
  userId: number | null,
  status: 'open' | 'settled',
  cursor: string | undefined,
): Promise<{ bets: CommunityBetDto[]; nextCursor: string | null }> {
  const c = await communityFor(deps.db, slug, userId);
  const rows = await deps.db.rows<CommunityBetRow>(sql`
    ${betSelect(
      sql`b.community_id = ${c.id} and ${status === 'open' ? sql`b.status = 'open'` : sql`b.status <> 'open'`}
        ${cursor ? sql`and b.id < ${Number(cursor)}` : sql``}`,
      true,
    )} order by b.id desc limit ${COMMUNITY_PAGE_SIZE + 1}`);
  const page = rows.slice(0, COMMUNITY_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    bets: page.map(presentCommunityBet),
    nextCursor: rows.length > COMMUNITY_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/** One bet of the community, with the caller's own wagers on it. */
export async function communityBet(
  deps: Deps,
  slug: string,
  userId: number | null,
  betId: number,
): Promise<{ bet: CommunityBetDto; myWagers: WagerDto[] }> {
  const c = await communityFor(deps.db, slug, userId);
  const bet = await betOf(deps.db, c, betId);
  const mine =
    userId === null
      ? []
      : await deps.db.rows<WagerRow>(sql`
    select w.id, w.bet_id, b.title as bet_title, o.text as choice, w.odds, w.stake, w.payout, w.status, w.created_at
    from wagers w join bets b on b.id = w.bet_id join bet_options o on o.id = w.option_id
    where w.bet_id = ${betId} and w.user_id = ${userId} order by w.id desc limit 100`);
  return { bet, myWagers: mine.map(presentWager) };
}

/** What the open community bets have promised, per treasury: the audit's `accountPromises`. */
export const treasuryPromises = sql`
  select account_id, exposure as amount from bets where status = 'open' and account_id is not null`;
