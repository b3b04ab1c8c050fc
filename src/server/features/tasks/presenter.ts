import type {
  CompleteTaskResponse,
  CreatedDto,
  GoalType,
  TaskDto,
  TasksDto,
  TaskType,
} from '../../../shared/api/tasks';
import { presentBuffedReward, type RewardPreview } from '../items/public';
import { percentOf } from '../../platform/stats';
import { nextReset, periodStart } from './periods';
import type { PeriodCounts } from './progress';

export interface TaskRow {
  id: number;
  title: string;
  description: string;
  reward: number;
  type: TaskType;
  goal_type: GoalType;
  goal_amount: number;
  emoji: string;
}

const bucket = { daily: 'daily', weekly: 'weekly', bonus: 'lifetime' } as const;

/** A task with the user's progress in its current period (a bonus task's period is the account's life). */

/** `boost` tells what running reward buffs add to a reward, so the card shows what a claim pays. */
export function presentTask(
  row: TaskRow,
  counts: PeriodCounts,
  now: Date,
  boost: (reward: number) => RewardPreview,
): TaskDto {
  const progress = counts[bucket[row.type]][row.goal_type];
  const goal = Number(row.goal_amount);
  const reset = nextReset(row.type, now);
  return {
    _id: String(row.id),
    title: row.title,
    description: row.description,
    reward: Number(row.reward),
    type: row.type,
    goalType: row.goal_type,
    goalAmount: goal,
    emoji: row.emoji,
    progress,
    percent: percentOf(progress, goal),
    periodStart: periodStart(row.type, now).toISOString(),
    resetsAt: reset && reset.toISOString(),
    buffedReward: presentBuffedReward(Number(row.reward), boost(Number(row.reward))),
  };
}

export const presentTasks = (
  rows: TaskRow[],
  counts: PeriodCounts,
  now: Date,
  boost: (reward: number) => RewardPreview,
): TasksDto => ({
  tasks: rows.map((r) => presentTask(r, counts, now, boost)),
  now: now.toISOString(),
});

export const presentCompletion = (
  task: TaskDto,
  reward: number,
  balance: number,
): CompleteTaskResponse => ({
  message: `Completed "${task.title}"! +${reward} coins`,
  reward,
  balance,
  task,
});

export const presentCreated = (message: string, id: number): CreatedDto => ({
  message,
  _id: String(id),
});
