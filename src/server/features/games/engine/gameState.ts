import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import { conflict } from '../../../platform/errors';
import { accountsSql } from '../../accounts/public';

/**
 * The server-owned state of an idle or puzzle game (DESIGN.md section 9): one row per player in
 * the game's own table (user_id, state jsonb, version), created on the first read. An intent
 * locks the row (the player's actions in this game take turns), lets the game's shared pure
 * function compute the next state, which may post coins in the same transaction, and writes it
 * back by one conditional UPDATE on the version, so a double click or two processes never apply
 * one intent twice. An intent that moves no coins and draws no round takes applyPure instead: the
 * same conditional UPDATE, without the transaction and the lock (two round trips, not four). A
 * pure function's RangeError is the player's mistake: a 409 with its words.
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
export async function readState<S>(
  deps: Deps,
  t: GameStateTable,
  userId: number,
  initial: () => unknown,
  parse: (json: unknown) => S,
): Promise<Loaded<S>> {
  const name = sql.raw(t.table);
  let [row] = await deps.db.rows<{ state: unknown; version: number }>(
    sql`select state, version from ${name} where user_id = ${userId}`,
  );
  if (!row) {
    await deps.db.rows(
      sql`insert into ${name} (user_id, state) values (${userId}, ${JSON.stringify(initial())}::jsonb) on conflict (user_id) do nothing`,
    );
    [row] = await deps.db.rows<{ state: unknown; version: number }>(
      sql`select state, version from ${name} where user_id = ${userId}`,
    );
  }
  return { state: parse(row!.state), version: Number(row!.version) };
}

/**
 * Applies one intent in a transaction: locks the row (creating it on the player's first action),
 * runs `apply` with the state and the player's coin balance as it stands (`apply` may post coins
 * through the ledger with `tx`), and writes the state it returns. Returns what `apply` returned.
 */
export async function applyIntent<S, R extends { state: S }>(
  deps: Deps,
  t: GameStateTable,
  userId: number,
  initial: () => unknown,
  parse: (json: unknown) => S,
  serialize: (state: S) => unknown,
  apply: (tx: Queryable, current: S, balance: number) => Promise<R> | R,
): Promise<R> {
  const name = sql.raw(t.table);
  // The row and the balance in one statement; the users row is only read (FOR UPDATE OF g).
  const lock = (tx: Queryable) =>
    tx.rows<{ state: unknown; version: number; balance: number }>(sql`
      select g.state, g.version, u.balance from ${name} g join ${accountsSql.users} u on u.id = g.user_id where g.user_id = ${userId} for update of g`);
  return deps.db.tx(async (tx) => {
    let [row] = await lock(tx);
    if (!row) {
      await tx.rows(
        sql`insert into ${name} (user_id, state) values (${userId}, ${JSON.stringify(initial())}::jsonb) on conflict (user_id) do nothing`,
      );
      [row] = await lock(tx);
    }
    let result: R;
    try {
      result = await apply(tx, parse(row!.state), Number(row!.balance));
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

/** Lost races before an intent queues on the row lock instead (many intents at once: no livelock). */
const PURE_ATTEMPTS = 3;

/**
 * An intent that moves no coins and draws no round (a buy with bucks, a merge, an allocation):
 * read the row and the balance, apply, and write by one conditional UPDATE on the version, with
 * no transaction and no lock, so two round trips instead of four (BEGIN, the locking read, the
 * write, COMMIT). When another intent of the player's wrote first, the UPDATE matches no row and
 * the intent is read and applied again on the newer state, which is what waiting for the lock
 * did; a double click is still applied once per version, and never twice to one. After a few
 * lost races (a burst of intents from one player) it takes the lock like applyIntent, so every
 * intent gets its turn.
 */
export async function applyPure<S, R extends { state: S }>(
  deps: Deps,
  t: GameStateTable,
  userId: number,
  initial: () => unknown,
  parse: (json: unknown) => S,
  serialize: (state: S) => unknown,
  apply: (current: S, balance: number) => R,
): Promise<R> {
  const name = sql.raw(t.table);
  for (let attempt = 0; attempt < PURE_ATTEMPTS; attempt++) {
    const [row] = await deps.db.prepared<{ state: unknown; version: number; balance: number }>(
      `${t.table}_read`,
      sql`select g.state, g.version, u.balance from ${name} g join ${accountsSql.users} u on u.id = g.user_id where g.user_id = ${userId}`,
    );
    if (!row) {
      await deps.db.rows(
        sql`insert into ${name} (user_id, state) values (${userId}, ${JSON.stringify(initial())}::jsonb) on conflict (user_id) do nothing`,
      );
      continue;
    }
    let result: R;
    try {
      result = apply(parse(row.state), Number(row.balance));
    } catch (err) {
      if (err instanceof RangeError) throw conflict(err.message);
      throw err;
    }
    const [written] = await deps.db.prepared<{ version: number }>(
      `${t.table}_write`,
      sql`update ${name} set state = ${JSON.stringify(serialize(result.state))}::jsonb, version = version + 1, updated_at = now()
        where user_id = ${userId} and version = ${row.version} returning version`,
    );
    if (written) return result;
  }
  return applyIntent(deps, t, userId, initial, parse, serialize, (_tx, current, balance) =>
    apply(current, balance),
  );
}
