import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Which requests a write belongs to, so that "did its effect commit?" has an answer after a crash
 * (platform/idempotency.ts). While a request sent with an Idempotency-Key runs, its run ids are in
 * this context; every transaction and every writing statement the Db runs in that context also
 * sets `applied` on the key's row, in the same transaction. A committed effect therefore always
 * comes with applied = true, and a row left with applied = false by a dead process means nothing
 * of that request was committed: a retry may run it again.
 *
 * The mark also checks that the run still owns the key (run_id): a run whose lease was taken over
 * by a retry (it stalled past its lease) cannot commit anything more, so at most one run applies.
 */
export interface WriteMarks {
  /** idempotency_keys.run_id of each request whose writes these are (a group statement carries several). */
  readonly runIds: readonly string[];
  /** Cleared when the request has its answer: timers it started write without marking. */
  open: boolean;
}

export const writeMarks = new AsyncLocalStorage<WriteMarks>();

/** The open marks of the current context, if any. */
export function currentMarks(): WriteMarks | undefined {
  const marks = writeMarks.getStore();
  return marks && marks.open && marks.runIds.length > 0 ? marks : undefined;
}

/** Runs fn with exactly these marks (none: without any, even if the caller had some). */
export function withMarks<T>(runIds: readonly string[], fn: () => T): T {
  return runIds.length > 0 ? writeMarks.run({ runIds, open: true }, fn) : writeMarks.exit(fn);
}

/** The statement each marked transaction runs before it commits; answers the rows it marked. */
export const markStatement = (marks: WriteMarks): SQL => sql`
  with marked as (
    update idempotency_keys set applied = true
    where run_id = any(${`{${marks.runIds.join(',')}}`}::text[]) and status is null
    returning 1)
  select count(*)::int as n from marked`;

export class RunTakenOver extends Error {
  constructor() {
    super(
      'This request was started again by a retry after its lease ran out; this run changed nothing',
    );
    this.name = 'RunTakenOver';
  }
}

/** After markStatement: every run must still own its key, or the transaction must not commit. */
export function checkMarked(marks: WriteMarks, rows: unknown[]): void {
  const n = Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0);
  if (n < marks.runIds.length) throw new RunTakenOver();
}

/**
 * Whether one statement may write. Plain reads (and pg_notify) do not need a mark; anything that
 * names a writing verb does (a `select ... for update` too: marking a read only costs a re-run).
 */
export const mayWrite = (text: string): boolean =>
  /\b(insert|update|delete|merge)\b/i.test(text.replace(/'(?:[^']|'')*'/g, "''"));
