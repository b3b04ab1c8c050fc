import { sql } from 'drizzle-orm';
import type { FrenzyClickResponse, FrenzyStatsDto } from '../../../../shared/api/frenzy';
import { FRENZY_HOURLY_LIMIT, FRENZY_MAX_PER_SECOND, FRENZY_REWARD } from '../../../../shared/games/catalog';
import type { Deps } from '../../../platform/deps';
import { AppError, conflict } from '../../../platform/errors';
import { bumpStat } from '../../../platform/stats';
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

/**
 * One click, one transaction. The click counts only if one conditional upsert finds room under
 * both limits (the hour's 100 and the second's 8), so parallel clicks can never count a 101st;
 * then the click row, the reward (reward multiplier applied) through the ledger against it, and
 * the frenzyClicks counter.
 */
export async function click(deps: Deps, userId: number, emoji: string): Promise<FrenzyClickResponse> {
  const now = deps.clock.now();
  const hour = hourOf(now);
  const second = Math.floor(now.getTime() / 1000);
  return deps.db.tx(async (tx) => {
    const [counted] = await tx.rows<{ clicks: number }>(sql`
      insert into frenzy_hours (user_id, hour_start, clicks, second_at, second_clicks)
      values (${userId}, ${hour.start.toISOString()}, 1, ${second}, 1)
      on conflict (user_id, hour_start) do update set
        clicks = frenzy_hours.clicks + 1,
        second_clicks = case when frenzy_hours.second_at = excluded.second_at then frenzy_hours.second_clicks + 1 else 1 end,
        second_at = excluded.second_at
      where frenzy_hours.clicks < ${FRENZY_HOURLY_LIMIT}
        and (frenzy_hours.second_at <> excluded.second_at or frenzy_hours.second_clicks < ${FRENZY_MAX_PER_SECOND})
      returning clicks`);
    if (!counted) {
      if ((await clicksIn(tx, userId, hour.start)) >= FRENZY_HOURLY_LIMIT) {
        throw conflict('Hourly limit reached! Come back later.', { nextHour: hour.next.toISOString() });
      }
      throw new AppError(429, 'RATE_LIMITED', `Too many clicks: at most ${FRENZY_MAX_PER_SECOND} a second`);
    }
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
