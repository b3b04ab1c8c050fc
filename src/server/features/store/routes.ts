import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { defineHandlers } from '../../platform/routing';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import * as service from './service';

/** The picture of POST /api/store/upload: one file field named image, nothing else. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest('image: send the picture as multipart form data in a field named image', [
      { field: 'image', rule: 'type' },
    ]);
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file')
        throw badRequest(`Unknown field ${part.fieldname}; send only the image`);
      if (part.fieldname !== 'image')
        throw badRequest(`Unknown file field ${part.fieldname}; send the picture as image`);
      image = await part.toBuffer();
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
  if (!image || image.length === 0)
    throw badRequest('image is required', [{ field: 'image', rule: 'required' }]);
  return image;
}

export const storeHandlers = (deps: Deps) =>
  defineHandlers('store', {
    'GET /api/store': async () => service.storeItems(deps),
    'GET /api/store/user': async ({ user }) => service.storeUser(deps, user.id),
    'GET /api/store/buffs': async ({ user }) => service.activeBuffs(deps, user.id),
    'PUT /api/user/cosmetic': async ({ body, user }) =>
      service.chooseCosmetic(deps, user.id, body.itemId),
    'POST /api/store/purchase': async ({ body, user }) =>
      service.purchase(deps, user.id, body.itemId),
    'POST /api/store/items/:id/use': async ({ params, user }) =>
      service.useItem(deps, user.id, params.id),
    'GET /api/store/items': async () => service.allItems(deps),
    'POST /api/store/create': async ({ body, user }) => service.createItem(deps, user, body),
    'PATCH /api/store/items/:id': async ({ params, body, user }) =>
      service.updateItem(deps, user, params.id, body),
    'POST /api/store/upload': async ({ request }) => ({
      url: await deps.uploads.saveSquareImage(await readImage(request)),
    }),
  });
