import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The wheels' part of the games progress as one json value (a scalar expression for its composed
 * read): the edited tables as SpinnerTableRow, the user's cooldowns as CooldownRow.
 */
export const spinnerProgressJson = (userId: SQL): SQL => sql`json_build_object(
    'tables', (select json_agg(json_build_object('spinner_id', spinner_id, 'reward_options', reward_options, 'weights', weights))
      from spinner_tables),
    'cooldowns', (select json_agg(json_build_object('spinner_id', spinner_id, 'next_spin_at', next_spin_at))
      from spinner_cooldowns where user_id = ${userId}))`;
