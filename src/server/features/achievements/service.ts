import { sql } from 'drizzle-orm';
import type { AchievementRef } from '../../../shared/api/accounts';
import type { AchievementCriteria, AchievementDto, ClaimAchievementResponse, CreateAchievementBody, CreatedDto } from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import { logAdminAction } from '../../platform/adminLog';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { bumpStat } from '../../platform/stats';
import { applyRewardMultiplier } from '../items/buffs';
import { percentOf } from '../../platform/stats';
import { lifetimeCounters } from './progress';
import * as ledger from '../wallet/ledger';

interface AchievementRow {
  id: number;
  title: string;
  description: string;
  criteria: AchievementCriteria;
  threshold: number;
  reward: number;
  icon: string;
  claimed_at: Date | string | null;
}

function present(row: AchievementRow, counters: Record<AchievementCriteria, number>): AchievementDto {
  const progress = counters[row.criteria];
  const threshold = Number(row.threshold);
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    criteria: row.criteria,
    threshold,
    reward: Number(row.reward),
    icon: row.icon,
    progress,
    percent: percentOf(progress, threshold),
    claimed: row.claimed_at !== null,
    claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at).toISOString(),
  };
}

/** Active achievements plus retired ones the user claimed, with lifetime progress. */
export async function listAchievements(deps: Deps, userId: number): Promise<AchievementDto[]> {
  const rows = await deps.db.rows<AchievementRow>(sql`
    select a.id, a.title, a.description, a.criteria, a.threshold, a.reward, a.icon, c.created_at as claimed_at
    from achievements a left join achievement_claims c on c.achievement_id = a.id and c.user_id = ${userId}
    where a.active or c.id is not null
    order by a.criteria, a.threshold, a.id`);
  const counters = await lifetimeCounters(deps.db, userId);
  return rows.map((r) => present(r, counters));
}

export async function claimAchievement(deps: Deps, userId: number, achievementId: number): Promise<ClaimAchievementResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<AchievementRow>(sql`
      select id, title, description, criteria, threshold, reward, icon, null as claimed_at from achievements where id = ${achievementId} and active`);
    if (!row) throw notFound(`achievementId: no achievement with id ${achievementId}`);
    // The account first: the claim row below references users, and the posting locks it anyway.
    await ledger.lockAccounts(tx, [userId], userId);
    const dto = present(row, await lifetimeCounters(tx, userId));
    if (dto.progress < dto.threshold) throw conflict(`"${row.title}" is not reached yet: ${dto.progress}/${dto.threshold} (${dto.percent}%)`);
    const [claim] = await tx.rows<{ id: number }>(sql`
      insert into achievement_claims (user_id, achievement_id, reward) values (${userId}, ${achievementId}, ${dto.reward})
      on conflict (user_id, achievement_id) do nothing returning id`);
    if (!claim) throw conflict(`You have already claimed "${row.title}"`);
    const { extra } = await applyRewardMultiplier(tx, userId, dto.reward, now);
    const reward = dto.reward + extra;
    if (extra > 0) await tx.rows(sql`update achievement_claims set reward = ${reward} where id = ${claim.id}`);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: reward, category: 'achievement_reward' }],
      { refType: 'achievement_claim', refId: claim.id },
      { actorId: userId },
    );
    await bumpStat(tx, userId, 'achievements_claimed');
    return {
      message: `Claimed "${row.title}"! +${reward} coins`,
      reward,
      balance: balances.get(userId) ?? 0,
      achievement: { ...dto, claimed: true, claimedAt: now.toISOString() },
    };
  });
}

/** A user's claimed achievements (own record and public profile), newest first. */
export async function claimedAchievements(q: Queryable, userId: number): Promise<AchievementRef[]> {
  const rows = await q.rows<{ id: number; title: string; icon: string }>(sql`
    select a.id, a.title, a.icon from achievement_claims c join achievements a on a.id = c.achievement_id
    where c.user_id = ${userId} order by c.id desc`);
  return rows.map((r) => ({ _id: String(r.id), title: r.title, icon: r.icon }));
}

export async function createAchievement(deps: Deps, adminId: number, body: CreateAchievementBody): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into achievements (title, description, criteria, threshold, reward, icon)
      values (${body.title}, ${body.description}, ${body.criteria}, ${body.threshold}, ${body.reward}, ${body.icon || '🏆'})
      returning id`);
    await logAdminAction(tx, { adminId, action: 'create_achievement', details: `Created achievement "${body.title}" (${body.criteria} ≥ ${body.threshold})` });
    return { message: 'Achievement created', _id: String(row!.id) };
  });
}

export async function retireAchievement(deps: Deps, adminId: number, id: number): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number; title: string }>(sql`update achievements set active = false where id = ${id} and active returning id, title`);
    if (!row) throw notFound(`id: no active achievement with id ${id}`);
    await logAdminAction(tx, { adminId, action: 'retire_achievement', details: `Retired achievement "${row.title}"` });
    return { message: 'Achievement retired', _id: String(row.id) };
  });
}
