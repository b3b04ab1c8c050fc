import type { AchievementRef } from '../../../shared/api/accounts';
import type {
  AchievementCriteria,
  AchievementDto,
  ClaimAchievementResponse,
  CreatedDto,
} from '../../../shared/api/tasks';
import { percentOf } from '../../platform/stats';
import { presentBuffedReward, type RewardPreview } from '../items/public';

export interface AchievementRow {
  id: number;
  title: string;
  description: string;
  criteria: AchievementCriteria;
  threshold: number;
  reward: number;
  icon: string;
  claimed_at: Date | string | null;
}

/** An achievement with the user's lifetime progress towards it; `boost` tells what running reward buffs add to a claim. */
export function presentAchievement(
  row: AchievementRow,
  counters: Record<AchievementCriteria, number>,
  boost: (reward: number) => RewardPreview,
): AchievementDto {
  const progress = counters[row.criteria];
  const threshold = Number(row.threshold);
  const reward = Number(row.reward);
  const claimed = row.claimed_at !== null;
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    criteria: row.criteria,
    threshold,
    reward,
    icon: row.icon,
    progress,
    percent: percentOf(progress, threshold),
    claimed,
    claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at).toISOString(),
    // A claimed achievement pays nothing more, so no buff applies to it.
    buffedReward: claimed ? null : presentBuffedReward(reward, boost(reward)),
  };
}

export const presentClaim = (
  achievement: AchievementDto,
  reward: number,
  balance: number,
  claimedAt: Date,
): ClaimAchievementResponse => ({
  message: `Claimed "${achievement.title}"! +${reward} coins`,
  reward,
  balance,
  achievement: { ...achievement, claimed: true, claimedAt: claimedAt.toISOString() },
});

export interface ClaimedRow {
  id: number;
  title: string;
  icon: string;
}

export const presentClaimed = (r: ClaimedRow): AchievementRef => ({
  _id: String(r.id),
  title: r.title,
  icon: r.icon,
});

export const presentCreated = (message: string, id: number): CreatedDto => ({
  message,
  _id: String(id),
});
