import type { PageQuery } from '../../../shared/api/common';
import { sql } from 'drizzle-orm';
import type {
  AdminBetDto,
  BetDto,
  BetStatus,
  CreateBetBody,
  MyBetsDto,
  OddsChangedDetails,
  PlaceParlayResponse,
  PlaceWagerResponse,
} from '../../../shared/api/bets';
import {
  hundredthsToOdds,
  oddsToHundredths,
  parlayPayoutWithinLimit,
  PARLAY_MAX_PAYOUT,
  totalOddsHundredths,
} from '../../../shared/odds';
import { pgErrorCode, type Db, type Queryable } from '../../db/client';
import { defineHotWrite } from '../../platform/batching/hotWrite';
import type { Deps } from '../../platform/deps';
import type { AuthUser } from '../../platform/auth';
import { badRequest, banned, conflict, notFound } from '../../platform/errors';
import { ledger } from '../wallet/public';
import { groupPostings } from '../wallet/public';
import { countPlacement } from '../../platform/placements';
import { logAdminAction } from '../../platform/adminLog';
import { publishLive } from '../../platform/realtime/publish';
import { presentAdminBet, presentBet, presentParlay, presentWager } from './presenter';
import * as queries from './queries';
import {
  decideParlayLegs,
  lockSettlingAccounts,
  refundWagers,
  settleParlays,
  settleWagers,
} from './settlement';
import { votesChanged } from './live';
import { accountsSql } from '../accounts/public';
import { isMemberOf } from '../communities/public';
import { lastSeen } from '../../platform/batching/lastSeen';
import { placeCommunityWager, stakeRoom } from './communityWagers';

/** A bet as the API shows it, read again after a change; 404 if it is gone. */
async function reloadBet(deps: Deps, betId: number): Promise<BetDto> {
  const bet = await queries.findBet(deps.db, betId);
  if (!bet)
    throw notFound(`betId: no bet with id ${betId}`, [
      { field: 'betId', rule: 'not_found', value: String(betId) },
    ]);
  return presentBet(bet);
}

export async function activeBets(deps: Deps): Promise<BetDto[]> {
  return (await queries.listOpenBets(deps.db)).map(presentBet);
}

export async function allBets(deps: Deps, page: PageQuery): Promise<AdminBetDto[]> {
  return (await queries.listAllBets(deps.db, page)).map(presentAdminBet);
}

export async function myBets(deps: Deps, userId: number): Promise<MyBetsDto> {
  const [openW, openP, doneW, doneP] = await Promise.all([
    queries.openWagersOf(deps.db, userId, false),
    queries.parlaysOf(deps.db, userId, false),
    queries.openWagersOf(deps.db, userId, true),
    queries.parlaysOf(deps.db, userId, true),
  ]);
  const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
    b.createdAt.localeCompare(a.createdAt);
  return {
    open: [...openW.map(presentWager), ...openP.map(presentParlay)].sort(newestFirst),
    settled: [...doneW.map(presentWager), ...doneP.map(presentParlay)].sort(newestFirst),
  };
}

