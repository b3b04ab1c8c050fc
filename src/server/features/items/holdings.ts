import { is, SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { ItemRefType, MovementReason } from './tables';

/**
 * The items module: the only code that writes holdings (`inventory`), as the ledger is the
 * only code that writes balances (DESIGN.md section 3). Every change of a quantity writes an
 * `item_movements` row (user, item, delta, quantity after, reason, reference) in the same
 * statement, so per user and item the movements sum to the holding and the audit below can
 * prove that no unit appeared or vanished outside this file.
 *
 * Adding an item source (a gacha pull, a mystery box, a breeding reward, a crafting recipe):
 * 1. add its reason to `movementReasons` and, if it references a new kind of row, its table to
 *    `itemRefTypes` (items/tables.ts; code-only lists, no migration);
 * 2. in the transaction that pays for it (the coins through wallet/ledger.ts), call `give`
 *    (or `move` for several users and items at once) with a reference to the business row
 *    (the round, the purchase...); to consume units call `take`, which refuses units that are
 *    locked or missing without changing anything;
 * 3. a feature that promises units to something still open (a trade offer, a listing, an
 *    escrowed duel) calls `lock` / `unlock`, hands the units over with `swap`, and declares
 *    its open promises as an `itemLocks` query in its module, so the audit can check that
 *    every locked unit is promised to exactly one open thing.
 * One-statement hot paths embed `receiveCte` and `movementRowsFor` in their own SQL.
 *
 * Concurrency: a single holding is changed by a single-row UPDATE by key, whose condition
 * PostgreSQL re-checks against a concurrent change, so two requests can never take the same
 * unit. Set-based changes lock their rows in (user_id, item_id) order first, so two of them
 * over the same holdings queue instead of deadlocking. A transaction locks its business rows
 * first, then holdings, then accounts (the ledger).
 */

export interface ItemRef {
  reason: MovementReason;
  refType: ItemRefType;
  /** May be SQL, so a statement can reference a row it writes itself. */
  refId: number | string | SQL;
}

/** Units of one item for one user. */
export interface Units {
  userId: number;
  itemId: number;
  quantity: number;
}

/** Units handed from one user's locked units to another user. */
export interface Transfer {
  fromUserId: number;
  toUserId: number;
  itemId: number;
  quantity: number;
}

const refIdSql = (refId: ItemRef['refId']) =>
  is(refId, SQL) ? sql`(${refId})::text` : String(refId);

const cteName = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`items: bad CTE name ${name}`);
  return sql.raw(name);
};

const positiveInt = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`items: ${what} must be a positive integer, got ${n}`);
};

/**
 * CTE `name` writing one movement row per row of the CTEs `sources`, each of which returns
 * (user_id, item_id, delta, quantity_after).
 */
export function movementRowsFor(name: string, sources: string[], ref: ItemRef): SQL {
  for (const s of sources) cteName(s);
  return sql`${cteName(name)} as (
      insert into item_movements (user_id, item_id, delta, quantity_after, reason, ref_type, ref_id)
      select user_id, item_id, delta, quantity_after, ${ref.reason}, ${ref.refType}, ${refIdSql(ref.refId)}
      from (${sql.raw(sources.map((s) => `select user_id, item_id, delta, quantity_after from ${s}`).join(' union all '))}) m
      returning id
    )`;
}

/**
 * CTE `name` adding `quantity` units of `itemId` to a user, once per row of `from` (an earlier
 * CTE or relation the item id may read). `onlyIf` limits when an existing holding may grow (a
 * badge: only while none is held); then the CTE returns no row. Returns (user_id, item_id,
 * delta, quantity_after, locked) for movementRowsFor.
 */
export function receiveCte(
  name: string,
  a: { userId: number | SQL; itemId: SQL | number; quantity: number; from: SQL; onlyIf?: SQL },
): SQL {
  positiveInt(a.quantity, 'quantity');
  return sql`${cteName(name)} as (
      insert into inventory (user_id, item_id, quantity) select ${a.userId}, ${a.itemId}, ${a.quantity} from ${a.from}
      on conflict (user_id, item_id) do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()
      ${a.onlyIf ? sql`where ${a.onlyIf}` : sql``}
      returning user_id, item_id, ${a.quantity}::int as delta, quantity as quantity_after, locked
    )`;
}

