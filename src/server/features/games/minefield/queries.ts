import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { roundsTable } from '../engine/public';
import type { GameRow } from './presenter';

/** The user's running game, if any (at most one: a partial unique index on open rounds). */
export async function openGameOf(q: Queryable, userId: number): Promise<GameRow | undefined> {
  const [game] = await q.rows<GameRow>(sql`
    select id, state, params, outcome from ${roundsTable} where user_id = ${userId} and game = 'minefield' and state = 'open' limit 1`);
  return game;
}
