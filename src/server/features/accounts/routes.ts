import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsBody, deleteAccountBody, loginBody } from '../../../shared/api/accounts';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { currentUser } from '../../platform/auth';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import * as service from './service';

const updateJsonBody = z.strictObject({
  username: z.string({ error: 'username must be a string' }).optional(),
  password: z.string({ error: 'password must be a string' }).optional(),
});

async function readProfileChanges(request: FastifyRequest): Promise<service.ProfileChanges> {
  if (!request.isMultipart()) {
    const parsed = updateJsonBody.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid body');
    return parsed.data;
  }
  const changes: service.ProfileChanges = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw badRequest(`Unknown file field ${part.fieldname}; send the picture as image`);
        const buf = await part.toBuffer();
        if (buf.length > 0) changes.image = buf;
      } else if (part.fieldname === 'username' || part.fieldname === 'password') {
        changes[part.fieldname] = part.value;
      } else {
        throw badRequest(`Unknown field ${part.fieldname}`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`image must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    if (code === 'FST_FILES_LIMIT_REACHED') throw badRequest('Send at most one image');
    if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED') throw badRequest('Too many form fields');
    throw badRequest('The form data could not be read');
  }
  return changes;
}

export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = deps;
  const authRateLimit = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  r.post('/auth/register', { schema: { body: credentialsBody }, config: authRateLimit }, async (req, reply) => {
    const result = await service.register(deps, req.body.username, req.body.password);
    return reply.status(201).send(result);
  });

  r.post('/auth/login', { schema: { body: loginBody }, config: authRateLimit }, async (req) =>
    service.login(deps, req.body.username.trim(), req.body.password),
  );

  r.post('/auth/logout', { onRequest: sessions.requireUser }, async (req) => {
    await sessions.revoke(deps.db, req.auth!.tokenHash);
    return { message: 'Signed out' };
  });

  r.get('/api/user/stats', { onRequest: sessions.requireUser }, async (req) => service.getOwnUser(deps, currentUser(req).id));

  r.post('/api/user/update', { onRequest: sessions.requireUser }, async (req) => {
    const changes = await readProfileChanges(req);
    return service.updateProfile(deps, currentUser(req).id, req.auth!.tokenHash, changes);
  });

  r.delete('/api/user', { schema: { body: deleteAccountBody }, onRequest: sessions.requireUser }, async (req) => {
    await service.deleteAccount(deps, currentUser(req).id, req.body.password);
    return { message: 'Account deleted' };
  });

  r.get(
    '/api/user/public/:username',
    { schema: { params: z.strictObject({ username: z.string().min(1).max(100) }) } },
    async (req) => service.getPublicUser(deps, req.params.username),
  );
}