export async function createBet(deps: Deps, admin: AuthUser, body: CreateBetBody): Promise<BetDto> {
  const betId = await deps.db.tx(async (tx) => {
    let id: number;
    try {
      const [row] = await tx.rows<{ id: number }>(sql`
        insert into bets (title, description, end_time, created_by)
        values (${body.title}, ${body.description}, ${body.endTime.toISOString()}, ${admin.id}) returning id`);
      if (!row) throw conflict('The bet could not be created; try again');
      id = row.id;
    } catch (err) {
      if (pgErrorCode(err) === '23505')
        throw conflict(`title: a bet titled "${body.title}" already exists`, [
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
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'create_bet',
      details: `Created bet "${body.title}" with options ${body.options.map((o) => `${o.text} @ ${o.odds}x`).join(', ')}`,
      target: body.title,
    });
    await publishLive(tx, 'bet.created', { betId: String(id) });
    return id;
  });
  return reloadBet(deps, betId);
}

/** Why a wager statement inserted nothing; only runs on the failure path. */
async function explainRejectedWager(
  db: Db,
  userId: number,
  betId: number,
  choice: string,
): Promise<never> {
  const [community] = await db.rows<{ account_id: number }>(
    sql`select account_id from bets where id = ${betId} and account_id is not null`,
  );
  if (community) throw new CommunityBet(Number(community.account_id));
  const [actor] = await db.rows<{ status: string }>(accountsSql.statusOf(userId));
  if (actor?.status !== 'active') throw banned();
  const bet = await queries.findBet(db, betId);
  if (!bet)
    throw notFound(`betId: no bet with id ${betId}`, [
      { field: 'betId', rule: 'not_found', value: String(betId) },
    ]);
  if (bet.status !== 'open')
    throw conflict(`This bet is ${bet.status === 'finalized' ? 'already settled' : 'void'}`);
  if (new Date(bet.end_time).getTime() <= Date.now())
    throw conflict('This bet is closed: its end time has passed');
  if (!bet.options.some((o) => o.text === choice)) {
    throw badRequest(
      `choice: "${choice}" is not an option of this bet (options: ${bet.options.map((o) => o.text).join(', ')})`,
      [{ field: 'choice', rule: 'not_found', value: choice }],
    );
  }
  throw conflict('The bet changed while placing the wager; try again');
}

/**
 * The hottest write: one statement checks the bet is open (locking its row in KEY SHARE
 * mode so a concurrent finalize waits for it), takes the wager's id from its sequence so the
 * stake's ledger rows can reference the wager, debits the stake from the bettor's account by
 * key (refused unless the account is active), counts the wager for the user, and records the
 * wager with the option's current odds.
 */
/**
 * The wager in one statement: the bet and option (open, before its end), the stake through the
 * ledger against the new wager's id, bets_placed, and the wager row. Built once with
 * placeholders (db.compiled): this is the hottest statement of the site.
 */
const PLACE_WAGER = (() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
      with opt as (
        select b.id as bet_id, b.title, o.id as option_id, o.odds, nextval('wagers_id_seq') as wager_id
        from bets b join bet_options o on o.bet_id = b.id and o.text = ${p('choice')}
        where b.id = ${p('betId')} and b.status = 'open' and b.end_time > now() and b.community_id is null
        for key share of b
      ), ${ledger.accountUpdate('stake', {
        userId: sql`${p('userId')}`,
        delta: sql`${p('delta')}`,
        category: 'bet_stake',
        actor: true,
        when: sql`exists (select 1 from opt)`,
        alsoSet: countPlacement,
      })}, ${ledger.ledgerRowsFor(['stake'], { refType: 'wager', refId: sql`select wager_id from opt`, houseCategory: 'bet_stake' })},
      w as (
        insert into wagers (id, bet_id, option_id, user_id, stake, odds)
        select opt.wager_id, opt.bet_id, opt.option_id, ${p('userId')}, ${p('amount')}, opt.odds from opt where exists (select 1 from upd)
        returning id, option_id, odds, created_at
      )
      select w.id, w.option_id, w.odds, w.created_at, (select balance_after from upd) as balance, (select title from opt) as title from w`;
})();

/**
 * Wagers of many players in one statement (platform/batching/hotWrite.ts), each as PLACE_WAGER
 * places it. Rows another transaction holds are skipped (a finalize's lock on the bet, the player's
 * own transfer): those wagers, and any the statement refuses (bet closed, unknown option, short
 * balance, account not active), drop out with nothing written and are placed alone, which waits
 * where it must and says why.
 */
const PLACE_WAGERS = (() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
      with input as (
        select * from jsonb_to_recordset(${p('items')}::jsonb) as t(i int, bet_id bigint, choice text, user_id bigint, amount bigint)
      ), opt as (
        select i.i, i.user_id, i.amount, b.id as bet_id, b.title, o.id as option_id, o.odds
        from input i join bets b on b.id = i.bet_id join bet_options o on o.bet_id = b.id and o.text = i.choice
          join ${accountsSql.users} u on u.id = i.user_id
        where b.status = 'open' and b.end_time > now() and b.community_id is null
        for key share of b skip locked for update of u skip locked
      ), ${groupPostings.groupDebitCte(sql`select i, user_id, amount from opt`, countPlacement)},
      wid as (
        select upd.i, nextval('wagers_id_seq') as wager_id from upd
      ), ${groupPostings.groupDebitPostingsCte(
        sql`select opt.user_id, opt.amount, upd.balance_after, wid.wager_id as ref_id from wid join opt on opt.i = wid.i join upd on upd.i = wid.i`,
        'bet_stake',
        'wager',
      )},
      w as (
        insert into wagers (id, bet_id, option_id, user_id, stake, odds)
        select wid.wager_id, opt.bet_id, opt.option_id, opt.user_id, opt.amount, opt.odds from wid join opt on opt.i = wid.i
        returning id, option_id, odds, created_at
      )
      select wid.i, w.id, w.option_id, w.odds, w.created_at, upd.balance_after as balance, opt.title
      from w join wid on wid.wager_id = w.id join upd on upd.i = wid.i join opt on opt.i = wid.i`;
})();

