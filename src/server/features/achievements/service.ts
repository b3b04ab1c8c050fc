import { sql } from 'drizzle-orm';
import type {
  AchievementDto,
  ClaimAchievementResponse,
  CreateAchievementBody,
  CreatedDto,
} from '../../../shared/api/tasks';
import { logAdminAction } from '../../platform/adminLog';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { jsonValue, readPart } from '../../platform/readParts';
import { bumpStat } from '../../platform/stats';
import {
  applyRewardMultiplier,
  noRewardBuff,
  presentBuffedReward,
  rewardPreviewFrom,
  runningBuffsJson,
  type RunningBuff,
} from '../items/public';
import { countersOf, lifetimeCounters, lifetimeQuery, type LifetimeRow } from './progress';
import { ledger } from '../wallet/public';
import {
  presentAchievement,
  presentClaim,
  presentClaimed,
  presentCreated,
  type AchievementRow,
  type ClaimedRow,
} from './presenter';
import { achievementsJson, claimedJson, findActiveAchievement } from './queries';

/** The list's one read: lifetime figures, achievements and running reward buffs in one statement. */
const LIST = (() => {
  const userId = sql`${sql.placeholder('userId')}`;
  return lifetimeQuery(
    userId,
    sql`${achievementsJson(userId)} as achievements,
      ${runningBuffsJson(userId, 'reward-multiplier', sql.placeholder('now'))} as buffs`,
  );
})();

/** Active achievements plus retired ones the user claimed, with lifetime progress. */
export async function listAchievements(deps: Deps, userId: number): Promise<AchievementDto[]> {
  const [row] = await deps.db.compiled<
    LifetimeRow & { achievements: AchievementRow[]; buffs: RunningBuff[] }
  >('achievements_list', LIST, { userId, now: deps.clock.now().toISOString() });
  if (!row) throw notFound('This account no longer exists');
  const counters = countersOf(row);
  const boost = rewardPreviewFrom(row.buffs);
  return row.achievements.map((r) => presentAchievement(r, counters, boost));
}

export async function claimAchievement(
  deps: Deps,
  userId: number,
  achievementId: number,
): Promise<ClaimAchievementResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const row = await findActiveAchievement(tx, achievementId);
    if (!row) throw notFound(`achievementId: no achievement with id ${achievementId}`);
    // The account first: the claim row below references users, and the posting locks it anyway.
    await ledger.lockAccounts(tx, [userId], userId);
    const dto = presentAchievement(row, await lifetimeCounters(tx, userId), noRewardBuff);
    if (dto.progress < dto.threshold)
      throw conflict(
        `"${row.title}" is not reached yet: ${dto.progress}/${dto.threshold} (${dto.percent}%)`,
      );
    const [claim] = await tx.rows<{ id: number }>(sql`
      insert into achievement_claims (user_id, achievement_id, reward) values (${userId}, ${achievementId}, ${dto.reward})
      on conflict (user_id, achievement_id) do nothing returning id`);
    if (!claim) throw conflict(`You have already claimed "${row.title}"`);
    const boost = await applyRewardMultiplier(tx, userId, dto.reward, now);
    const reward = dto.reward + boost.extra;
    if (boost.extra > 0)
      await tx.rows(sql`update achievement_claims set reward = ${reward} where id = ${claim.id}`);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: reward, category: 'achievement_reward' }],
      { refType: 'achievement_claim', refId: claim.id },
      { actorId: userId },
    );
    await bumpStat(tx, userId, 'achievements_claimed');
    return presentClaim(
      { ...dto, buffedReward: presentBuffedReward(dto.reward, boost) },
      reward,
      balances.get(userId) ?? 0,
      now,
    );
  });
}

/** A user's claimed achievements (own record and public profile), newest first: the user view's part. */
export const claimedPart = readPart({
  expr: ({ userId }) => claimedJson(userId),
  decode: (value) => ({ achievements: jsonValue<ClaimedRow[]>(value, []).map(presentClaimed) }),
});

export async function createAchievement(
  deps: Deps,
  adminId: number,
  body: CreateAchievementBody,
): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into achievements (title, description, criteria, threshold, reward, icon)
      values (${body.title}, ${body.description}, ${body.criteria}, ${body.threshold}, ${body.reward}, ${body.icon || '🏆'})
      returning id`);
    await logAdminAction(tx, {
      adminId,
      action: 'create_achievement',
      details: `Created achievement "${body.title}" (${body.criteria} ≥ ${body.threshold})`,
    });
    return presentCreated('Achievement created', row!.id);
  });
}

export async function retireAchievement(
  deps: Deps,
  adminId: number,
  id: number,
): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number; title: string }>(
      sql`update achievements set active = false where id = ${id} and active returning id, title`,
    );
    if (!row) throw notFound(`id: no active achievement with id ${id}`);
    await logAdminAction(tx, {
      adminId,
      action: 'retire_achievement',
      details: `Retired achievement "${row.title}"`,
    });
    return presentCreated('Achievement retired', row.id);
  });
}
