import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Queryable } from '../../../db/client';
import type { Clock } from '../../../platform/clock';
import { useCode } from './codes';

/**
 * TOTP two-factor sign-in (RFC 6238 with the authenticator apps' defaults: SHA-1, six digits,
 * 30 seconds), otplib v13's functional API. A code of the step before or after the server's
 * is accepted too (phones' clocks drift), and a step once accepted is never accepted again.
 */
const ISSUER = 'Fair & Square';
/** One step either way. */
const TOLERANCE_SECONDS = 30;

interface TotpRow {
  secret: string;
  enabled: boolean;
  last_step: number | string | null;
}

async function readTotp(q: Queryable, userId: number): Promise<TotpRow | undefined> {
  const [row] = await q.rows<TotpRow>(
    sql`select secret, enabled_at is not null as enabled, last_step from user_totp where user_id = ${userId}`,
  );
  return row;
}

export async function twoFactorOn(q: Queryable, userId: number): Promise<boolean> {
  return (await readTotp(q, userId))?.enabled ?? false;
}

/**
 * A new secret waiting for its first code (replacing an earlier setup not finished); null when
 * two-factor is already on, which must be turned off first.
 */
export async function startSetup(
  q: Queryable,
  userId: number,
  username: string,
): Promise<{ secret: string; uri: string } | null> {
  const secret = generateSecret();
  const rows = await q.rows(sql`
    insert into user_totp (user_id, secret) values (${userId}, ${secret})
    on conflict (user_id) do update set secret = excluded.secret, last_step = null, created_at = now()
      where user_totp.enabled_at is null
    returning user_id`);
  if (rows.length === 0) return null;
  return { secret, uri: generateURI({ issuer: ISSUER, label: username, secret }) };
}

/** The step `token` matches for `secret` now, after `afterStep`; null for a wrong code. */
async function matchingStep(
  secret: string,
  token: string,
  clock: Clock,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(clock.now().getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional API's answer also covers HOTP, which has no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const stepOf = (row: TotpRow): number | null =>
  row.last_step === null ? null : Number(row.last_step);

export type EnableOutcome = 'enabled' | 'no_setup' | 'already_on' | 'wrong_code';

/** Turns two-factor on with the first code from the app (proving the app holds the secret). */
export async function enable(
  q: Queryable,
  userId: number,
  code: string,
  clock: Clock,
): Promise<EnableOutcome> {
  const row = await readTotp(q, userId);
  if (!row) return 'no_setup';
  if (row.enabled) return 'already_on';
  const step = await matchingStep(row.secret, code.replace(/\s/g, ''), clock, null);
  if (step === null) return 'wrong_code';
  // The secret checked is the one turned on: a setup started again meanwhile wins.
  const updated = await q.rows(sql`
    update user_totp set enabled_at = ${clock.now().toISOString()}, last_step = ${step}
    where user_id = ${userId} and enabled_at is null and secret = ${row.secret}
    returning user_id`);
  return updated.length > 0 ? 'enabled' : 'no_setup';
}

export type SecondFactor = 'off' | 'accepted' | 'wrong';

/**
 * Checks a sign-in's second factor: 'off' when two-factor is not on; otherwise the code must be
 * the app's, for a step after the last one accepted, or one of the recovery codes (used up).
 * Taking the step is one conditional UPDATE, so the same code sent twice at once passes once.
 */
export async function checkSecondFactor(
  q: Queryable,
  userId: number,
  code: string | undefined,
  clock: Clock,
): Promise<SecondFactor | 'missing'> {
  const row = await readTotp(q, userId);
  if (!row?.enabled) return 'off';
  if (code === undefined || code.trim() === '') return 'missing';
  const token = code.replace(/\s/g, '');
  const step = await matchingStep(row.secret, token, clock, stepOf(row));
  if (step !== null) {
    const taken = await q.rows(sql`
      update user_totp set last_step = ${step}
      where user_id = ${userId} and enabled_at is not null and (last_step is null or last_step < ${step})
      returning user_id`);
    return taken.length > 0 ? 'accepted' : 'wrong';
  }
  return (await useCode(q, userId, code)) ? 'accepted' : 'wrong';
}

export async function disable(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.rows(
    sql`delete from user_totp where user_id = ${userId} and enabled_at is not null returning user_id`,
  );
  return rows.length > 0;
}

/** An admin's reset link is the last resort of someone who lost the app too: it turns two-factor off. */
export async function forget(q: Queryable, userId: number): Promise<void> {
  await q.rows(sql`delete from user_totp where user_id = ${userId}`);
}