interface PlacedRow {
  id: number;
  option_id: number;
  odds: number;
  created_at: Date;
  balance: number;
  title: string;
}

interface Wager {
  betId: number;
  choice: string;
  userId: number;
  amount: number;
}

const wagers = defineHotWrite<Wager, PlacedRow>({
  name: 'place_wager',
  alone: {
    statement: PLACE_WAGER,
    params: (w) => ({
      betId: w.betId,
      choice: w.choice,
      userId: w.userId,
      delta: -w.amount,
      amount: w.amount,
    }),
  },
  group: {
    statement: PLACE_WAGERS,
    keyOf: (w) => w.userId,
    toJson: (w) => ({ bet_id: w.betId, choice: w.choice, user_id: w.userId, amount: w.amount }),
  },
  mapError: ledger.postingError,
  explain: (db, w) => explainRejectedWager(db, w.userId, w.betId, w.choice),
});

/** Wager statements and wagers placed together by this process on `db` so far. */
export const wagerGroupCounts = (db: Db) => wagers.counts(db);
/** Tests: holds back this process's wager statements on `db` until the answer is called. */
export const holdWagerGroups = (db: Db) => wagers.hold(db);

/**
 * The treasury of each community bet this process has seen a wager for. A site wager never looks
 * here first: it goes straight to the group commit, whose statement refuses a community bet, and
 * only that refusal's explain finds the treasury (CommunityBet) and sends the wager on.
 */
const treasuries = lastSeen<number, number>(10_000);

/** The explain's answer for a community bet: not a refusal, a wager for the treasury's path. */
class CommunityBet extends Error {
  constructor(readonly treasury: number) {
    super('a community bet');
  }
}

export async function placeWager(
  deps: Deps,
  userId: number,
  betId: number,
  choice: string,
  amount: number,
): Promise<PlaceWagerResponse> {
  const known = treasuries(deps.db).get(betId);
  if (known !== undefined) return placeCommunityWager(deps, userId, betId, known, choice, amount);
  let placed: PlacedRow;
  try {
    placed = await wagers.run(deps.db, { betId, choice, userId, amount });
  } catch (err) {
    if (!(err instanceof CommunityBet)) throw err;
    treasuries(deps.db).set(betId, err.treasury);
    return placeCommunityWager(deps, userId, betId, err.treasury, choice, amount);
  }
  votesChanged(deps, [betId]);
  return {
    message: 'Bet placed!',
    balance: placed.balance,
    wager: presentWager({
      id: placed.id,
      bet_id: betId,
      bet_title: placed.title,
      choice,
      odds: placed.odds,
      stake: amount,
      payout: 0,
      status: 'open',
      created_at: placed.created_at,
    }),
  };
}

