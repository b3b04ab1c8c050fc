import { sql, type SQL } from 'drizzle-orm';

/*
 * Named refusals inside one statement (README.md here, "Refusals"). A statement that finds,
 * after it has begun writing, that an operation must not go through aborts itself with
 * fs_refuse('<code>') (migration 0037) in a CASE branch: PostgreSQL rolls the whole statement
 * back, and the caller reads the code with refusalOf. Before this a refusal was a division by
 * zero (22012), which meant "account gone", "banned" or "re-read to explain" depending on the
 * statement that raised it.
 */

/** fs_refuse's SQLSTATE: class RF is in neither the SQL standard's classes nor PostgreSQL's. */
export const REFUSAL_SQLSTATE = 'RF001';

export const refusalCodes = [
  /** An account the statement moves coins for is deleted (409 'no longer exists'). */
  'account_gone',
  /** The account acting is not active (403 BANNED). */
  'banned',
  /** Refused for a reason the statement does not tell apart: the caller reads again to say why. */
  'explain',
  /**
   * A group statement (groupCommit.ts) could not finish an operation it had begun: nothing is
   * written, and each of its operations goes alone.
   */
  'go_alone',
] as const;

export type RefusalCode = (typeof refusalCodes)[number];

const isCode = (value: unknown): value is RefusalCode =>
  (refusalCodes as readonly unknown[]).includes(value);

/** SQL types a refusal may stand in for besides integer (which converts to any other number). */
const refusalTypes = ['bigint', 'text', 'boolean', 'jsonb'] as const;
type RefusalType = (typeof refusalTypes)[number];

/**
 * `fs_refuse('<code>')`, for a CASE branch the statement takes only to refuse: an integer,
 * which bigint and numeric branches absorb; `as` gives another type. The code is written into
 * the statement's text (not a parameter), so a prepared statement stays one plan.
 */
export function refuse(code: RefusalCode, as?: RefusalType): SQL {
  if (!isCode(code)) throw new Error(`refuse: unknown refusal code ${String(code)}`);
  if (as !== undefined && !refusalTypes.includes(as))
    throw new Error(`refuse: unknown type ${String(as)}`);
  return sql.raw(as ? `fs_refuse('${code}', null::${as})` : `fs_refuse('${code}')`);
}

/** The refusal an error carries (looking through drivers' and drizzle's wrappers), or null. */
export function refusalOf(err: unknown): RefusalCode | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (code === REFUSAL_SQLSTATE) return isCode(detail) ? detail : null;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
