import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import type { LedgerCategory } from '../../../shared/api/wallet';
import { AppError, insufficientFunds } from '../../platform/errors';

/**
 * The only code that writes users.balance (DESIGN.md section 3). A posting moves coins for
 * one or more users in a single statement that also writes their ledger rows; the house
 * (user_id NULL) takes the net, so the whole ledger always sums to zero.
 */
export interface Movement {
  userId: number;
  delta: number;
  category: LedgerCategory;
  counterpartyId?: number | null;
}

export interface PostingRef {
  refType?: string;
  refId?: string | number;
  /** Category of the house's row when the movements do not net to zero. */
  houseCategory?: LedgerCategory;
}

const accountGone = () => new AppError(409, 'CONFLICT', 'An account in this transfer no longer exists');

/** Turns the database's refusals of a posting into the API's errors. */
export function postingError(err: unknown): unknown {
  const code = pgErrorCode(err);
  if (code === '23514') return insufficientFunds();
  if (code === '22012') return accountGone();
  return err;
}

/**
 * CTEs `upd`, `house` and `ins` that apply the rows of a CTE named `input` (columns
 * user_id, delta, category, counterparty_id) to balances and the ledger. Features that need
 * a posting and their own writes in one round trip embed these after their own CTEs; a
 * negative balance then violates the users CHECK and aborts the whole statement.
 * `alsoSet` adds assignments to the same UPDATE (a row can be updated once per statement).
 */
export function postingCtes(ref: PostingRef & { houseCategory: LedgerCategory }, alsoSet?: SQL): SQL {
  const refType = ref.refType ?? null;
  const refId = ref.refId === undefined ? null : String(ref.refId);
  return sql`upd as (
      update users u set balance = u.balance + i.delta${alsoSet ? sql`, ${alsoSet}` : sql``}
      from input i where u.id = i.user_id and u.status <> 'deleted'
      returning u.id as user_id, u.balance as balance_after, i.delta, i.category, i.counterparty_id
    ), house as (
      select -sum(delta)::bigint as delta from upd having sum(delta) <> 0
    ), ins as (
      insert into ledger (user_id, delta, balance_after, category, ref_type, ref_id, counterparty_id)
      select user_id, delta, balance_after, category, ${refType}, ${refId}, counterparty_id from upd
      union all
      select null, delta, null, ${ref.houseCategory}, ${refType}, ${refId}, null from house
    )`;
}

export async function post(q: Queryable, movements: Movement[], ref: PostingRef = {}): Promise<Map<number, number>> {
  const merged = new Map<number, Movement>();
  for (const m of movements) {
    if (!Number.isSafeInteger(m.delta)) throw new Error(`ledger: delta must be an integer, got ${m.delta}`);
    const prev = merged.get(m.userId);
    if (prev) {
      if (prev.category !== m.category) throw new Error('ledger: one user appears twice with different categories');
      prev.delta += m.delta;
    } else merged.set(m.userId, { ...m });
  }
  const input = [...merged.values()]
    .filter((m) => m.delta !== 0)
    .sort((a, b) => a.userId - b.userId)
    .map((m) => ({ user_id: m.userId, delta: m.delta, category: m.category, counterparty_id: m.counterpartyId ?? null }));
  if (input.length === 0) return new Map();

  let result: { rows: { user_id: number; balance_after: number }[] | null; guard: number }[];
  try {
    // Atomic on its own, so a posting needs no explicit transaction: a missing account makes
    // the guard divide by zero (22012), which aborts every write of the statement.
    result = await q.rows(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as t(user_id bigint, delta bigint, category text, counterparty_id bigint)
      ), ${postingCtes({ ...ref, houseCategory: ref.houseCategory ?? input[0]!.category })}
      select (select json_agg(json_build_object('user_id', user_id, 'balance_after', balance_after)) from upd) as rows,
             1 / (case when (select count(*) from upd) = ${input.length} then 1 else 0 end) as guard`);
  } catch (err) {
    throw postingError(err);
  }
  const rows = result[0]?.rows ?? [];
  return new Map(rows.map((r) => [r.user_id, r.balance_after]));
}

/**
 * Set-based posting for settlements: `source` selects (user_id, delta, category,
 * counterparty_id, ...) rows, any number of them. `before` adds CTEs the source can read
 * (so a settlement's UPDATE and its payouts are one statement), and `alsoSet` can use the
 * source's extra columns as `i.<column>`. Returns how many accounts moved.
 */
export async function postFrom(
  q: Queryable,
  source: SQL,
  ref: PostingRef & { houseCategory: LedgerCategory },
  extra: { before?: SQL; alsoSet?: SQL } = {},
): Promise<number> {
  try {
    const [row] = await q.rows<{ moved: number }>(sql`
      with ${extra.before ? sql`${extra.before}, ` : sql``}input as (${source}), ${postingCtes(ref, extra.alsoSet)}
      select count(*)::int as moved from upd`);
    return row?.moved ?? 0;
  } catch (err) {
    throw postingError(err);
  }
}

export interface AuditProblem {
  message: string;
}

/** Conservation checks behind `npm run audit`; returns the first discrepancy or null. */
export async function audit(q: Queryable): Promise<AuditProblem | null> {
  const [sum] = await q.rows<{ total: string }>(sql`select coalesce(sum(delta), 0)::text as total from ledger`);
  if (sum && sum.total !== '0') return { message: `ledger deltas sum to ${sum.total}, not 0` };
  const [mismatch] = await q.rows<{ id: number; username: string; balance: number; ledger_total: string }>(sql`
    select u.id, u.username, u.balance, coalesce(l.total, 0)::text as ledger_total
    from users u left join (select user_id, sum(delta) as total from ledger where user_id is not null group by user_id) l
      on l.user_id = u.id
    where u.balance <> coalesce(l.total, 0)
    order by u.id limit 1`);
  if (mismatch) {
    return {
      message: `user ${mismatch.id} (${mismatch.username}) has balance ${mismatch.balance} but ledger total ${mismatch.ledger_total}`,
    };
  }
  const [negative] = await q.rows<{ id: number; username: string; balance: number }>(
    sql`select id, username, balance from users where balance < 0 order by id limit 1`,
  );
  if (negative) return { message: `user ${negative.id} (${negative.username}) has negative balance ${negative.balance}` };
  const [afterMismatch] = await q.rows<{ id: number; user_id: number }>(sql`
    select l.id, l.user_id from ledger l join users u on u.id = l.user_id
    where l.id = (select max(id) from ledger l2 where l2.user_id = u.id) and l.balance_after <> u.balance
    order by l.id limit 1`);
  if (afterMismatch) {
    return { message: `ledger row ${afterMismatch.id}: balance_after differs from user ${afterMismatch.user_id}'s balance` };
  }
  return null;
}
