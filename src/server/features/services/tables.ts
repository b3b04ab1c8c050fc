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
} from 'drizzle-orm/pg-core';
import { serviceStatuses } from '../../../shared/api/services';
import { oneOf } from '../../db/columns';
import { users } from '../accounts/public';

/**
 * A service a user offers for coins (DESIGN.md section 6). Every lifecycle step is one
 * conditional UPDATE on `status`; while it is bought or finalized the price sits in escrow
 * (ledger rows service_escrow, released by service_release or returned by service_refund,
 * all with ref_type 'service' and this id).
 */
export const services = pgTable(
  'services',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    providerId: bigint('provider_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    buyerId: bigint('buyer_id', { mode: 'number' }).references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    status: text('status', { enum: serviceStatuses }).notNull().default('listed'),
    /** True when the 7-day release completed it rather than the buyer's accept. */
    autoReleased: boolean('auto_released').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
    /** From deps.clock: the 7-day release counts from it, and tests move that clock. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('services_provider_idx').on(t.providerId, t.id),
    index('services_buyer_idx').on(t.buyerId, t.id),
    index('services_status_idx').on(t.status, t.id),
    check('services_status_known', oneOf(t.status, serviceStatuses)),
    check('services_price_positive', sql`${t.price} > 0`),
    check('services_not_own_buyer', sql`${t.buyerId} is null or ${t.buyerId} <> ${t.providerId}`),
    check(
      'services_buyer_when_bought',
      sql`${t.status} = 'deleted' or (${t.status} = 'listed') = (${t.buyerId} is null)`,
    ),
  ],
);
