import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { RECOVERY_CODE_COUNT } from '../../../../shared/api/recovery';
import { recoveryCodes } from './tables';

/**
 * Recovery codes: 16 characters of Crockford's base32 (80 random bits), shown as four groups
 * of four. They are stored as SHA-256 of the account id and the code, not with argon2 as
 * passwords are: argon2 is slow so that a guessable password costs a thief time per guess,
 * and no guess at 80 random bits is worth trying, fast hash or slow (2^80 hashes). A fast
 * hash lets the database find and delete the code in one statement (a slow salted one would
 * have to be verified against each of the account's codes first), and the account id as salt
 * keeps one table of precomputed hashes from serving every account.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 16;

function newCode(): string {
  // 32 letters: each byte's low five bits pick one without bias.
  const chars = [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** What a person types for a code: any case, spaces or dashes, and the letters base32 reads as digits. */
const normalize = (code: string): string =>
  code
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');

/** Whether `code` could be a recovery code at all (a TOTP code is six digits). */
const looksLikeRecoveryCode = (code: string): boolean => normalize(code).length === CODE_LENGTH;

const hashCode = (userId: number, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${normalize(code)}`)
    .digest('hex');

/** Replaces the account's codes with a new set and returns them (the only time they are seen). */
export async function replaceCodes(q: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await q.orm.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.orm
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(userId, code) })));
  return codes;
}

/**
 * Uses the code up: one conditional DELETE, so of two requests racing with one code exactly
 * one finds the row (the other waits for its lock and then finds nothing).
 */
export async function useCode(q: Queryable, userId: number, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const deleted = await q.orm
    .delete(recoveryCodes)
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(userId, code))),
    )
    .returning({ id: recoveryCodes.id });
  return deleted.length > 0;
}

export async function codesLeft(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.rows<{ n: number }>(
    sql`select count(*)::int as n from recovery_codes where user_id = ${userId}`,
  );
  return row?.n ?? 0;
}