/**
 * receiveCte for many holdings in one statement (platform/batching/groupCommit.ts): adds each row
 * of `source` (user_id, item_id, quantity; one row per holding). `onlyIf` as in receiveCte, over
 * inventory (the held row) and excluded (the row offered). A row it leaves out returns nothing.
 * Returns (user_id, item_id, quantity_after, locked); the delta is the source's quantity.
 */
export function receiveRowsCte(name: string, source: SQL, onlyIf?: SQL): SQL {
  return sql`${cteName(name)} as (
      insert into inventory (user_id, item_id, quantity) select s.user_id, s.item_id, s.quantity from (${source}) s
      on conflict (user_id, item_id) do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()
      ${onlyIf ? sql`where ${onlyIf}` : sql``}
      returning user_id, item_id, quantity as quantity_after, locked
    )`;
}

/**
 * movementRowsFor where each movement names its own ref: `rows` gives (user_id, item_id, delta,
 * quantity_after, ref_id), as a group statement's receiveRowsCte joined to what it wrote.
 */
export function movementRowsEach(name: string, rows: SQL, ref: Omit<ItemRef, 'refId'>): SQL {
  return sql`${cteName(name)} as (
      insert into item_movements (user_id, item_id, delta, quantity_after, reason, ref_type, ref_id)
      select m.user_id, m.item_id, m.delta, m.quantity_after, ${ref.reason}, ${ref.refType}, m.ref_id::text from (${rows}) m
      returning id
    )`;
}

/** Adds units to a user's holding. Returns the quantity held after. */
export async function give(q: Queryable, units: Units, ref: ItemRef): Promise<number> {
  positiveInt(units.quantity, 'quantity');
  const [row] = await q.rows<{ quantity_after: number }>(sql`
    with ${receiveCte('got', { userId: units.userId, itemId: units.itemId, quantity: units.quantity, from: sql`(select 1) one` })},
    ${movementRowsFor('moved', ['got'], ref)}
    select quantity_after from got`);
  if (!row) throw new Error('items.give: nothing written');
  return row.quantity_after;
}

/**
 * Takes units that are neither locked nor missing: one single-row UPDATE by key, with `when`
 * (any further condition, e.g. the actor is active) in the same statement. Returns the
 * quantity held after, or null when it took nothing (the caller explains why).
 */
export async function take(
  q: Queryable,
  units: Units,
  ref: ItemRef,
  options: { when?: SQL } = {},
): Promise<number | null> {
  positiveInt(units.quantity, 'quantity');
  const [row] = await q.rows<{ quantity_after: number }>(sql`
    with took as (
      update inventory set quantity = quantity - ${units.quantity}, updated_at = now()
      where user_id = ${units.userId} and item_id = ${units.itemId} and quantity - locked >= ${units.quantity}
        ${options.when ? sql`and (${options.when})` : sql``}
      returning user_id, item_id, -${units.quantity}::int as delta, quantity as quantity_after
    ), ${movementRowsFor('moved', ['took'], ref)}
    select quantity_after from took`);
  return row ? row.quantity_after : null;
}

/** Sums entries per (user, item), dropping zeros, in lock order. */
function merged<T extends { userId: number; itemId: number }>(
  entries: T[],
  amount: (e: T) => number,
): { user_id: number; item_id: number; n: number }[] {
  const byKey = new Map<string, { user_id: number; item_id: number; n: number }>();
  for (const e of entries) {
    const n = amount(e);
    if (!Number.isSafeInteger(n)) throw new Error(`items: quantities must be integers, got ${n}`);
    const key = `${e.userId}:${e.itemId}`;
    const prev = byKey.get(key);
    if (prev) prev.n += n;
    else byKey.set(key, { user_id: e.userId, item_id: e.itemId, n });
  }
  return [...byKey.values()]
    .filter((e) => e.n !== 0)
    .sort((a, b) => a.user_id - b.user_id || a.item_id - b.item_id);
}

