import { z } from 'zod';
import { defineRoutes } from './contract';
import { authResponse } from './accounts';
import { messageResponse, usernameParams } from './common';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

/**
 * Account recovery without outside services (issue 39, DESIGN.md section 13): one-time recovery
 * codes, an admin's one-hour reset link, and optional TOTP two-factor sign-in. The routes belong
 * to accounts on the server (features/accounts/recovery).
 */

/** How many codes an account holds after registering or regenerating them. */
export const RECOVERY_CODE_COUNT = 10;
/** How long an admin's reset link works. */
export const RESET_LINK_HOURS = 1;

/** The password that replaces a forgotten one: the same rule as registration's. */
const newPassword = z
  .string({ error: 'newPassword must be a string' })
  .min(PASSWORD_MIN, `newPassword must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `newPassword must be at most ${PASSWORD_MAX} characters`);

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** The current password, checked like sign-in's: presence only. */
const passwordBody = z.strictObject({ password: required('password', 1000) });

const recoverBody = z.strictObject({
  username: required('username', 200),
  code: required('code', 100),
  newPassword,
});

const resetBody = z.strictObject({ token: required('token', 200), newPassword });

const codeBody = z.strictObject({ code: required('code', 100) });

const disableBody = z.strictObject({
  password: required('password', 1000),
  code: required('code', 100),
});

const recoveryCodesDto = z.object({ codes: z.array(z.string()) });

/** The profile's security panel: what is left of the codes, and whether two-factor is on. */
const securityDto = z.object({ recoveryCodesLeft: z.number(), twoFactor: z.boolean() });
export type SecurityDto = z.infer<typeof securityDto>;

const totpSetupDto = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/… for a QR code or a tap on the phone. */
  uri: z.string(),
});
export type TotpSetupDto = z.infer<typeof totpSetupDto>;

const resetLinkDto = z.object({
  message: z.string(),
  /** The site path to pass on: /reset/{token}. */
  path: z.string(),
  expiresAt: z.string(),
});
export type ResetLinkDto = z.infer<typeof resetLinkDto>;

export const recoveryRoutes = defineRoutes({
  'POST /auth/recover': {
    auth: 'public',
    summary: 'Set a new password with a one-time recovery code; signs out every other session',
    body: recoverBody,
    reply: authResponse,
    rateLimit: 'auth',
  },
  'POST /auth/reset': {
    auth: 'public',
    summary: "Set a new password with an admin's one-hour reset link (/reset/{token}), once",
    body: resetBody,
    reply: authResponse,
    rateLimit: 'auth',
  },
  'GET /api/user/security': {
    auth: 'user',
    summary: 'Recovery codes left and whether two-factor sign-in is on',
    reply: securityDto,
  },
  'POST /api/user/recovery-codes': {
    auth: 'user',
    summary: 'Replace the recovery codes with ten new ones (needs the password); shown once',
    body: passwordBody,
    reply: recoveryCodesDto,
    rateLimit: 'auth',
  },
  'POST /api/user/2fa/setup': {
    auth: 'user',
    summary: 'Start turning on two-factor sign-in: a new TOTP secret and its otpauth URI',
    reply: totpSetupDto,
    rateLimit: 'auth',
  },
  'POST /api/user/2fa/enable': {
    auth: 'user',
    summary: 'Turn on two-factor sign-in with a code from the app set up by /2fa/setup',
    body: codeBody,
    reply: messageResponse,
    rateLimit: 'auth',
  },
  'POST /api/user/2fa/disable': {
    auth: 'user',
    summary: 'Turn off two-factor sign-in (needs the password and a TOTP or recovery code)',
    body: disableBody,
    reply: messageResponse,
    rateLimit: 'auth',
  },
  'POST /api/admin/users/:username/reset-link': {
    auth: 'admin',
    summary: 'A one-hour, single-use password reset link for the user, to pass on by hand',
    params: usernameParams,
    reply: resetLinkDto,
    status: 201,
  },
});
