import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sanctionScopes } from '../../../shared/sanctions';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';

export const appealDecisions = ['upheld', 'lifted'] as const;

/**
 * Graded sanctions (issue 39): one scope each, a reason the player reads, an end or none. In
 * force while not lifted and not past its end; the scope `all` is also the account's status
 * `banned` (accounts), set and cleared with it. Rows stay after they end: the history an admin
 * reads before the next decision.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    scope: text('scope', { enum: sanctionScopes }).notNull(),
    reason: text('reason').notNull(),
    /** null: made before sanctions had authors (the old panel's bans, migrated). */
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: bigint('lifted_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    index('sanctions_user_idx').on(t.userId, t.id),
    // Every session look-up reads a player's sanctions not lifted: few rows, one probe.
    index('sanctions_not_lifted_idx')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null`),
    // The sweep that ends timed suspensions.
    index('sanctions_suspension_end_idx')
      .on(t.endsAt)
      .where(sql`${t.liftedAt} is null and ${t.scope} = 'all' and ${t.endsAt} is not null`),
    check('sanctions_scope_known', oneOf(t.scope, sanctionScopes)),
    check('sanctions_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} > ${t.createdAt}`),
  ],
);

/** One appeal per sanction (unique), decided once by an admin with a reply. */
export const sanctionAppeals = pgTable(
  'sanction_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sanctionId: bigint('sanction_id', { mode: 'number' })
      .notNull()
      .references(() => sanctions.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decision: text('decision', { enum: appealDecisions }),
    reply: text('reply'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    uniqueIndex('sanction_appeals_once_idx').on(t.sanctionId),
    index('sanction_appeals_open_idx')
      .on(t.id)
      .where(sql`${t.decidedAt} is null`),
    check('sanction_appeals_decision_known', oneOf(t.decision, appealDecisions)),
  ],
);
