import { sql } from 'drizzle-orm';
import type {
  CompleteTaskResponse,
  CreatedDto,
  CreateTaskBody,
  TasksDto,
  TaskType,
} from '../../../shared/api/tasks';
import type { Queryable } from '../../db/client';
import { logAdminAction } from '../../platform/adminLog';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { bumpStat } from '../../platform/stats';
import {
  applyRewardMultiplier,
  noRewardBuff,
  presentBuffedReward,
  rewardPreviewFrom,
  runningBuffsJson,
  type RunningBuff,
} from '../items/public';
import { ledger } from '../wallet/public';
import { periodStart } from './periods';
import {
  presentCompletion,
  presentCreated,
  presentTask,
  presentTasks,
  type TaskRow,
} from './presenter';
import { countsOf, countsQuery, periodCounts, type CountsRow, type PeriodCounts } from './progress';
import { findActiveTask, openTasksJson } from './queries';

async function countsAt(q: Queryable, userId: number, now: Date): Promise<PeriodCounts> {
  return periodCounts(q, userId, periodStart('daily', now), periodStart('weekly', now));
}

/**
 * The list's one read: the counts, the open tasks and the running reward buffs in one statement
 * (one round trip), built once with placeholders.
 */
const LIST = (() => {
  const p = (name: string) => sql.placeholder(name);
  return countsQuery(
    p('userId'),
    p('d'),
    p('w'),
    sql`${openTasksJson(p('userId'), p('d'), p('w'))} as tasks,
      ${runningBuffsJson(p('userId'), 'reward-multiplier', p('now'))} as buffs`,
  );
})();

/** Active tasks the user has not completed in their current period, with progress. */
export async function listTasks(deps: Deps, userId: number): Promise<TasksDto> {
  const now = deps.clock.now();
  const [d, w] = [
    periodStart('daily', now).toISOString(),
    periodStart('weekly', now).toISOString(),
  ];
  const [row] = await deps.db.compiled<CountsRow & { tasks: TaskRow[]; buffs: RunningBuff[] }>(
    'tasks_list',
    LIST,
    { userId, d, w, now: now.toISOString() },
  );
  if (!row) throw notFound('This account no longer exists');
  return presentTasks(row.tasks, countsOf(row), now, rewardPreviewFrom(row.buffs));
}

export async function completeTask(
  deps: Deps,
  userId: number,
  taskId: number,
): Promise<CompleteTaskResponse> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const task = await findActiveTask(tx, taskId);
    if (!task) throw notFound(`taskId: no task with id ${taskId}`);
    // The account first: the claim row below references users, and the posting locks it anyway.
    await ledger.lockAccounts(tx, [userId], userId);
    const dto = presentTask(task, await countsAt(tx, userId, now), now, noRewardBuff);
    if (dto.progress < dto.goalAmount) {
      throw conflict(
        `"${task.title}" is not done yet: ${dto.progress}/${dto.goalAmount} (${dto.percent}%)`,
      );
    }
    const [claim] = await tx.rows<{ id: number }>(sql`
      insert into task_claims (user_id, task_id, period_start, reward)
      values (${userId}, ${taskId}, ${dto.periodStart}, ${dto.reward})
      on conflict (user_id, task_id, period_start) do nothing returning id`);
    if (!claim) {
      throw conflict(
        task.type === 'bonus'
          ? `You have already completed "${task.title}"`
          : `You have already completed "${task.title}" this ${task.type === 'daily' ? 'day' : 'week'}`,
      );
    }
    const boost = await applyRewardMultiplier(tx, userId, dto.reward, now);
    const reward = dto.reward + boost.extra;
    if (boost.extra > 0)
      await tx.rows(sql`update task_claims set reward = ${reward} where id = ${claim.id}`);
    const balances = await ledger.post(
      tx,
      [{ userId, delta: reward, category: 'task_reward' }],
      { refType: 'task_claim', refId: claim.id },
      { actorId: userId },
    );
    await bumpStat(tx, userId, 'tasks_completed');
    return presentCompletion(
      { ...dto, buffedReward: presentBuffedReward(dto.reward, boost) },
      reward,
      balances.get(userId) ?? 0,
    );
  });
}

export async function createTask(
  deps: Deps,
  adminId: number,
  body: CreateTaskBody,
): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number }>(sql`
      insert into tasks (title, description, reward, type, goal_type, goal_amount, emoji)
      values (${body.title}, ${body.description}, ${body.reward}, ${body.type}, ${body.goalType}, ${body.goalAmount}, ${body.emoji || defaultEmoji[body.type]})
      returning id`);
    await logAdminAction(tx, {
      adminId,
      action: 'create_task',
      details: `Created ${body.type} task "${body.title}"`,
    });
    return presentCreated('Task created', row!.id);
  });
}

/** Retired tasks leave every list; claims that name them stay. */
export async function retireTask(deps: Deps, adminId: number, taskId: number): Promise<CreatedDto> {
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ id: number; title: string }>(
      sql`update tasks set active = false where id = ${taskId} and active returning id, title`,
    );
    if (!row) throw notFound(`id: no active task with id ${taskId}`);
    await logAdminAction(tx, {
      adminId,
      action: 'retire_task',
      details: `Retired task "${row.title}"`,
    });
    return presentCreated('Task retired', row.id);
  });
}

const defaultEmoji: Record<TaskType, string> = { daily: '📅', weekly: '🗓️', bonus: '🎁' };