interface ParlayLegInput {
  betId: number;
  choice: string;
  odds: number;
}

export async function placeParlay(
  deps: Deps,
  userId: number,
  amount: number,
  legs: ParlayLegInput[],
  claimedTotalOdds: number,
): Promise<PlaceParlayResponse> {
  const {
    parlayId,
    balance,
    legs: placedLegs,
  } = await deps.db.tx(async (tx) => {
    const ids = legs.map((l) => l.betId);
    // KEY SHARE locks make a concurrent finalize of any leg's bet wait for this transaction.
    const found = await tx.rows<{
      bet_id: number;
      status: BetStatus;
      ended: boolean;
      community: string | null;
      treasury: string | null;
      visible: boolean;
      options: { id: number; text: string; odds: number }[];
    }>(sql`
      select b.id as bet_id, b.status, b.end_time <= now() as ended, b.community_id::text as community,
        b.account_id::text as treasury,
        (b.community_id is null or ${isMemberOf(sql`b.community_id`, userId)}) as visible,
        (select json_agg(json_build_object('id', o.id, 'text', o.text, 'odds', o.odds)) from bet_options o where o.bet_id = b.id) as options
      from bets b where b.id in ${ids} order by b.id for key share of b`);
    const byId = new Map(found.map((b) => [b.bet_id, b]));
    const resolved = legs.map((leg) => {
      const bet = byId.get(leg.betId);
      if (!bet?.visible)
        throw notFound(`bets.betId: no bet with id ${leg.betId}`, [
          { field: 'bets.betId', rule: 'not_found', value: String(leg.betId) },
        ]);
      // One payer: the house pays a parlay of site bets, a community's treasury one of its bets.
      const first = byId.get(legs[0]!.betId)?.community ?? null;
      if (bet.community !== first)
        throw badRequest(
          `bets.betId: a parlay takes site bets only or one community's bets only; bet ${leg.betId} is ${bet.community === null ? 'a site bet' : first === null ? 'a community bet' : 'another community’s bet'}`,
          [{ field: 'bets.betId', rule: 'same_community', value: String(leg.betId) }],
        );
      if (bet.status !== 'open' || bet.ended) throw conflict(`Bet ${leg.betId} is closed`);
      const option = bet.options.find((o) => o.text === leg.choice);
      if (!option)
        throw badRequest(`bets.choice: "${leg.choice}" is not an option of bet ${leg.betId}`, [
          { field: 'bets.choice', rule: 'not_found', value: leg.choice },
        ]);
      return { ...leg, optionId: option.id, serverOdds: option.odds };
    });
    const serverTotal = totalOddsHundredths(resolved.map((l) => l.serverOdds));
    const stale =
      resolved.some((l) => oddsToHundredths(l.odds) !== l.serverOdds) ||
      oddsToHundredths(claimedTotalOdds) !== serverTotal;
    if (stale) {
      const details: OddsChangedDetails = {
        currentOdds: resolved.map((l) => ({
          betId: String(l.betId),
          choice: l.choice,
          odds: hundredthsToOdds(l.serverOdds),
        })),
        totalOdds: hundredthsToOdds(serverTotal),
      };
      throw conflict(
        `The odds have changed: total odds are now ${details.totalOdds}x. Check the picks and place the parlay again.`,
        details,
      );
    }
    if (
      parlayPayoutWithinLimit(
        amount,
        resolved.map((l) => l.serverOdds),
      ) === null
    ) {
      throw badRequest(
        `bets: a parlay pays at most ${PARLAY_MAX_PAYOUT.toLocaleString('en-GB')} coins; lower the wager or pick fewer or shorter odds`,
        [{ field: 'bets', rule: 'payout_cap', limit: PARLAY_MAX_PAYOUT }],
      );
    }
    // The account before the parlay row: inserting that row takes a key-share lock on the user
    // (its foreign key), and two parlays of one user upgrading those to the posting's FOR UPDATE
    // deadlock each other.
    await ledger.lockAccounts(tx, [userId], userId);
    const treasuryText = found[0]?.treasury ?? null;
    const treasury = treasuryText === null ? null : Number(treasuryText);
    // A community parlay's treasury promises its whole payout (its legs' wagers could all be
    // won), taken as the stake comes in, after the player's account (ledger.ts, lock order).
    const promise = treasury === null ? 0 : Math.floor((amount * serverTotal) / 100);
    if (treasury !== null) {
      const t = await ledger.lockAccount(tx, treasury);
      if (t.committed + promise > t.balance + amount) {
        const room = stakeRoom({ ...t, exposure: 0, liability: 0, odds: serverTotal });
        throw conflict(
          room > 0
            ? `amount: the treasury can cover a parlay of at most ${room.toLocaleString('en-US')} coins now`
            : 'amount: the treasury cannot cover this parlay now',
          [{ field: 'amount', rule: 'exposure', limit: room }],
        );
      }
    }
    // The parlay before the posting: its stake's ledger rows reference it.
    const [parlay] = await tx.rows<{ id: number }>(sql`
      insert into parlays (user_id, stake, total_odds, account_id, committed)
      values (${userId}, ${amount}, ${serverTotal}, ${treasury}, ${promise}) returning id`);
    if (!parlay) throw conflict('The parlay could not be placed; try again');
    const legRows = resolved.map((l) => ({
      bet_id: l.betId,
      option_id: l.optionId,
      odds: l.serverOdds,
    }));
    await tx.rows(sql`
      insert into parlay_legs (parlay_id, bet_id, option_id, odds)
      select ${parlay.id}, bet_id, option_id, odds from jsonb_to_recordset(${JSON.stringify(legRows)}::jsonb) as t(bet_id bigint, option_id bigint, odds int)`);
    const after = await ledger.post(
      tx,
      [{ userId, delta: -amount, category: 'parlay_stake' }],
      {
        refType: 'parlay',
        refId: parlay.id,
        ...(treasury === null ? {} : { account: { id: treasury, category: 'treasury_in' } }),
      },
      { actorId: userId, alsoSet: countPlacement },
    );
    if (treasury !== null) await ledger.commit(tx, treasury, promise);
    return {
      parlayId: parlay.id,
      balance: after.get(userId) ?? 0,
      legs: resolved.map((l) => l.betId),
    };
  });
  votesChanged(deps, placedLegs);
  const row = await queries.findParlay(deps.db, userId, parlayId);
  if (!row) throw notFound(`Parlay ${parlayId} was placed but can no longer be found`);
  return { message: 'Parlay placed!', balance, parlay: presentParlay(row) };
}

