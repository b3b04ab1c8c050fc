import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';

/**
 * The server-owned state of an idle or puzzle game (DESIGN.md section 9): one row per player in
 * the game's own table (user_id, state jsonb, version), created on the first read. An intent
 * locks the row (the player's actions in this game take turns), lets the game's shared pure
 * function compute the next state, which may post coins in the same transaction, and writes it
 * back by one conditional UPDATE on the version, so a double click or two processes never apply
 * one intent twice. A pure function's RangeError is the player's mistake: a 409 with its words.
 */
export interface GameStateTable {
  /** The table, e.g. 'coin_tycoon_games': a trusted identifier from the game's own code. */
  table: string;
}

export interface Loaded<S> {
  state: S;
  version: number;
}

/** Reads the player's state, creating it first (from `initial`) when the player has none. */
export async function readState<S>(deps: Deps, t: GameStateTable, userId: number, initial: () => unknown, parse: (json: unknown) => S): Promise<Loaded<S>> {
  const name = sql.raw(t.table);
  let [row] = await deps.db.rows<{ state: unknown; version: number }>(sql`select state, version from ${name} where user_id = ${userId}`);
  if (!row) {
    await deps.db.rows(sql`insert into ${name} (user_id, state) values (${userId}, ${JSON.stringify(initial())}::jsonb) on conflict (user_id) do nothing`);
    [row] = await deps.db.rows<{ state: unknown; version: number }>(sql`select state, version from ${name} where user_id = ${userId}`);
  }
  return { state: parse(row!.state), version: Number(row!.version) };
}

/**
 * Applies one intent in a transaction: locks the row, runs `apply` (which may post coins
 * through the ledger with `tx`), and writes the state it returns. Returns what `apply` returned.
 */
export async function applyIntent<S, R extends { state: S }>(
  deps: Deps,
  t: GameStateTable,
  userId: number,
  initial: () => unknown,
  parse: (json: unknown) => S,
  serialize: (state: S) => unknown,
  apply: (tx: Queryable, current: S) => Promise<R> | R,
): Promise<R> {
  // The row exists before the transaction, so the transaction's first lock is this row.
  await readState(deps, t, userId, initial, parse);
  const name = sql.raw(t.table);
  return deps.db.tx(async (tx) => {
    const [row] = await tx.rows<{ state: unknown; version: number }>(sql`select state, version from ${name} where user_id = ${userId} for update`);
    let result: R;
    try {
      result = await apply(tx, parse(row!.state));
    } catch (err) {
      if (err instanceof RangeError) throw conflict(err.message);
      throw err;
    }
    const [written] = await tx.rows<{ version: number }>(sql`
      update ${name} set state = ${JSON.stringify(serialize(result.state))}::jsonb, version = version + 1, updated_at = now()
      where user_id = ${userId} and version = ${row!.version}
      returning version`);
    if (!written) throw conflict('Your game changed meanwhile; try again');
    return result;
  });
}
