import { sql } from 'drizzle-orm';
import type {
  FrenzyClickResponse,
  FrenzyStatsDto,
} from '../../../../shared/games/clickFrenzy/contract';
import {
  FRENZY_HOURLY_LIMIT,
  FRENZY_MAX_PER_SECOND,
  FRENZY_REWARD,
} from '../../../../shared/games/engine/catalog';
import type { Deps } from '../../../platform/deps';
import { AppError, banned, conflict } from '../../../platform/errors';
import { defineHotWrite } from '../../../platform/batching/hotWrite';
import { refusalOf, refuse } from '../../../platform/batching/refusals';
import { bumpStat, statBumpCte, statBumpRowsCte } from '../../../platform/stats';
import type { Db, Queryable } from '../../../db/client';
import { ledger } from '../../wallet/public';
import { groupPostings } from '../../wallet/public';
import { applyRewardMultiplier, runningBuffRows } from '../../items/public';
import { moveForRound } from '../engine/public';
import { presentClick, presentStats } from './presenter';
import { clicksIn } from './queries';
import { accountsSql } from '../../accounts/public';

const HOUR_MS = 3_600_000;

function hourOf(now: Date): { start: Date; next: Date } {
  const start = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return { start, next: new Date(start.getTime() + HOUR_MS) };
}

export async function frenzyStats(deps: Deps, userId: number): Promise<FrenzyStatsDto> {
  const now = deps.clock.now();
  const hour = hourOf(now);
  return presentStats(await clicksIn(deps.db, userId, hour.start), hour.next, now);
}

const p = (name: string) => sql.placeholder(name);

/** The upsert's second half: a click counts only with room under the hour's and the second's limits. */
const COUNT_ON_CONFLICT = sql`on conflict (user_id, hour_start) do update set
      clicks = click_frenzy_hours.clicks + 1,
      second_clicks = case when click_frenzy_hours.second_at = excluded.second_at then click_frenzy_hours.second_clicks + 1 else 1 end,
      second_at = excluded.second_at
    where click_frenzy_hours.clicks < ${FRENZY_HOURLY_LIMIT}
      and (click_frenzy_hours.second_at <> excluded.second_at or click_frenzy_hours.second_clicks < ${FRENZY_MAX_PER_SECOND})`;

const REWARD_MULTIPLIER = sql.raw(`'reward-multiplier'`);

/**
 * A click in one statement (DESIGN.md section 3), while no reward buff runs: the hour's row
 * counts it only if one conditional upsert finds room under both limits (the hour's 100 and the
 * second's 8), so parallel clicks can never count a 101st; then the click row, the reward
 * through the ledger against it and the frenzyClicks counter. A buff running makes the upsert
 * insert nothing (the click then takes the locked path, which spends the buff's cap); a player
 * who is not active gets no credit, and the guard refuses ('banned'), which rolls the whole
 * statement back.
 */
const CLICK = sql`
  with buff as (
    select exists (select 1 from ${runningBuffRows(p('userId'), REWARD_MULTIPLIER, sql`${p('now')}::timestamptz`)}) as running
  ), counted as (
    insert into click_frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
    select ${p('userId')}::bigint, ${p('hour')}::timestamptz, 1, ${p('second')}::bigint, 1 where not (select running from buff)
    ${COUNT_ON_CONFLICT}
    returning clicks
  ), click as (
    insert into click_frenzy_clicks (user_id, emoji, reward)
    select ${p('userId')}::bigint, ${p('emoji')}::text, ${FRENZY_REWARD} from counted
    returning id
  ), ${ledger.accountUpdate('credit', {
    userId: sql`${p('userId')}::bigint`,
    delta: FRENZY_REWARD,
    category: 'frenzy_reward',
    actor: true,
    when: sql`exists (select 1 from click)`,
  })}, ${ledger.ledgerRowsFor(['credit'], { refType: 'frenzy', refId: sql`select id from click`, houseCategory: 'frenzy_reward' })},
  ${statBumpCte('stat', sql`${p('userId')}::bigint`, 'frenzy_clicks', sql`exists (select 1 from credit)`)}
  select (select running from buff) as buff_running, (select clicks from counted) as clicks, (select id from click) as click_id,
    (select balance_after from credit) as balance,
    case when exists (select 1 from click) and not exists (select 1 from credit) then ${refuse('banned')} else 1 end as guard`;

/**
 * CLICK for many players in one statement (platform/batching/hotWrite.ts, each player once): a
 * click counts where CLICK would count it, and drops out with nothing written (and is made alone,
 * which answers why) where the player's row or hour row is held elsewhere, the player is not
 * active, a reward buff runs or a limit is reached. A click counted but not credited refuses the
 * whole statement ('go_alone').
 */
