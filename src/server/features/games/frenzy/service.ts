import { sql } from 'drizzle-orm';
import type { FrenzyClickResponse, FrenzyStatsDto } from '../../../../shared/api/frenzy';
import { FRENZY_HOURLY_LIMIT, FRENZY_MAX_PER_SECOND, FRENZY_REWARD } from '../../../../shared/games/catalog';
import type { Deps } from '../../../platform/deps';
import { AppError, banned, conflict } from '../../../platform/errors';
import { bumpStat, statBumpCte } from '../../../platform/stats';
import { pgErrorCode, type Queryable } from '../../../db/client';
import * as ledger from '../../wallet/ledger';
import { applyRewardMultiplier } from '../../items/buffs';
import { moveForRound } from '../engine/payments';
import { presentClick, presentStats } from './presenter';
import { clicksIn } from './queries';

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
      clicks = frenzy_hours.clicks + 1,
      second_clicks = case when frenzy_hours.second_at = excluded.second_at then frenzy_hours.second_clicks + 1 else 1 end,
      second_at = excluded.second_at
    where frenzy_hours.clicks < ${FRENZY_HOURLY_LIMIT}
      and (frenzy_hours.second_at <> excluded.second_at or frenzy_hours.second_clicks < ${FRENZY_MAX_PER_SECOND})
    returning clicks`;

/**
 * A click in one statement (DESIGN.md section 3), while no reward buff runs: the hour's row
 * counts it only if one conditional upsert finds room under both limits (the hour's 100 and the
 * second's 8), so parallel clicks can never count a 101st; then the click row, the reward
 * through the ledger against it and the frenzyClicks counter. A buff running makes the upsert
 * insert nothing (the click then takes the locked path, which spends the buff's cap); a buyer
 * who is not active gets no credit, and the guard's division by zero rolls the whole statement
 * back.
 */
const CLICK = sql`
  with buff as (
    select exists (select 1 from buffs where user_id = ${p('userId')} and effect_type = 'reward-multiplier'
      and ended_at is null and expires_at > ${p('now')}::timestamptz) as running
  ), counted as (
    insert into frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
    select ${p('userId')}::bigint, ${p('hour')}::timestamptz, 1, ${p('second')}::bigint, 1 where not (select running from buff)
    ${COUNT_ON_CONFLICT}
  ), click as (
    insert into frenzy_clicks (user_id, emoji, reward)
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
    1 / (case when exists (select 1 from click) and not exists (select 1 from credit) then 0 else 1 end) as guard`;

export async function click(deps: Deps, userId: number, emoji: string): Promise<FrenzyClickResponse> {
  const now = deps.clock.now();
  const hour = hourOf(now);
  const second = Math.floor(now.getTime() / 1000);
  let row: { buff_running: boolean; clicks: number | null; click_id: number | null; balance: number | null } | undefined;
  try {
    [row] = await deps.db.compiled<NonNullable<typeof row>>('frenzy_click', CLICK, { userId, now: now.toISOString(), hour: hour.start.toISOString(), second, emoji });
  } catch (err) {
    throw pgErrorCode(err) === '22012' ? banned() : err;
  }
  if (row?.buff_running) return clickLocked(deps, userId, emoji, now);
  if (row?.clicks == null || row.click_id === null || row.balance === null) return refuseClick(deps.db, userId, hour);
  return presentClick(Number(row.clicks), hour.next, now, { id: Number(row.click_id), reward: FRENZY_REWARD, balance: Number(row.balance) });
}

async function refuseClick(q: Queryable, userId: number, hour: { start: Date; next: Date }): Promise<never> {
  if ((await clicksIn(q, userId, hour.start)) >= FRENZY_HOURLY_LIMIT) {
    throw conflict('Hourly limit reached! Come back later.', { nextHour: hour.next.toISOString() });
  }
  throw new AppError(429, 'RATE_LIMITED', `Too many clicks: at most ${FRENZY_MAX_PER_SECOND} a second`);
}

/**
 * A click while a reward buff runs, in one transaction: the same conditional upsert, then the
 * reward with the buff's share (its cap spent under its lock), the click row, the ledger and
 * the counter.
 */
async function clickLocked(deps: Deps, userId: number, emoji: string, now: Date): Promise<FrenzyClickResponse> {
  const hour = hourOf(now);
  const second = Math.floor(now.getTime() / 1000);
  return deps.db.tx(async (tx) => {
    const [counted] = await tx.rows<{ clicks: number }>(sql`
      insert into frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
      values (${userId}, ${hour.start.toISOString()}, 1, ${second}, 1)
      ${COUNT_ON_CONFLICT}`);
    if (!counted) return refuseClick(tx, userId, hour);
    const boost = await applyRewardMultiplier(tx, userId, FRENZY_REWARD, now);
    const reward = FRENZY_REWARD + boost.extra;
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into frenzy_clicks (user_id, emoji, reward) values (${userId}, ${emoji}, ${reward}) returning id`);
    if (!row) throw new Error('frenzy click: insert returned nothing');
    const balance = await moveForRound(tx, userId, row.id, reward, 'frenzy_reward', 'frenzy');
    await bumpStat(tx, userId, 'frenzy_clicks');
    return presentClick(counted.clicks, hour.next, now, { id: row.id, reward, balance });
  });
}
