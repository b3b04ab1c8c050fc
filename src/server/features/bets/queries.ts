import { sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/api/common';
import type { Db, Queryable } from '../../db/client';
import type { AdminBetRow, BetRow, ParlayRow, WagerRow } from './presenter';

/** Votes are counted from wagers and parlay legs rather than kept in a row every wager locks. */
export const betSelect = (where: SQL, withTotals = false) => sql`
  select b.id, b.title, b.description, b.end_time, b.status, b.result_option_id,
    coalesce((
      select json_agg(json_build_object('id', o.id, 'text', o.text, 'odds', o.odds,
        'votes', (select count(*) from wagers w where w.bet_id = b.id and w.option_id = o.id)
               + (select count(*) from parlay_legs pl where pl.bet_id = b.id and pl.option_id = o.id)
      ) order by o.position)
      from bet_options o where o.bet_id = b.id), '[]'::json) as options
    ${
      withTotals
        ? sql`, b.created_at, b.exposure, (select coalesce(sum(stake), 0) from wagers w where w.bet_id = b.id)::bigint as total_staked,
      -- The options' votes added up (wagers and parlay legs), so the admin's count agrees with them.
      ((select count(*) from wagers w where w.bet_id = b.id) + (select count(*) from parlay_legs pl where pl.bet_id = b.id))::int as wager_count`
        : sql``
    }
  from bets b where ${where}`;

/** The open bets: a statement without values, kept prepared (db.compiled) as it is read on every visit. */
const OPEN_BETS = sql`${betSelect(sql`b.status = 'open' and b.community_id is null`)} order by b.end_time, b.id`;
export const listOpenBets = (db: Db) => db.compiled<BetRow>('bets_open', OPEN_BETS, {});

/**
 * Bets for the admin, open ones first, then newest, a page at a time: the cursor is the last bet
 * of the previous page, and the next page continues after it in that order (open ones below its
 * id, then every settled one, if it was open; settled ones below its id if it was not).
 */
export const listAllBets = (q: Queryable, page: PageQuery) => {
  const after = page.before
    ? sql`(case when (select status from bets where id = ${page.before}) = 'open'
          then (b.status = 'open' and b.id < ${page.before}) or b.status <> 'open'
          else b.status <> 'open' and b.id < ${page.before} end)`
    : sql`true`;
  return q.rows<AdminBetRow>(
    sql`${betSelect(sql`b.community_id is null and ${after}`, true)} order by (b.status = 'open') desc, b.id desc limit ${page.limit}`,
  );
};

/** A site bet (a community's bets are only found through their community). */
export async function findBet(q: Queryable, id: number): Promise<BetRow | undefined> {
  const [row] = await q.rows<BetRow>(betSelect(sql`b.id = ${id} and b.community_id is null`));
  return row;
}

/** The odds route names a bet by title (the spec's path) or by id. */
export async function findBetByTitleOrId(
  q: Queryable,
  titleOrId: string,
): Promise<BetRow | undefined> {
  const [byTitle] = await q.rows<BetRow>(
    betSelect(sql`lower(b.title) = lower(${titleOrId}) and b.community_id is null`),
  );
  if (byTitle) return byTitle;
  if (!/^[1-9][0-9]{0,15}$/.test(titleOrId)) return undefined;
  const [byId] = await q.rows<BetRow>(
    betSelect(sql`b.id = ${Number(titleOrId)} and b.community_id is null`),
  );
  return byId;
}

export async function openWagersOf(
  q: Queryable,
  userId: number,
  settled: boolean,
): Promise<WagerRow[]> {
  return q.rows<WagerRow>(sql`
    select w.id, w.bet_id, b.title as bet_title, o.text as choice, w.odds, w.stake, w.payout, w.status, w.created_at
    from wagers w join bets b on b.id = w.bet_id join bet_options o on o.id = w.option_id
    where w.user_id = ${userId} and ${settled ? sql`w.status <> 'open'` : sql`w.status = 'open'`}
    order by w.id desc limit 100`);
}

const parlaySelect = (where: SQL) => sql`
  select p.id, p.stake, p.total_odds, p.payout, p.status, p.created_at,
    (select json_agg(json_build_object('bet_id', l.bet_id, 'bet_title', b.title, 'choice', o.text, 'odds', l.odds, 'status', l.status) order by l.id)
     from parlay_legs l join bets b on b.id = l.bet_id join bet_options o on o.id = l.option_id
     where l.parlay_id = p.id) as legs
  from parlays p
  where ${where}`;

export async function parlaysOf(
  q: Queryable,
  userId: number,
  settled: boolean,
): Promise<ParlayRow[]> {
  return q.rows<ParlayRow>(sql`
    ${parlaySelect(sql`p.user_id = ${userId} and ${settled ? sql`p.status <> 'open'` : sql`p.status = 'open'`}`)}
    order by p.id desc limit 100`);
}

/** One parlay of the user, whatever its status. */
export async function findParlay(
  q: Queryable,
  userId: number,
  parlayId: number,
): Promise<ParlayRow | undefined> {
  const [row] = await q.rows<ParlayRow>(
    parlaySelect(sql`p.user_id = ${userId} and p.id = ${parlayId}`),
  );
  return row;
}
