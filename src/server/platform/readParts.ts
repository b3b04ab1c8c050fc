import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';

/**
 * What a part of a composed read may refer to: SQL placeholders the composed statement fills on
 * every call. `userId` is the reader, `now` the request's clock (the injected one, never the
 * database's, so tests that move the clock see the same answer).
 */
export interface ReadArgs {
  userId: SQL;
  now: SQL;
}

/**
 * One module's share of a read that several modules answer together (the user view, the games
 * progress): a scalar SQL expression, usually a json subquery, and how its value is read back.
 * Parts are composed into one statement rather than run one query each, because on both
 * databases a read's cost was its statements (parse, plan, a round trip), not its rows (issue 36).
 */
export interface ReadPart<T> {
  expr: (args: ReadArgs) => SQL;
  decode: (value: unknown) => T;
}

export const readPart = <T>(part: ReadPart<T>): ReadPart<T> => part;

type Parts = Record<string, ReadPart<unknown>>;
type Decoded<P extends Parts> = {
  [K in keyof P]: P[K] extends ReadPart<infer T> ? T : never;
};

/**
 * The parts as the select list `(part) as p0, (part) as p1, ...` over `args`, and how a row of
 * it is read back (no row, as from a FROM that found nothing, reads each part's empty value).
 */
export function selectParts<P extends Parts>(parts: P, args: ReadArgs) {
  const keys = Object.keys(parts) as (keyof P & string)[];
  const columns =
    keys.length === 0
      ? sql`1 as none`
      : sql.join(
          keys.map((k, i) => sql`${parts[k]!.expr(args)} as ${sql.identifier(`p${i}`)}`),
          sql`, `,
        );
  const decode = (row: Record<string, unknown> | undefined): Decoded<P> => {
    const out = {} as Record<string, unknown>;
    keys.forEach((k, i) => (out[k] = parts[k]!.decode(row?.[`p${i}`])));
    return out as Decoded<P>;
  };
  return { columns, decode };
}

/** The placeholders a prepared composed read fills: `userId`, `now` (an ISO string). */
export const placeholderArgs: ReadArgs = {
  userId: sql`${sql.placeholder('userId')}::bigint`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
};

/**
 * The parts as one prepared statement, `select (part) as p0, (part) as p1, ...`, built once: its
 * text never varies, so PostgreSQL plans it once per connection and PGlite keeps it parsed.
 * `.in(q, ...)` runs the same parts inside a caller's transaction, where no prepared statement is
 * at hand: built per call, for the rare paths (a login, a write's answer).
 */
export function composedRead<P extends Parts>(name: string, parts: P) {
  const { columns, decode } = selectParts(parts, placeholderArgs);
  const statement = sql`select ${columns}`;
  const read = async (db: Db, userId: number, now: Date): Promise<Decoded<P>> => {
    const [row] = await db.compiled<Record<string, unknown>>(name, statement, {
      userId,
      now: now.toISOString(),
    });
    return decode(row);
  };
  const inTx = async (q: Queryable, userId: number, now: Date): Promise<Decoded<P>> => {
    const bound = selectParts(parts, {
      userId: sql`${userId}::bigint`,
      now: sql`${now.toISOString()}::timestamptz`,
    });
    const [row] = await q.rows<Record<string, unknown>>(sql`select ${bound.columns}`);
    return bound.decode(row);
  };
  return Object.assign(read, { in: inTx });
}

/** A json column as the driver hands it back: parsed already (pg, PGlite) or as text. */
export function jsonValue<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
