import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthResponse } from '../../../../shared/api/accounts';
import {
  RESET_LINK_HOURS,
  type ResetLinkDto,
  type SecurityDto,
  type TotpSetupDto,
} from '../../../../shared/api/recovery';
import type { Queryable } from '../../../db/client';
import type { Deps } from '../../../platform/deps';
import type { AuthUser } from '../../../platform/auth';
import { hashToken } from '../../../platform/auth';
import { logAdminAction } from '../../../platform/adminLog';
import {
  AppError,
  banned,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../../platform/errors';
import { hashPassword, verifyPassword } from '../../../platform/passwords';
import { presentUser } from '../presenter';
import { findUserById, findUserByUsername } from '../queries';
import { readOwnViewIn } from '../userView';
import { codesLeft, replaceCodes, useCode } from './codes';
import { passwordResets, recoveryCodes, userTotp } from './tables';
import * as totp from './totp';

const HOUR_MS = 3_600_000;

const wrongCode = (field = 'code') =>
  forbidden(`${field} is incorrect`, [{ field, rule: 'incorrect' }]);

/**
 * The end of every recovery: the new password set, every session of the account ended (the
 * person who lost the password may not be the only one who had it) and a new one begun, as a
 * sign-in answers. `consume` uses the code or link up in the same transaction and names the
 * account; a refusal after it (a banned account) rolls the use back.
 */
async function signInWithNewPassword(
  deps: Deps,
  passwordHash: string,
  consume: (tx: Queryable) => Promise<number>,
): Promise<AuthResponse> {
  const { userId, response } = await deps.db.tx(async (tx) => {
    const userId = await consume(tx);
    const [row] = await tx.rows<{ status: string }>(sql`
      update users set password_hash = ${passwordHash}
      where id = ${userId} and status <> 'deleted' returning status`);
    if (!row) throw unauthorized('This account no longer exists');
    if (row.status === 'banned') throw banned();
    await deps.sessions.revokeAllFor(tx, userId);
    const token = await deps.sessions.create(tx, userId);
    const { user, stats, collections } = await readOwnViewIn(tx, deps, userId);
    if (!user) throw unauthorized('This account no longer exists');
    return { userId, response: { token, user: presentUser(user, stats, collections) } };
  });
  deps.sessions.forgetUser(userId); // again, now that the revocation is committed
  return response;
}

/** POST /auth/recover: a recovery code in place of the password, used once. */
export async function recover(
  deps: Deps,
  ip: string,
  input: { username: string; code: string; newPassword: string },
): Promise<AuthResponse> {
  const found = await findUserByUsername(deps.db, input.username.trim());
  // Counted like a password: per account and per address, before the code is looked at.
  await deps.passwordChecks.count(found?.id ?? 0, ip);
  const refused = () => unauthorized('Invalid username or recovery code');
  if (!found) throw refused();
  if (found.status === 'banned') throw banned();
  const passwordHash = await hashPassword(input.newPassword);
  return signInWithNewPassword(deps, passwordHash, async (tx) => {
    if (!(await useCode(tx, found.id, input.code))) throw refused();
    return found.id;
  });
}

/** POST /auth/reset: an admin's link, once, within its hour. */
export async function resetWithLink(
  deps: Deps,
  input: { token: string; newPassword: string },
): Promise<AuthResponse> {
  const tokenHash = hashToken(input.token);
  const passwordHash = await hashPassword(input.newPassword);
  return signInWithNewPassword(deps, passwordHash, async (tx) => {
    const now = deps.clock.now();
    const [used] = await tx.orm
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) {
      const [link] = await tx.orm
        .select({ usedAt: passwordResets.usedAt })
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash));
      if (!link) throw notFound('This reset link is not valid: ask an admin for a new one');
      throw new AppError(
        410,
        'GONE',
        link.usedAt
          ? 'This reset link was used already: ask an admin for a new one'
          : `This reset link has expired (they work for ${RESET_LINK_HOURS} hour): ask an admin for a new one`,
      );
    }
    await totp.forget(tx, used.userId);
    return used.userId;
  });
}

