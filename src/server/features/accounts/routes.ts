import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, unauthorized, zodRefusal } from '../../platform/errors';
import { SESSION_IDLE_DAYS } from '../../platform/auth';
import { defineHandlers } from '../../platform/routing';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import * as service from './service';
import * as signup from './signup';

const updateJsonBody = z.strictObject({
  username: z.string({ error: 'username must be a string' }).optional(),
  password: z.string({ error: 'password must be a string' }).optional(),
  currentPassword: z.string({ error: 'currentPassword must be a string' }).optional(),
});

async function readProfileChanges(request: FastifyRequest): Promise<service.ProfileChanges> {
  if (!request.isMultipart()) {
    const parsed = updateJsonBody.safeParse(request.body ?? {});
    if (!parsed.success) throw zodRefusal(parsed.error.issues, request.body ?? {});
    return parsed.data;
  }
  const changes: service.ProfileChanges = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image')
          throw badRequest(`Unknown file field ${part.fieldname}; send the picture as image`);
        const buf = await part.toBuffer();
        if (buf.length > 0) changes.image = buf;
      } else if (
        part.fieldname === 'username' ||
        part.fieldname === 'password' ||
        part.fieldname === 'currentPassword'
      ) {
        changes[part.fieldname] = part.value;
      } else {
        throw badRequest(`Unknown field ${part.fieldname}`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(`image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, [
        { field: 'image', rule: 'too_big', limit: MAX_UPLOAD_BYTES },
      ]);
    if (code === 'FST_FILES_LIMIT_REACHED') throw badRequest('Send at most one image');
    if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw badRequest('Too many form fields');
    throw badRequest('The form data could not be read');
  }
  return changes;
}

export const accountHandlers = (deps: Deps) =>
  defineHandlers('accounts', {
    'POST /auth/register': async ({ body, request }) => service.register(deps, body, request.ip),
    'POST /auth/login': async ({ body, request }) =>
      service.login(deps, body.username.trim(), body.password, body.code, request.ip),
    'POST /auth/logout': async ({ tokenHash }) => {
      await deps.sessions.revoke(deps.db, tokenHash);
      return { message: 'Signed out' };
    },
    'GET /api/user/stats': async ({ user }) => service.getOwnUser(deps, user.id),
    'GET /api/user/session': async ({ tokenHash }) => {
      const expiresAt = await deps.sessions.expiresAt(tokenHash);
      if (!expiresAt) throw unauthorized('Your session has expired; sign in again');
      return { expiresAt: expiresAt.toISOString(), idleDays: SESSION_IDLE_DAYS };
    },
    'POST /api/user/update': async ({ request, user, tokenHash }) =>
      service.updateProfile(
        deps,
        user.id,
        tokenHash,
        request.ip,
        await readProfileChanges(request),
      ),
    'DELETE /api/user': async ({ body, user, request }) => {
      await service.deleteAccount(deps, user.id, request.ip, body.password);
      return { message: 'Account deleted' };
    },
    'GET /api/user/public/:username': async ({ params }) =>
      service.getPublicUser(deps, params.username),
  });

export const signupHandlers = (deps: Deps) =>
  defineHandlers('signup', {
    'GET /api/config': async () => signup.publicConfig(deps),
    'POST /api/admin/invites': async ({ body, user }) => signup.createInvite(deps, user, body),
    'GET /api/admin/invites': async () => signup.listInvites(deps),
    'DELETE /api/admin/invites/:code': async ({ params, user }) =>
      signup.revokeInvite(deps, user, params.code),
    'GET /api/admin/signups': async ({ query }) => signup.listPendingSignups(deps, query.cursor),
    'POST /api/admin/signups/:username/approve': async ({ params, user }) =>
      signup.approveSignup(deps, user, params.username, service.createAccount),
    'POST /api/admin/signups/:username/deny': async ({ params, user }) =>
      signup.denySignup(deps, user, params.username),
  });
