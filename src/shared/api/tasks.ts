import { z } from 'zod';
import { achievementCriteria, goalTypes, taskTypes } from '../tasks';
import { defineRoutes } from './contract';
import { idParams, idString } from './common';

export * from '../tasks';

const REWARD_MAX = 1_000_000;
const GOAL_MAX = 1_000_000;

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
const symbol = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(16, `${field} must be at most 16 characters`)
    .optional();

const createTaskBody = z.strictObject({
  title: text('title', 80),
  description: text('description', 500),
  reward: wholeNumber('reward', REWARD_MAX),
  type: z.enum(taskTypes, { error: `type must be one of ${taskTypes.join(', ')}` }),
  goalType: z.enum(goalTypes, { error: `goalType must be one of ${goalTypes.join(', ')}` }),
  goalAmount: wholeNumber('goalAmount', GOAL_MAX),
  emoji: symbol('emoji'),
});

const createAchievementBody = z.strictObject({
  title: text('title', 80),
  description: text('description', 500),
  criteria: z.enum(achievementCriteria, {
    error: `criteria must be one of ${achievementCriteria.join(', ')}`,
  }),
  threshold: wholeNumber('threshold', GOAL_MAX),
  reward: wholeNumber('reward', REWARD_MAX),
  icon: symbol('icon'),
});

const completeTaskBody = z.strictObject({ taskId: idString('taskId') });
const completeAchievementBody = z.strictObject({ achievementId: idString('achievementId') });

export type CreateTaskBody = z.output<typeof createTaskBody>;
export type CreateAchievementBody = z.output<typeof createAchievementBody>;

/**
 * The coins a claim would pay now, computed by the code that pays it: the reward plus what the
 * running reward-multiplier buffs add (DESIGN.md section 6), within each buff's cap. Null when
 * no buff adds anything (or the achievement is claimed), so the card shows the plain reward. In
 * a claim's answer it is what that claim paid.
 */
const buffedReward = z
  .object({
    amount: z.number(),
    /** Combined multiplier in hundredths (125 = x1.25). */
    multiplier: z.number(),
    /** A buff's cap holds the extra below reward x (multiplier - 1). */
    capped: z.boolean(),
  })
  .nullable();
export type BuffedReward = z.infer<typeof buffedReward>;

const taskDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  reward: z.number(),
  type: z.enum(taskTypes),
  goalType: z.enum(goalTypes),
  goalAmount: z.number(),
  emoji: z.string(),
  /** The stat counted since this task's period started. */
  progress: z.number(),
  /** progress / goalAmount as a percentage, capped at 100. */
  percent: z.number(),
  periodStart: z.string(),
  /** When the task comes back after completion; null for bonus tasks (once ever). */
  resetsAt: z.string().nullable(),
  buffedReward,
});
export type TaskDto = z.infer<typeof taskDto>;

const tasksDto = z.object({
  tasks: z.array(taskDto),
  /** The server's time, so the page can count down to resetsAt without trusting the device's clock. */
  now: z.string(),
});
export type TasksDto = z.infer<typeof tasksDto>;

const completeTaskResponse = z.object({
  message: z.string(),
  reward: z.number(),
  balance: z.number(),
  task: taskDto,
});
export type CompleteTaskResponse = z.infer<typeof completeTaskResponse>;

const achievementDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  criteria: z.enum(achievementCriteria),
  threshold: z.number(),
  reward: z.number(),
  icon: z.string(),
  progress: z.number(),
  percent: z.number(),
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  buffedReward,
});
export type AchievementDto = z.infer<typeof achievementDto>;

const claimAchievementResponse = z.object({
  message: z.string(),
  reward: z.number(),
  balance: z.number(),
  achievement: achievementDto,
});
export type ClaimAchievementResponse = z.infer<typeof claimAchievementResponse>;

const createdDto = z.object({ message: z.string(), _id: z.string() });
export type CreatedDto = z.infer<typeof createdDto>;

export const tasksRoutes = defineRoutes({
  'GET /api/tasks': {
    auth: 'user',
    summary: 'Tasks not yet completed in their current period, with progress',
    reply: tasksDto,
  },
  'POST /api/tasks/complete': {
    auth: 'user',
    idempotent: true,
    summary: 'Complete a task at 100% and take its reward (once per period)',
    body: completeTaskBody,
    reply: completeTaskResponse,
  },
  'POST /api/tasks/create': {
    auth: 'admin',
    summary: 'Create a task',
    body: createTaskBody,
    reply: createdDto,
    status: 201,
  },
  'POST /api/tasks/:id/retire': {
    auth: 'admin',
    summary: 'Retire a task (completions are kept)',
    params: idParams,
    reply: createdDto,
  },
});

/** Achievements: their own feature on the server (features/achievements), sharing this file's schemas. */
export const achievementsRoutes = defineRoutes({
  'GET /api/achievements': {
    auth: 'user',
    summary: 'Achievements with your lifetime progress and claims',
    reply: z.array(achievementDto),
  },
  'POST /api/achievements/complete': {
    auth: 'user',
    idempotent: true,
    summary: 'Claim a reached achievement and its reward (once)',
    body: completeAchievementBody,
    reply: claimAchievementResponse,
  },
  'POST /api/achievements/create': {
    auth: 'admin',
    summary: 'Create an achievement',
    body: createAchievementBody,
    reply: createdDto,
    status: 201,
  },
  'POST /api/achievements/:id/retire': {
    auth: 'admin',
    summary: 'Retire an achievement (claims are kept)',
    params: idParams,
    reply: createdDto,
  },
});
