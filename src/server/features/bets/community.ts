import { sql } from 'drizzle-orm';
import type { CreateBetBody, WagerDto } from '../../../shared/api/bets';
import type { CommunityBetDto } from '../../../shared/api/communityBets';
import { COMMUNITY_PAGE_SIZE } from '../../../shared/communities';
import { hundredthsToOdds, oddsToHundredths } from '../../../shared/odds';
import { pgErrorCode, type Queryable } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { assertEstablished } from '../accounts/public';
import {
  communityFor,
  logModAct,
  requireModerator,
  tellCommunity,
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
import {
  decideParlayLegs,
  lockSettlingAccounts,
  refundWagers,
  settleParlays,
  settleWagers,
} from './settlement';

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
    await tellCommunity(tx, c, 'bet.repriced', { betId: String(betId) });
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
    await decideParlayLegs(tx, betId, winningOptionId);
    await settleParlays(tx, betId, winningOptionId === null, treasury);
    await logModAct(tx, {
      communityId: c.id,
      actorId: userId,
      action: winner === null ? 'void_bet' : 'finalize_bet',
      reason:
        winner === null
          ? `"${bet.title}" voided; stakes refunded`
          : `"${bet.title}": ${winner} wins`,
    });
    await tellCommunity(tx, c, 'bet.settled', {
      betId: String(betId),
      outcome: winner === null ? 'voided' : 'finalized',
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
  select account_id, exposure as amount from bets where status = 'open' and account_id is not null
  union all
  select account_id, committed from parlays where status = 'open' and account_id is not null`;