/** Locks the bet for settlement; every settling path starts here. */
export async function lockOpenBet(tx: Queryable, betId: number, communityId: number | null = null) {
  const [bet] = await tx.rows<{
    id: number;
    title: string;
    status: BetStatus;
    exposure: number;
    account_id: number | null;
  }>(
    sql`select id, title, status, exposure, account_id from bets where id = ${betId}
      and community_id ${communityId === null ? sql`is null` : sql`= ${communityId}`} for update`,
  );
  if (!bet)
    throw notFound(`betId: no bet with id ${betId}`, [
      { field: 'betId', rule: 'not_found', value: String(betId) },
    ]);
  if (bet.status !== 'open') throw conflict(`Bet "${bet.title}" is already ${bet.status}`);
  return bet;
}

export async function finalizeBet(deps: Deps, admin: AuthUser, betId: number, optionId: number) {
  const result = await deps.db.tx(async (tx) => {
    const bet = await lockOpenBet(tx, betId);
    await lockSettlingAccounts(tx, betId);
    const [option] = await tx.rows<{ text: string }>(
      sql`select text from bet_options where id = ${optionId} and bet_id = ${betId}`,
    );
    if (!option)
      throw badRequest(`optionId: option ${optionId} is not an option of bet ${betId}`, [
        { field: 'optionId', rule: 'not_found', value: String(optionId) },
      ]);
    await tx.rows(
      sql`update bets set status = 'finalized', result_option_id = ${optionId}, settled_at = now() where id = ${betId}`,
    );
    const single = await settleWagers(tx, betId, optionId);
    await decideParlayLegs(tx, betId, optionId);
    await settleParlays(tx, betId, false);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'finalize_bet',
      details: `Finalized "${bet.title}": winner "${option.text}", ${single.winners.length} winning account(s) paid`,
      target: bet.title,
    });
    await publishLive(tx, 'bet.settled', { betId: String(betId), outcome: 'finalized' });
    await deps.events.record(tx, 'BetSettled', {
      betId,
      outcome: 'finalized',
      winningOptionId: optionId,
    });
    return { title: bet.title, winner: option.text };
  });
  deps.events.nudge();
  return {
    message: `Bet "${result.title}" finalized: ${result.winner} wins`,
    bet: await reloadBet(deps, betId),
  };
}

