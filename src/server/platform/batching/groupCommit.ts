import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { Batches } from './batches';
import { currentMarks, withMarks } from '../../db/writeMarks';
import { observeGroupSize } from '../metrics';

/*
 * Group commit for the one-statement hot paths (DESIGN.md section 3: a game round, a wager).
 * Under load most of such an operation's cost is the statement's, not the operation's:
 * PostgreSQL plans, starts an executor, parses each table's CHECKs and commits once per
 * statement, and every statement is a write to a socket and a wake-up on both sides. So a
 * process runs one statement of a kind at a time, and the operations that arrive meanwhile go
 * together in the next one. Alone (a quiet site) an operation goes at once, with the caller's
 * one-operation statement (see runLone).
 *
 * The kind's statement takes the operations as one jsonb array (each with its index `i`) and
 * answers a row with `i` for each one it carried out. It must write nothing for an operation it
 * leaves out, and never wait for another transaction's lock (FOR UPDATE ... SKIP LOCKED): an
 * operation left out is done alone by the caller's one-operation statement, which waits where it
 * must and answers why it is refused. So a refusal, a lock held elsewhere or a failed statement
 * costs that operation a second statement, and never holds up the others.
 *
 * One key (a player) appears at most once per statement, since an UPDATE applies only one change
 * to a row per statement; later operations of that key wait for the next one. README.md here
 * states the whole contract a kind's statements keep.
 */

export interface GroupKind<T> {
  /** The prepared statement's name. */
  name: string;
  /** Takes sql.placeholder('items'), a jsonb array of toJson()s; answers rows with `i`. */
  statement: SQL;
  toJson: (item: T, i: number) => Record<string, unknown>;
  keyOf: (item: T) => unknown;
}

/** What a kind's statements did in one process, for tests and benches. */
export interface GroupCounts {
  /** Group statements (an operation that finds no other waiting goes alone, not counted). */
  statements: number;
  /** Operations carried out by group statements (not those that went alone). */
  done: number;
  /** Statements that failed (each of their operations then went alone). */
  failed: number;
}

/**
 * Measured at 32 connections on 2 cores (bench/games.mjs's coin flips): one statement at a time
 * settled 2,401 rounds/s at 190 us of PostgreSQL CPU each, two 1,892/s, four 1,613/s and twenty
 * (the pool's size, as without grouping) 1,017/s at 955 us.
 */
const IN_FLIGHT = 1;
/** Operations per statement at most: a statement of 64 takes a few milliseconds. */
const MAX_GROUP = 64;

interface Pending<T> {
  item: T;
  /** Run ids of the request that submitted it (db/writeMarks.ts): the statement marks them all. */
  runIds: readonly string[];
  done: (row: Record<string, unknown>) => void;
  /** Does the operation alone; settles when it has its answer (never rejects). */
  alone: () => Promise<void>;
}

class Group<T> extends Batches<Pending<T>> {
  readonly counts: GroupCounts = { statements: 0, done: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly kind: GroupKind<T>,
  ) {
    super(IN_FLIGHT);
  }

  /** The oldest waiting operations, one per key, up to MAX_GROUP; the rest keep their places. */
  protected take(): Pending<T>[] {
    const keys = new Set<unknown>();
    const group: Pending<T>[] = [];
    const rest: Pending<T>[] = [];
    for (const pending of this.queue) {
      const key = this.kind.keyOf(pending.item);
      if (group.length < MAX_GROUP && !keys.has(key)) {
        keys.add(key);
        group.push(pending);
      } else {
        rest.push(pending);
      }
    }
    this.queue = rest;
    return group;
  }

  protected async run(group: Pending<T>[]): Promise<void> {
    if (group.length === 1) return runLone(group[0]!);
    let rows: Record<string, unknown>[] = [];
    try {
      const items = JSON.stringify(group.map((p, i) => ({ ...this.kind.toJson(p.item, i), i })));
      // The statement runs in whichever request's context started it: it carries exactly the
      // marks of the operations in it (one it leaves out is marked too: the safe side).
      const runIds = group.flatMap((p) => p.runIds);
      rows = await withMarks(runIds, () =>
        this.db.compiled<Record<string, unknown>>(this.kind.name, this.kind.statement, { items }),
      );
    } catch {
      // Nothing of the statement was written: each operation goes alone and meets its own error.
      this.counts.failed++;
    }
    this.counts.statements++;
    this.counts.done += rows.length;
    observeGroupSize(this.kind.name, group.length);
    const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
    for (const [i, pending] of group.entries()) {
      const row = byIndex.get(i);
      // Going alone is not awaited: it may wait for a lock, and the next statement must not.
      if (row) pending.done(row);
      else void pending.alone();
    }
  }
}

/**
 * An operation that finds no other waiting goes alone at once: its one-operation statement is
 * cheaper than a group statement of one (compare-bets' one-player coin flips: 0.64x of the
 * ungrouped tree through group statements of one). It may wait for a lock, so it keeps the slot
 * only for LONE_SLOT_MS; then the next group goes while it waits.
 */
const LONE_SLOT_MS = 20;

async function runLone<T>(pending: Pending<T>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const slotFree = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LONE_SLOT_MS);
  });
  try {
    await Promise.race([pending.alone(), slotFree]);
  } finally {
    clearTimeout(timer);
  }
}

export interface GroupCommit<T> {
  /**
   * Carries out `item` in the kind's next statement and answers `fromRow` of its row, or answers
   * `alone()` (the one-operation statement) when the statement left it out.
   */
  submit<A>(
    db: Db,
    item: T,
    fromRow: (row: Record<string, unknown>) => A,
    alone: () => Promise<A>,
  ): Promise<A>;
  counts(db: Db): GroupCounts;
  /** Tests: operations submitted until the returned function is called wait, then go together. */
  hold(db: Db): () => void;
  /** Tests: operations waiting for a statement now. */
  waiting(db: Db): number;
}

export function groupCommit<T>(kind: GroupKind<T>): GroupCommit<T> {
  const groups = new WeakMap<Db, Group<T>>();
  const groupOf = (db: Db) => {
    let group = groups.get(db);
    if (!group) groups.set(db, (group = new Group(db, kind)));
    return group;
  };
  return {
    submit: (db, item, fromRow, alone) =>
      new Promise((resolve, reject) => {
        const runIds = currentMarks()?.runIds ?? [];
        groupOf(db).add({
          item,
          runIds,
          done: (row) => {
            try {
              resolve(fromRow(row));
            } catch (err) {
              reject(err);
            }
          },
          // Called from whichever statement left it out: in its own request's marks.
          alone: () => withMarks(runIds, alone).then(resolve, reject),
        });
      }),
    counts: (db) => ({ ...groupOf(db).counts }),
    hold: (db) => groupOf(db).hold(),
    waiting: (db) => groupOf(db).waiting,
  };
}
