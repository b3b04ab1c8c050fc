import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupCommit, type GroupCounts } from './groupCommit';
import { refusalOf, type RefusalCode } from './refusals';
import type { Turns } from './turns';

/*
 * A hot write declared once (README.md here, "The statement contract"): its alone statement, its
 * group statement, how a row tells that the operation was carried out, which errors mean what,
 * and the explain re-read. `run` owns the flow every hot write used to write by hand: the item
 * goes in the kind's next group statement, or alone when that leaves it out (groupCommit.ts); a
 * refusal then runs the explain re-read, after the statement, in the caller's request.
 */

export interface HotWriteDef<T, R, S extends R, G> {
  /** The alone statement's prepared name; the group statement's is this with an 's'. */
  name: string;
  /** One operation in one statement (built once with sql.placeholder()s): it answers R. */
  alone: {
    statement: SQL;
    params: (item: T) => Record<string, unknown>;
    /** Runs the statement in a per-key turn (turns.ts), e.g. two purchases of one item at once. */
    turn?: { turns: Turns; keyOf: (item: T) => unknown };
  };
  /** Many operations in one statement: sql.placeholder('items') is the jsonb array of toJson()s. */
  group: {
    statement: SQL;
    toJson: (item: T) => Record<string, unknown>;
    /** At most one operation of a key per statement (a row is updated once per statement). */
    keyOf: (item: T) => unknown;
    /** The group's row as the alone statement answers it (when their columns differ). */
    fromRow?: (row: G, item: T) => R;
  };
  /** Whether a row says the operation was carried out (default: any row does). */
  carriedOut?: (row: R) => row is S;
  /** Maps the alone statement's other errors (e.g. ledger.postingError); thrown as they are without. */
  mapError?: (err: unknown) => unknown;
}

interface Explained<T> {
  /**
   * Why the operation was refused (no row, carriedOut false, or a refusal in explainOn): reads
   * afresh and throws the API's error. Runs only then, after the statement, and writes nothing.
   */
  explain: (db: Db, item: T) => Promise<never>;
  /** Named refusals (refusals.ts) of the alone statement that mean "refused, explain". */
  explainOn?: readonly RefusalCode[];
}

export interface HotWrite<T, A> {
  /** Carries out `item`: the row that says so, else the explain re-read's error (or undefined without one). */
  run(db: Db, item: T): Promise<A>;
  counts(db: Db): GroupCounts;
  /** Tests: operations run until the returned function is called wait, then go together. */
  hold(db: Db): () => void;
  /** Tests: operations waiting for a statement now. */
  waiting(db: Db): number;
}

/** With an explain re-read: `run` answers a carried-out row or throws. */
export function defineHotWrite<T, R, S extends R = R, G = R>(
  def: HotWriteDef<T, R, S, G> & Explained<T>,
): HotWrite<T, S>;
/** Without one: `run` answers undefined for a refused operation (the caller decides, e.g. reads again). */
export function defineHotWrite<T, R, S extends R = R, G = R>(
  def: HotWriteDef<T, R, S, G>,
): HotWrite<T, S | undefined>;
export function defineHotWrite<T, R, S extends R, G>(
  def: HotWriteDef<T, R, S, G> & Partial<Explained<T>>,
): HotWrite<T, S | undefined> {
  const { name, alone, group, carriedOut, mapError, explain, explainOn = [] } = def;
  const kind = groupCommit<T>({
    name: `${name}s`,
    statement: group.statement,
    toJson: group.toJson,
    keyOf: group.keyOf,
  });
  // The one cast: a group statement's row is what the kind declares it to be.
  const fromRow = (row: Record<string, unknown>, item: T): R =>
    group.fromRow ? group.fromRow(row as unknown as G, item) : (row as unknown as R);
  // Without carriedOut, S is R (its default): any row is one carried out.
  const done = (row: R | undefined): row is S =>
    row !== undefined && (!carriedOut || carriedOut(row));

  /** The alone statement's row; undefined for none or a refusal in explainOn. */
  async function runAlone(db: Db, item: T): Promise<R | undefined> {
    const statement = () => db.compiled<R>(name, alone.statement, alone.params(item));
    try {
      const rows = await (alone.turn
        ? alone.turn.turns(db, alone.turn.keyOf(item), statement)
        : statement());
      return rows[0];
    } catch (err) {
      const refusal = refusalOf(err);
      if (explain && refusal !== null && explainOn.includes(refusal)) return undefined;
      throw mapError ? mapError(err) : err;
    }
  }

  return {
    async run(db, item) {
      const row = await kind.submit(
        db,
        item,
        (r) => fromRow(r, item),
        () => runAlone(db, item),
      );
      if (done(row)) return row;
      return explain ? explain(db, item) : undefined;
    },
    counts: (db) => kind.counts(db),
    hold: (db) => kind.hold(db),
    waiting: (db) => kind.waiting(db),
  };
}