const CLICKS = sql`
  with input as (
    select * from jsonb_to_recordset(${p('items')}::jsonb) as t(i int, user_id bigint, hour timestamptz, second bigint, emoji text, now timestamptz)
  ), held as (
    select h.user_id from click_frenzy_hours h join input on h.user_id = input.user_id and h.hour_start = input.hour
    for update of h skip locked
  ), ok as (
    select input.* from input join ${accountsSql.users} u on u.id = input.user_id
    where u.status = 'active'
      -- Scalar subqueries, looked up per click: PostgreSQL would hash an EXISTS over every row.
      and not coalesce((select true from ${runningBuffRows(sql`input.user_id`, REWARD_MULTIPLIER, sql`input.now`)} limit 1), false)
      and (coalesce((select true from held where held.user_id = input.user_id), false)
        or not coalesce((select true from click_frenzy_hours h where h.user_id = input.user_id and h.hour_start = input.hour), false))
    for update of u skip locked
  ), counted as (
    insert into click_frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
    select user_id, hour, 1, second, 1 from ok
    ${COUNT_ON_CONFLICT}
    returning user_id, clicks
  ), click as (
    insert into click_frenzy_clicks (user_id, emoji, reward)
    select ok.user_id, ok.emoji, ${FRENZY_REWARD} from ok join counted on counted.user_id = ok.user_id
    returning id, user_id
  ), ${groupPostings.groupCreditCte(sql`select ok.i, ok.user_id, ${FRENZY_REWARD}::bigint as amount from ok join click on click.user_id = ok.user_id`)},
  ${groupPostings.groupCreditPostingsCte(
    sql`select click.user_id, ${FRENZY_REWARD}::bigint as amount, upd.balance_after, click.id as ref_id from click join ok on ok.user_id = click.user_id join upd on upd.i = ok.i`,
    'frenzy_reward',
    'frenzy',
  )}, ${statBumpRowsCte('stat', sql`select user_id, 'frenzy_clicks' as stat from click`)}
  select ok.i, counted.clicks, click.id as click_id, upd.balance_after as balance,
    case when (select count(*) from click) = (select count(*) from upd) then 1 else ${refuse('go_alone')} end as guard
  from ok join counted on counted.user_id = ok.user_id join click on click.user_id = ok.user_id join upd on upd.i = ok.i`;

type ClickRow = {
  buff_running: boolean;
  clicks: number | null;
  click_id: number | null;
  balance: number | null;
};

interface Click {
  userId: number;
  hour: string;
  second: number;
  emoji: string;
  now: string;
}

const clicks = defineHotWrite<Click, ClickRow, ClickRow, Omit<ClickRow, 'buff_running'>>({
  name: 'frenzy_click',
  alone: {
    statement: CLICK,
    params: (c) => ({
      userId: c.userId,
      now: c.now,
      hour: c.hour,
      second: c.second,
      emoji: c.emoji,
    }),
  },
  group: {
    statement: CLICKS,
    keyOf: (c) => c.userId,
    toJson: (c) => ({
      user_id: c.userId,
      hour: c.hour,
      second: c.second,
      emoji: c.emoji,
      now: c.now,
    }),
    // A click with a buff running never goes in a group statement.
    fromRow: (row) => ({ ...row, buff_running: false }),
  },
  // A buff running is answered too: the click then takes the locked path.
  carriedOut: (row): row is ClickRow =>
    row.buff_running || (row.clicks != null && row.click_id !== null && row.balance !== null),
  mapError: (err) => (refusalOf(err) === 'banned' ? banned() : err),
  explain: (db, c) => refuseClick(db, c.userId, hourOf(new Date(c.now))),
});

/** Click statements and clicks counted together by this process on `db` so far. */
export const clickGroupCounts = (db: Db) => clicks.counts(db);
/** Tests: holds back this process's click statements on `db` until the answer is called. */
export const holdClickGroups = (db: Db) => clicks.hold(db);

export async function click(
  deps: Deps,
  userId: number,
  emoji: string,
): Promise<FrenzyClickResponse> {
  const now = deps.clock.now();
  const hour = hourOf(now);
  const second = Math.floor(now.getTime() / 1000);
  const row = await clicks.run(deps.db, {
    userId,
    now: now.toISOString(),
    hour: hour.start.toISOString(),
    second,
    emoji,
  });
  if (row.buff_running) return clickLocked(deps, userId, emoji, now);
  return presentClick(Number(row.clicks), hour.next, now, {
    id: Number(row.click_id),
    reward: FRENZY_REWARD,
    balance: Number(row.balance),
  });
}

async function refuseClick(
  q: Queryable,
  userId: number,
  hour: { start: Date; next: Date },
): Promise<never> {
  if ((await clicksIn(q, userId, hour.start)) >= FRENZY_HOURLY_LIMIT) {
    throw conflict('Hourly limit reached! Come back later.', { nextHour: hour.next.toISOString() });
  }
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Too many clicks: at most ${FRENZY_MAX_PER_SECOND} a second`,
  );
}

/**
 * A click while a reward buff runs, in one transaction: the same conditional upsert, then the
 * reward with the buff's share (its cap spent under its lock), the click row, the ledger and
 * the counter.
 */
async function clickLocked(
  deps: Deps,
  userId: number,
  emoji: string,
  now: Date,
): Promise<FrenzyClickResponse> {
  const hour = hourOf(now);
  const second = Math.floor(now.getTime() / 1000);
  return deps.db.tx(async (tx) => {
    const [counted] = await tx.rows<{ clicks: number }>(sql`
      insert into click_frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
      values (${userId}, ${hour.start.toISOString()}, 1, ${second}, 1)
      ${COUNT_ON_CONFLICT}
      returning clicks`);
    if (!counted) return refuseClick(tx, userId, hour);
    const boost = await applyRewardMultiplier(tx, userId, FRENZY_REWARD, now);
    const reward = FRENZY_REWARD + boost.extra;
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into click_frenzy_clicks (user_id, emoji, reward) values (${userId}, ${emoji}, ${reward}) returning id`);
    if (!row) throw new Error('frenzy click: insert returned nothing');
    const balance = await moveForRound(tx, userId, row.id, reward, 'frenzy_reward', 'frenzy');
    await bumpStat(tx, userId, 'frenzy_clicks');
    return presentClick(counted.clicks, hour.next, now, { id: row.id, reward, balance });
  });
}
