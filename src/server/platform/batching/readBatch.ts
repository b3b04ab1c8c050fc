import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { Batches } from './batches';

/*
 * Look-ups by key gathered into one statement, as groupCommit.ts gathers writes. A
 * player's first call after a while (an hourly spin) reads their session and their seed pair
 * before it can do anything, and each of those reads cost more in statement overhead (a socket
 * write and a wake-up on both sides, an executor start in PostgreSQL) than in the read itself.
 * So a process runs one read of a kind at a time, and the keys asked for meanwhile go together
 * in the next one. On a quiet site a key goes at once, in a statement of one.
 *
 * The kind's statement takes the keys as one jsonb array (each with its index `i`) and answers
 * at most one row per key, carrying that `i`. It only reads: it cannot fail for one key and not
 * another, so when it fails every key in it gets the error.
 */

export interface ReadKind<K> {
  /** The prepared statement's name. */
  name: string;
  /** Takes sql.placeholder('keys'), a jsonb array of toJson()s; answers rows with `i`. */
  statement: SQL;
  toJson: (key: K) => Record<string, unknown>;
}

/** What a kind's reads did in one process, for tests and benches. */
interface ReadCounts {
  statements: number;
  keys: number;
}

/**
 * Keys per statement at most. A look-up by primary key of 128 keys still takes well under a
 * millisecond of PostgreSQL's time.
 */
const MAX_KEYS = 128;

interface Pending<K> {
  key: K;
  resolve: (row: Record<string, unknown> | undefined) => void;
  reject: (err: unknown) => void;
}

class Reader<K> extends Batches<Pending<K>> {
  readonly counts: ReadCounts = { statements: 0, keys: 0 };

  constructor(
    private readonly db: Db,
    private readonly kind: ReadKind<K>,
  ) {
    super(1);
  }

  protected take(): Pending<K>[] {
    return this.queue.splice(0, MAX_KEYS);
  }

  protected async run(batch: Pending<K>[]): Promise<void> {
    let rows: Record<string, unknown>[];
    try {
      const keys = JSON.stringify(batch.map((p, i) => ({ ...this.kind.toJson(p.key), i })));
      rows = await this.db.compiled(this.kind.name, this.kind.statement, { keys });
    } catch (err) {
      for (const pending of batch) pending.reject(err);
      return;
    }
    this.counts.statements++;
    this.counts.keys += batch.length;
    const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
    for (const [i, pending] of batch.entries()) pending.resolve(byIndex.get(i));
  }
}

export interface ReadBatch<K> {
  /** The row the kind's statement found for `key`, or undefined. */
  read<R extends Record<string, unknown>>(db: Db, key: K): Promise<R | undefined>;
  counts(db: Db): ReadCounts;
  /** Tests: keys asked for until the returned function is called wait, then go together. */
  hold(db: Db): () => void;
  /** Tests: keys waiting for a statement now. */
  waiting(db: Db): number;
}

export function readBatch<K>(kind: ReadKind<K>): ReadBatch<K> {
  const readers = new WeakMap<Db, Reader<K>>();
  const readerOf = (db: Db) => {
    let reader = readers.get(db);
    if (!reader) readers.set(db, (reader = new Reader(db, kind)));
    return reader;
  };
  return {
    read: <R extends Record<string, unknown>>(db: Db, key: K) =>
      new Promise<R | undefined>((resolve, reject) => {
        readerOf(db).add({ key, resolve: (row) => resolve(row as R | undefined), reject });
      }),
    counts: (db) => ({ ...readerOf(db).counts }),
    hold: (db) => readerOf(db).hold(),
    waiting: (db) => readerOf(db).waiting,
  };
}
