import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';

export interface SpinnerTableRow {
  spinner_id: string;
  reward_options: number[];
  weights: number[];
}

export interface CooldownRow {
  spinner_id: string;
  next_spin_at: Date | string;
}

/** The wheels an admin has edited; the others keep their defaults. */
export const editedSpinnerTables = (q: Queryable) =>
  q.rows<SpinnerTableRow>(sql`select spinner_id, reward_options, weights from spinner_tables`);

export const cooldownsOf = (q: Queryable, userId: number) =>
  q.rows<CooldownRow>(
    sql`select spinner_id, next_spin_at from spinner_cooldowns where user_id = ${userId}`,
  );