const recordset = (rows: { user_id: number; item_id: number; n: number }[]) =>
  sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id bigint, item_id bigint, n int))`;

/** Locks the holdings named (that exist) for the rest of the transaction, in key order. */
async function lockRows(q: Queryable, rows: { user_id: number; item_id: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await q.rows(sql`
    select 1 from inventory inv join ${recordset(rows.map((r) => ({ ...r, n: 0 })))} r on inv.user_id = r.user_id and inv.item_id = r.item_id
    order by inv.user_id, inv.item_id for update of inv`);
}

/**
 * Applies signed changes to several holdings at once: negative deltas take unlocked units,
 * positive ones add. All or nothing: if any holding is short, nothing changes in this call
 * and the first short entry is returned (the caller explains it and aborts).
 */
export async function move(
  q: Queryable,
  moves: { userId: number; itemId: number; delta: number }[],
  ref: ItemRef,
): Promise<Units | null> {
  const rows = merged(moves, (m) => m.delta);
  if (rows.length === 0) return null;
  await lockRows(q, rows);
  const [result] = await q.rows<{
    short: { user_id: number; item_id: number; n: number } | null;
  }>(sql`
    with req as ${recordset(rows)},
    short as (
      select req.* from req left join inventory inv on inv.user_id = req.user_id and inv.item_id = req.item_id
      where req.n < 0 and coalesce(inv.quantity - inv.locked, 0) < -req.n
      order by req.user_id, req.item_id limit 1
    ), took as (
      update inventory inv set quantity = inv.quantity + req.n, updated_at = now()
      from req where inv.user_id = req.user_id and inv.item_id = req.item_id and req.n < 0 and not exists (select 1 from short)
      returning inv.user_id, inv.item_id, req.n as delta, inv.quantity as quantity_after
    ), got as (
      insert into inventory (user_id, item_id, quantity) select user_id, item_id, n from req where n > 0 and not exists (select 1 from short)
      on conflict (user_id, item_id) do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()
      returning user_id, item_id, quantity as quantity_after
    ), gained as (
      select g.user_id, g.item_id, r.n as delta, g.quantity_after from got g join req r on r.user_id = g.user_id and r.item_id = g.item_id
    ), ${movementRowsFor('moved', ['took', 'gained'], ref)}
    select (select row_to_json(short) from short) as short, (select count(*) from moved) as n`);
  const short = result?.short;
  return short
    ? { userId: Number(short.user_id), itemId: Number(short.item_id), quantity: -short.n }
    : null;
}

/**
 * Locks units against use, sale and other promises. All or nothing in intent: the first
 * entry short of unlocked units is returned, and the caller must then abort its transaction
 * (entries before it may already be locked). Two requests racing for the last unit serialize
 * on its row and the second one's condition is re-checked against the first one's result.
 */
export async function lock(q: Queryable, entries: Units[]): Promise<Units | null> {
  const rows = merged(entries, (e) => e.quantity);
  for (const r of rows) positiveInt(r.n, 'quantity');
  for (const r of rows) {
    const [row] = await q.rows(sql`
      update inventory set locked = locked + ${r.n}, updated_at = now()
      where user_id = ${r.user_id} and item_id = ${r.item_id} and quantity - locked >= ${r.n}
      returning 1`);
    if (!row) return { userId: r.user_id, itemId: r.item_id, quantity: r.n };
  }
  return null;
}

/**
 * Releases locked units. Never below zero, so a promise stays cancelable whatever happened to
 * the holdings meanwhile.
 */
export async function unlock(q: Queryable, entries: Units[]): Promise<void> {
  const rows = merged(entries, (e) => e.quantity);
  if (rows.length === 0) return;
  await lockRows(q, rows);
  await q.rows(sql`
    update inventory inv set locked = greatest(inv.locked - r.n, 0), updated_at = now()
    from ${recordset(rows)} r where inv.user_id = r.user_id and inv.item_id = r.item_id`);
}

/**
 * Hands locked units over: each transfer takes `quantity` of the giver's locked units (which
 * it unlocks) and adds them to the taker. If a giver no longer holds them locked, nothing
 * moves and the first such transfer is returned (the caller explains it and aborts). Holdings
 * emptied by the swap are removed, as if never held (a badge may be bought again).
 */
export async function swap(
  q: Queryable,
  transfers: Transfer[],
  ref: ItemRef,
): Promise<Transfer | null> {
  if (transfers.length === 0) return null;
  const out = merged(
    transfers.map((t) => ({ userId: t.fromUserId, itemId: t.itemId, quantity: t.quantity })),
    (e) => e.quantity,
  );
  const into = merged(
    transfers.map((t) => ({ userId: t.toUserId, itemId: t.itemId, quantity: t.quantity })),
    (e) => e.quantity,
  );
  await lockRows(
    q,
    merged(
      [...out, ...into].map((r) => ({ userId: r.user_id, itemId: r.item_id })),
      () => 1,
    ),
  );
  const [check] = await q.rows<{ user_id: number; item_id: number } | undefined>(sql`
    select r.user_id, r.item_id from ${recordset(out)} r left join inventory inv on inv.user_id = r.user_id and inv.item_id = r.item_id
    where coalesce(inv.locked, 0) < r.n or coalesce(inv.quantity, 0) < r.n
    order by r.user_id, r.item_id limit 1`);
  if (check) {
    const missing = transfers.find(
      (t) => t.fromUserId === Number(check.user_id) && t.itemId === Number(check.item_id),
    );
    return missing ?? null;
  }
  // Givers first, then takers, in two statements: a user who gives and receives the same item
  // touches one row twice, which one statement may not do.
  await q.rows(sql`
    with took as (
      update inventory inv set quantity = inv.quantity - r.n, locked = inv.locked - r.n, updated_at = now()
      from ${recordset(out)} r where inv.user_id = r.user_id and inv.item_id = r.item_id
      returning inv.user_id, inv.item_id, -r.n as delta, inv.quantity as quantity_after
    ), ${movementRowsFor('moved', ['took'], ref)}
    select count(*) from moved`);
  await q.rows(sql`
    with got as (
      insert into inventory (user_id, item_id, quantity) select user_id, item_id, n from ${recordset(into)} r
      on conflict (user_id, item_id) do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()
      returning user_id, item_id, quantity as quantity_after
    ), gained as (
      select g.user_id, g.item_id, r.n as delta, g.quantity_after from got g join ${recordset(into)} r on r.user_id = g.user_id and r.item_id = g.item_id
    ), ${movementRowsFor('moved', ['gained'], ref)}
    select count(*) from moved`);
  await q.rows(sql`
    delete from inventory inv using ${recordset(out)} r
    where inv.user_id = r.user_id and inv.item_id = r.item_id and inv.quantity = 0 and inv.locked = 0`);
  return null;
}

/** One user's holding of one item; zeros when none. */
export async function holding(
  q: Queryable,
  userId: number,
  itemId: number,
): Promise<{ quantity: number; locked: number }> {
  const [row] = await q.rows<{ quantity: number; locked: number }>(
    sql`select quantity, locked from inventory where user_id = ${userId} and item_id = ${itemId}`,
  );
  return row ?? { quantity: 0, locked: 0 };
}

/** SQL for the number of distinct items a user holds at least one unit of (achievements' itemsOwned). */
export const distinctItemsHeld = (userId: number | SQL): SQL =>
  sql`(select count(*) from inventory where user_id = ${userId} and quantity > 0)`;

/**
 * A user's holdings (item_id, quantity, locked; units of 0 included) as a FROM item, for pages
 * that list them beside the items' names: a plain subquery, which PostgreSQL flattens.
 */
export const holdingsOf = (userId: unknown): SQL =>
  sql`(select item_id, quantity, locked from inventory where user_id = ${userId})`;

/**
 * The holdings table, for the store's one-statement purchases (a row lock on the buyer's
 * holding): interpolated, the statement stays the one it was.
 */
export const inventoryTable = sql.raw('inventory');

/** Units of every item held by players, as a scalar subquery (the metrics' figure). */
export const unitsHeld = sql`(select coalesce(sum(quantity), 0)::bigint from inventory)`;

/** The same from the movements alone, as a scalar subquery (the audit report's figure). */
export const unitsMoved = sql`(select coalesce(sum(delta), 0)::bigint from item_movements)`;

/** The item movements' row count, as a scalar subquery (the audit report's figure). */
export const movementCount = sql`(select count(*)::int from item_movements)`;

export interface HoldingsProblem {
  message: string;
}

/**
 * The items audit behind `npm run audit`: no holding or lock is negative or above its
 * quantity, every holding equals the sum of its movements (and its last movement's quantity
 * after), and every locked unit is promised by exactly one open thing: `locks` are the
 * features' queries of their open promises, each selecting (user_id, item_id, quantity).
 */
export async function auditHoldings(q: Queryable, locks: SQL[]): Promise<HoldingsProblem | null> {
  const [bad] = await q.rows<{
    user_id: number;
    item_id: number;
    quantity: number;
    locked: number;
  }>(sql`
    select user_id, item_id, quantity, locked from inventory where quantity < 0 or locked < 0 or locked > quantity limit 1`);
  if (bad)
    return {
      message: `inventory of user ${bad.user_id}, item ${bad.item_id}: quantity ${bad.quantity}, locked ${bad.locked}`,
    };
  const [unexplained] = await q.rows<{
    user_id: number;
    item_id: number;
    held: number;
    moved: number;
  }>(sql`
    select coalesce(h.user_id, m.user_id) as user_id, coalesce(h.item_id, m.item_id) as item_id,
      coalesce(h.quantity, 0) as held, coalesce(m.total, 0)::int as moved
    from inventory h full join (select user_id, item_id, sum(delta) as total from item_movements group by user_id, item_id) m
      on m.user_id = h.user_id and m.item_id = h.item_id
    where coalesce(h.quantity, 0) <> coalesce(m.total, 0)
    order by 1, 2 limit 1`);
  if (unexplained) {
    return {
      message: `user ${unexplained.user_id} holds ${unexplained.held} of item ${unexplained.item_id} but its movements sum to ${unexplained.moved}`,
    };
  }
  const [stale] = await q.rows<{ id: number; user_id: number; item_id: number }>(sql`
    select m.id, m.user_id, m.item_id from inventory h
    join lateral (select id, user_id, item_id, quantity_after from item_movements m
      where m.user_id = h.user_id and m.item_id = h.item_id order by id desc limit 1) m on true
    where m.quantity_after <> h.quantity
    order by m.id limit 1`);
  if (stale)
    return {
      message: `item movement ${stale.id}: quantity_after differs from user ${stale.user_id}'s holding of item ${stale.item_id}`,
    };
  const promised =
    locks.length === 0
      ? sql`select null::bigint as user_id, null::bigint as item_id, 0 as quantity where false`
      : sql.join(locks, sql` union all `);
  const [mislocked] = await q.rows<{
    user_id: number;
    item_id: number;
    locked: number;
    promised: number;
  }>(sql`
    with promised as (select user_id, item_id, sum(quantity)::int as quantity from (${promised}) p group by user_id, item_id)
    select coalesce(h.user_id, p.user_id) as user_id, coalesce(h.item_id, p.item_id) as item_id,
      coalesce(h.locked, 0) as locked, coalesce(p.quantity, 0) as promised
    from (select * from inventory where locked > 0) h full join promised p on p.user_id = h.user_id and p.item_id = h.item_id
    where coalesce(h.locked, 0) <> coalesce(p.quantity, 0)
    order by 1, 2 limit 1`);
  if (mislocked) {
    return {
      message: `user ${mislocked.user_id} has ${mislocked.locked} of item ${mislocked.item_id} locked but ${mislocked.promised} promised to open trades or offers`,
    };
  }
  return null;
}
