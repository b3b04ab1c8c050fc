import { z } from 'zod';
import {
  PAGE_SIZE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../constants';

/** Schemas more than one feature validates with; a feature's own ones live in its file. */

export const MAX_COIN_AMOUNT = 1_000_000_000;

/** A database id: clients may send it as a string (the `_id` they were given) or a number. */
export const idString = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} is required` })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9][0-9]{0,15}$/.test(v), `${field} must be a valid id`)
    .transform(Number);

export const idParams = z.strictObject({ id: idString('id') });

export { PAGE_SIZE };
const pageLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be an integer')
  .min(1, 'limit must be at least 1')
  .max(100, 'limit must be at most 100')
  .default(PAGE_SIZE);

/** A keyset page, newest first: `limit` rows with ids below `before` (the last `_id` of the previous page). */
export const pageQuery = z.strictObject({
  before: z.coerce
    .number({ error: 'before must be a number' })
    .int('before must be an integer')
    .positive('before must be positive')
    .optional(),
  limit: pageLimit,
});
export type PageQuery = z.infer<typeof pageQuery>;

export const coinAmount = (field: string, max = MAX_COIN_AMOUNT) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number of coins`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`);

export const usernameSchema = z
  .string({ error: 'username must be a string' })
  .trim()
  .min(USERNAME_MIN, `username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'username may contain only letters, digits, _ and -');

export const passwordSchema = z
  .string({ error: 'password must be a string' })
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`);

/** A username in a path: looked up as given, so any length a lookup can miss with is accepted. */
export const usernameParams = z.strictObject({
  username: z
    .string()
    .min(1, 'username is required')
    .max(100, 'username must be at most 100 characters'),
});

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** True for a real calendar date-time in ISO 8601 form with a zone (2030-02-30 is not one). */
export function isIsoDateTime(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  const offsetOk = m[7] === 'Z' || (Number(m[8]) <= 23 && Number(m[9]) <= 59);
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk
  );
}

const TEN_YEARS_MS = 10 * 365.25 * 24 * 3600 * 1000;

/** A future instant at most ten years away, written as an ISO 8601 date-time. */
export const futureDateTime = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine(
      isIsoDateTime,
      `${field} must be an ISO 8601 date and time such as 2030-01-31T18:00:00Z`,
    )
    .transform((s) => new Date(s))
    .refine((d) => d.getTime() > Date.now(), {
      error: `${field} must be in the future`,
      params: { rule: 'future' },
    })
    .refine(
      (d) => d.getTime() <= Date.now() + TEN_YEARS_MS,
      `${field} must be within ten years from now`,
    );

/*
 * Replies are zod schemas too (the server serializes through them, the OpenAPI document shows
 * them), but only their inferred types reach the client. Numbers stay plain z.number(): the
 * serializer would silently truncate a non-integer under .int(), where the test servers' check
 * reports a mismatch instead. Dates are ISO strings.
 */

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
