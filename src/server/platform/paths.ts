import type { FastifyInstance } from 'fastify';

/**
 * One rule for over-long request paths, the same on every route, the static client and the
 * not-found handler (issue 18): a path over MAX_PATH_LENGTH characters, or one segment over
 * MAX_SEGMENT_LENGTH once percent-decoded, answers 414 in the API's error shape. Shorter
 * values reach their route, whose schema names the field when it is still too long (a
 * username has at most 100 characters). Before it, the router's own limit left a long
 * parameter unrouted, so the same path answered 404, 403 (the static files) or 414 by length.
 */
export const MAX_PATH_LENGTH = 2048;
export const MAX_SEGMENT_LENGTH = 200;

const decodedLength = (segment: string): number => {
  try {
    return decodeURIComponent(segment).length;
  } catch {
    return segment.length;
  }
};

export function pathTooLong(url: string): boolean {
  const end = url.indexOf('?');
  const pathName = end < 0 ? url : url.slice(0, end);
  if (pathName.length > MAX_PATH_LENGTH) return true;
  // A percent-encoded character takes 3 in the raw path: only a long raw segment needs decoding.
  return pathName
    .split('/')
    .some(
      (segment) =>
        segment.length > MAX_SEGMENT_LENGTH && decodedLength(segment) > MAX_SEGMENT_LENGTH,
    );
}

export const PATH_TOO_LONG = { message: 'Request path is too long', code: 'BAD_REQUEST' } as const;

export function rejectLongPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!pathTooLong(request.raw.url ?? '')) return done();
    void reply.status(414).send(PATH_TOO_LONG);
  });
}
