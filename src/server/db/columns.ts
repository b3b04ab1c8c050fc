import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b')` for a CHECK constraint, written from the same `as const` list the
 * column's TypeScript type comes from, so the database and the code cannot name different
 * values. The values are constants of the code, never user input.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const v of values)
    if (!/^[A-Za-z0-9_-]+$/.test(v)) throw new Error(`oneOf: unexpected value ${v}`);
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/**
 * A closed list for a union type the shared contract already names: the compiler refuses a
 * value outside the union and names any member the list leaves out.
 * `listOf<WagerStatus>()(['open', 'won', 'lost', 'refunded'])`
 */
export const listOf =
  <U extends string>() =>
  <const L extends readonly U[]>(
    list: L & (Exclude<U, L[number]> extends never ? unknown : { missing: Exclude<U, L[number]> }),
  ): L =>
    list;
