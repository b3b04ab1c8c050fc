import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

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

type Decoded<P extends Record<string, ReadPart<unknown>>> = {
  [K in keyof P]: P[K] extends ReadPart<infer T> ? T : never;
};

/**
 * The parts as one prepared statement, `select (part) as p0, (part) as p1, ...`, built once: its
 * text never varies, so PostgreSQL plans it once per connection and PGlite keeps it parsed.
 */
export function composedRead<P extends Record<string, ReadPart<unknown>>>(name: string, parts: P) {
  const keys = Object.keys(parts) as (keyof P & string)[];
  const args: ReadArgs = {
    userId: sql`${sql.placeholder('userId')}::bigint`,
    now: sql`${sql.placeholder('now')}::timestamptz`,
  };
  const statement =
    keys.length === 0
      ? sql`select 1 as none`
      : sql`select ${sql.join(
          keys.map((k, i) => sql`${parts[k]!.expr(args)} as ${sql.identifier(`p${i}`)}`),
          sql`, `,
        )}`;
  return async (db: Db, userId: number, now: Date): Promise<Decoded<P>> => {
    const [row] = await db.compiled<Record<string, unknown>>(name, statement, {
      userId,
      now: now.toISOString(),
    });
    const out = {} as Record<string, unknown>;
    keys.forEach((k, i) => (out[k] = parts[k]!.decode(row?.[`p${i}`])));
    return out as Decoded<P>;
  };
}

/** A json column as the driver hands it back: parsed already (pg, PGlite) or as text. */
export function jsonValue<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
