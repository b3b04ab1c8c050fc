import { z } from 'zod';
import { defineRoutes } from './contract';
import { messageResponse, usernameParams } from './common';

/**
 * Sign-up control (DESIGN.md section 13, REGISTRATION_MODE): open, by an admin's invite code,
 * by an admin's approval, or closed. The register page reads the mode from GET /api/config.
 */
export const registrationModes = ['open', 'invite', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];

/** A keyset cursor: the last `_id` of the previous page. */
const cursorQuery = z.strictObject({
  cursor: z
    .string({ error: 'cursor must be text' })
    .regex(/^[1-9][0-9]{0,15}$/, 'cursor must be the last _id of the previous page')
    .optional(),
});

const inviteBody = z.strictObject({
  maxUses: z
    .number({ error: 'maxUses must be a number' })
    .int('maxUses must be a whole number')
    .min(1, 'maxUses must be at least 1')
    .max(10_000, 'maxUses must be at most 10000')
    .default(1),
  expiresInHours: z
    .number({ error: 'expiresInHours must be a number' })
    .int('expiresInHours must be a whole number of hours')
    .min(1, 'expiresInHours must be at least 1')
    .max(24 * 90, 'expiresInHours must be at most 2160 (90 days)')
    .default(72),
});

const codeParams = z.strictObject({
  code: z.string().min(1, 'code is required').max(64, 'code must be at most 64 characters'),
});

const inviteDto = z.object({
  code: z.string(),
  expiresAt: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  createdAt: z.string(),
  /** The admin who made it (null once their account is gone). */
  createdBy: z.string().nullable(),
});
export type SignupInviteDto = z.infer<typeof inviteDto>;

const signupDto = z.object({
  _id: z.string(),
  username: z.string(),
  createdAt: z.string(),
});
export type PendingSignupDto = z.infer<typeof signupDto>;

const configDto = z.object({ registrationMode: z.enum(registrationModes) });
export type PublicConfigDto = z.infer<typeof configDto>;

export const signupRoutes = defineRoutes({
  'GET /api/config': {
    auth: 'public',
    summary: 'What the client needs at start: how registration works here (REGISTRATION_MODE)',
    reply: configDto,
  },
  'POST /api/admin/invites': {
    auth: 'admin',
    summary: 'Make an invite code for registration (REGISTRATION_MODE=invite)',
    body: inviteBody,
    reply: inviteDto,
    status: 201,
  },
  'GET /api/admin/invites': {
    auth: 'admin',
    summary: 'Invite codes still usable (not expired, used up or revoked), newest first',
    reply: z.array(inviteDto),
  },
  'DELETE /api/admin/invites/:code': {
    auth: 'admin',
    summary: 'Revoke an invite code: registrations with it are refused from now on',
    params: codeParams,
    reply: messageResponse,
  },
  'GET /api/admin/signups': {
    auth: 'admin',
    summary: 'Registrations waiting for approval (REGISTRATION_MODE=approval), oldest first',
    query: cursorQuery,
    reply: z.object({ signups: z.array(signupDto), nextCursor: z.string().nullable() }),
  },
  'POST /api/admin/signups/:username/approve': {
    auth: 'admin',
    summary: 'Approve a waiting registration: the account is made and can sign in',
    params: usernameParams,
    reply: messageResponse,
  },
  'POST /api/admin/signups/:username/deny': {
    auth: 'admin',
    summary: 'Decline a waiting registration: its sign-in answers that it was declined',
    params: usernameParams,
    reply: messageResponse,
  },
});