/** POST /api/admin/users/{username}/reset-link: only the newest link of an account works. */
export async function issueResetLink(
  deps: Deps,
  admin: AuthUser,
  username: string,
): Promise<ResetLinkDto> {
  const user = await findUserByUsername(deps.db, username);
  if (!user)
    throw notFound(`User ${username} not found`, [
      { field: 'username', rule: 'not_found', value: username },
    ]);
  if (user.status === 'banned')
    throw conflict(`${user.username} is banned: lift the ban before resetting the password`, [
      { field: 'username', rule: 'banned', value: user.username },
    ]);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_LINK_HOURS * HOUR_MS);
  await deps.db.tx(async (tx) => {
    await tx.orm
      .update(passwordResets)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordResets.userId, user.id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      );
    await tx.orm
      .insert(passwordResets)
      .values({ tokenHash: hashToken(token), userId: user.id, adminId: admin.id, expiresAt });
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'issue_reset_link',
      details: `Issued a ${RESET_LINK_HOURS}-hour password reset link for ${user.username}`,
      target: user.username,
    });
  });
  return {
    message: `Pass this link on to ${user.username}: it works once, for ${RESET_LINK_HOURS} hour`,
    path: `/reset/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function security(deps: Deps, userId: number): Promise<SecurityDto> {
  const [left, twoFactor] = await Promise.all([
    codesLeft(deps.db, userId),
    totp.twoFactorOn(deps.db, userId),
  ]);
  return { recoveryCodesLeft: left, twoFactor };
}

/** The signed-in user's password, checked and counted as every password check is. */
async function checkPassword(deps: Deps, userId: number, ip: string, password: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('Your account no longer exists');
  await deps.passwordChecks.count(userId, ip);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongCode('password');
}

export async function regenerateCodes(
  deps: Deps,
  userId: number,
  ip: string,
  password: string,
): Promise<{ codes: string[] }> {
  await checkPassword(deps, userId, ip, password);
  return { codes: await deps.db.tx((tx) => replaceCodes(tx, userId)) };
}

export async function setupTotp(deps: Deps, user: AuthUser): Promise<TotpSetupDto> {
  const setup = await totp.startSetup(deps.db, user.id, user.username);
  if (!setup) throw conflict('Two-factor sign-in is already on: turn it off first');
  return setup;
}

export async function enableTotp(deps: Deps, userId: number, ip: string, code: string) {
  await deps.passwordChecks.count(userId, ip);
  const outcome = await totp.enable(deps.db, userId, code, deps.clock);
  if (outcome === 'no_setup')
    throw conflict('Start the two-factor setup first (POST /api/user/2fa/setup)');
  if (outcome === 'already_on') throw conflict('Two-factor sign-in is already on');
  if (outcome === 'wrong_code') throw wrongCode();
  return { message: 'Two-factor sign-in is on' };
}

export async function disableTotp(
  deps: Deps,
  userId: number,
  ip: string,
  password: string,
  code: string,
) {
  await checkPassword(deps, userId, ip, password);
  const checked = await totp.checkSecondFactor(deps.db, userId, code, deps.clock);
  if (checked === 'off') throw conflict('Two-factor sign-in is not on');
  if (checked !== 'accepted') throw wrongCode();
  await totp.disable(deps.db, userId);
  return { message: 'Two-factor sign-in is off' };
}

/**
 * Sign-in's second step, after the password was right: nothing with two-factor off; with it on,
 * 401 TOTP_REQUIRED without a code (the form then asks for one), and each code counted like a
 * password guess.
 */
export async function checkSignInCode(
  deps: Deps,
  userId: number,
  code: string | undefined,
  ip: string,
): Promise<void> {
  if (!(await totp.twoFactorOn(deps.db, userId))) return;
  if (code === undefined || code.trim() === '')
    throw new AppError(
      401,
      'TOTP_REQUIRED',
      'Enter the 6-digit code from your authenticator app, or a recovery code',
    );
  await deps.passwordChecks.count(userId, ip);
  if ((await totp.checkSecondFactor(deps.db, userId, code, deps.clock)) !== 'accepted')
    throw unauthorized(
      'That code is not right or was used already: try the current one, or a recovery code',
    );
}

/** A deleted account keeps no way back in. */
export async function forgetRecovery(tx: Queryable, userId: number): Promise<void> {
  await tx.orm.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.orm.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.orm
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
