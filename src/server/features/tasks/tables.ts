import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { goalTypes, taskTypes } from '../../../shared/api/tasks';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';

/** Tasks an admin defines (spec section 3); retired ones stay for the claims that name them. */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    type: text('type', { enum: taskTypes }).notNull(),
    goalType: text('goal_type', { enum: goalTypes }).notNull(),
    goalAmount: bigint('goal_amount', { mode: 'number' }).notNull(),
    emoji: text('emoji').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tasks_type_known', oneOf(t.type, taskTypes)),
    check(
      'tasks_goal_type_known',
      sql.raw(`goal_type in (${goalTypes.map((g) => `'${g}'`).join(', ')})`),
    ),
    check('tasks_reward_positive', sql`${t.reward} > 0`),
    check('tasks_goal_positive', sql`${t.goalAmount} > 0`),
  ],
);

/**
 * One completed task per (user, task, period start): the unique key is what makes a double
 * click or 20 parallel requests pay once. The reward's ledger rows reference this row.
 */
export const taskClaims = pgTable(
  'task_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    taskId: bigint('task_id', { mode: 'number' })
      .notNull()
      .references(() => tasks.id),
    /** The start of the period (from deps.clock) this completion belongs to; epoch for bonus tasks. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_claims_once_idx').on(t.userId, t.taskId, t.periodStart),
    index('task_claims_task_idx').on(t.taskId),
  ],
);