export async function voidBet(deps: Deps, admin: AuthUser, betId: number) {
  const settled = await deps.db.tx(async (tx) => {
    const bet = await lockOpenBet(tx, betId);
    await lockSettlingAccounts(tx, betId);
    await tx.rows(sql`update bets set status = 'voided', settled_at = now() where id = ${betId}`);
    await refundWagers(tx, betId);
    await decideParlayLegs(tx, betId, null);
    // Voiding a parlay's last open leg can complete it as won.
    await settleParlays(tx, betId, true);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'void_bet',
      details: `Voided "${bet.title}" and refunded its stakes`,
      target: bet.title,
    });
    await publishLive(tx, 'bet.settled', { betId: String(betId), outcome: 'voided' });
    await deps.events.record(tx, 'BetSettled', { betId, outcome: 'voided', winningOptionId: null });
    return { title: bet.title };
  });
  deps.events.nudge();
  return {
    message: `Bet "${settled.title}" voided; stakes refunded`,
    bet: await reloadBet(deps, betId),
  };
}

export async function setOdds(
  deps: Deps,
  admin: AuthUser,
  betTitleOrId: string,
  optionId: number,
  odds: number,
) {
  const bet = await queries.findBetByTitleOrId(deps.db, betTitleOrId);
  if (!bet)
    throw notFound(`betTitle: no bet titled "${betTitleOrId}"`, [
      { field: 'betTitle', rule: 'not_found', value: betTitleOrId },
    ]);
  if (bet.status !== 'open')
    throw conflict(`Bet "${bet.title}" is ${bet.status}; its odds can no longer change`);
  const option = bet.options.find((o) => o.id === optionId);
  if (!option)
    throw notFound(`optionId: option ${optionId} is not an option of "${bet.title}"`, [
      { field: 'optionId', rule: 'not_found', value: String(optionId) },
    ]);
  await deps.db.tx(async (tx) => {
    // The read above is only a first answer: this waits for a finalize or void in flight (they
    // lock the bet for update) and sees its result, so a settled bet's odds never change.
    const [locked] = await tx.rows<{ status: string }>(
      sql`select status from bets where id = ${bet.id} for share`,
    );
    if (locked?.status !== 'open')
      throw conflict(
        `Bet "${bet.title}" is ${locked?.status ?? 'gone'}; its odds can no longer change`,
      );
    await tx.rows(
      sql`update bet_options set odds = ${oddsToHundredths(odds)} where id = ${optionId}`,
    );
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'set_odds',
      details: `"${bet.title}" / ${option.text}: ${hundredthsToOdds(option.odds)}x -> ${odds}x`,
      target: bet.title,
    });
    await publishLive(tx, 'bet.repriced', { betId: String(bet.id) });
  });
  return { message: `Odds for ${option.text} set to ${odds}x`, bet: await reloadBet(deps, bet.id) };
}
