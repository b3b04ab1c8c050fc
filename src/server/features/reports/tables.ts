import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { reportActions, reportReasons, reportTargetTypes } from '../../../shared/reports';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';

export const reportStatuses = ['open', 'resolved'] as const;
export const reportQueues = ['moderators', 'admins'] as const;

/**
 * Reports (DESIGN.md section 13). The target is named by type and id and described as it read
 * when reported (label, link), so the queue still says what was reported once it is removed. A
 * post or comment goes to its community's moderators first (community_id) and to the admins
 * after REPORT_ESCALATE_HOURS or when a moderator hands it on; anything else to the admins.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    targetLabel: text('target_label').notNull(),
    targetLink: text('target_link'),
    /** The community whose moderators see it first (posts and comments); no FK: communities owns that table. */
    communityId: bigint('community_id', { mode: 'number' }),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    queue: text('queue', { enum: reportQueues }).notNull(),
    /** From the rules' clock (deps.clock): the escalation compares it with that clock. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => users.id),
    action: text('action', { enum: reportActions }),
    note: text('note'),
  },
  (t) => [
    // One open report per reporter and target: a second is refused by this index (409).
    uniqueIndex('reports_open_per_reporter_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.queue, t.status, t.id),
    index('reports_community_idx')
      .on(t.communityId, t.status, t.id)
      .where(sql`${t.communityId} is not null`),
    // The escalation sweep reads only what still waits for moderators.
    index('reports_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open' and ${t.queue} = 'moderators'`),
    check('reports_target_type_known', oneOf(t.targetType, reportTargetTypes)),
    check('reports_reason_known', oneOf(t.reason, reportReasons)),
    check('reports_status_known', oneOf(t.status, reportStatuses)),
    check('reports_queue_known', oneOf(t.queue, reportQueues)),
    check('reports_action_known', sql`${t.action} is null or ${oneOf(t.action, reportActions)}`),
  ],
);

/**
 * Each reporter's reports in the current hour's window (REPORTS_PER_HOUR): one conditional
 * upsert counts a report in its own transaction, so racing reports never pass the limit and a
 * refused one (a duplicate) counts nothing.
 */
export const reportQuota = pgTable('report_quota', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
