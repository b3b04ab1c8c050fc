import { z } from 'zod';
import { achievementCriteria, goalTypes, taskTypes, type AchievementCriteria, type GoalType, type TaskType } from '../tasks';
import { idString } from './common';

export * from '../tasks';

export const REWARD_MAX = 1_000_000;
export const GOAL_MAX = 1_000_000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const wholeNumber = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`);

/** An emoji or a short symbol; optional, with a default by type. */
const symbol = (field: string) => z.string({ error: `${field} must be a string` }).trim().max(16, `${field} must be at most 16 characters`).optional();

export const createTaskBody = z.strictObject({
  title: text('title', 80),
  description: text('description', 500),
  reward: wholeNumber('reward', REWARD_MAX),
  type: z.enum(taskTypes, { error: `type must be one of ${taskTypes.join(', ')}` }),
  goalType: z.enum(goalTypes, { error: `goalType must be one of ${goalTypes.join(', ')}` }),
  goalAmount: wholeNumber('goalAmount', GOAL_MAX),
  emoji: symbol('emoji'),
});

export const createAchievementBody = z.strictObject({
  title: text('title', 80),
  description: text('description', 500),
  criteria: z.enum(achievementCriteria, { error: `criteria must be one of ${achievementCriteria.join(', ')}` }),
  threshold: wholeNumber('threshold', GOAL_MAX),
  reward: wholeNumber('reward', REWARD_MAX),
  icon: symbol('icon'),
});

export const completeTaskBody = z.strictObject({ taskId: idString('taskId') });
export const completeAchievementBody = z.strictObject({ achievementId: idString('achievementId') });

export type CreateTaskBody = z.output<typeof createTaskBody>;
export type CreateAchievementBody = z.output<typeof createAchievementBody>;

export interface TaskDto {
  _id: string;
  title: string;
  description: string;
  reward: number;
  type: TaskType;
  goalType: GoalType;
  goalAmount: number;
  emoji: string;
  /** The stat counted since this task's period started. */
  progress: number;
  /** progress / goalAmount as a percentage, capped at 100. */
  percent: number;
  periodStart: string;
  /** When the task comes back after completion; null for bonus tasks (once ever). */
  resetsAt: string | null;
}

export interface TasksDto {
  tasks: TaskDto[];
  /** The server's time, so the page can count down to resetsAt without trusting the device's clock. */
  now: string;
}

export interface CompleteTaskResponse {
  message: string;
  reward: number;
  balance: number;
  task: TaskDto;
}

export interface AchievementDto {
  _id: string;
  title: string;
  description: string;
  criteria: AchievementCriteria;
  threshold: number;
  reward: number;
  icon: string;
  progress: number;
  percent: number;
  claimed: boolean;
  claimedAt: string | null;
}

export interface ClaimAchievementResponse {
  message: string;
  reward: number;
  balance: number;
  achievement: AchievementDto;
}

export interface CreatedDto {
  message: string;
  _id: string;
}
