import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/api/errors';
import { pgErrorCode } from '../db/client';

/** The one error type routes throw; the handler below turns it into `{ message, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError(409, 'CONFLICT', message, details);
export const banned = () => new AppError(403, 'BANNED', 'This account is banned');
export const insufficientFunds = (message = 'Insufficient balance') =>
  new AppError(409, 'INSUFFICIENT_FUNDS', message);

function fieldOf(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return field || context || 'request';
}

const codeForStatus = (status: number): ErrorCode =>
  status === 401
    ? 'UNAUTHORIZED'
    : status === 403
      ? 'FORBIDDEN'
      : status === 404
        ? 'NOT_FOUND'
        : status === 409
          ? 'CONFLICT'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'BAD_REQUEST';

export const errorBodyOf = (err: AppError): ErrorBody => ({
  message: err.message,
  code: err.code,
  ...(err.details === undefined ? {} : { details: err.details }),
});

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (err instanceof AppError) {
      status = err.statusCode;
      body = errorBodyOf(err);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = fieldOf(first?.instancePath ?? '', err.validationContext);
      let message = first?.message ?? 'Invalid request';
      if (first?.keyword === 'unrecognized_keys') message = `${field === 'request' ? err.validationContext : field}: ${message}`;
      // Schema messages start with the field's name ('options.odds must be ...'); list indices
      // in the path ('options.1.odds') must not make us prefix it a second time.
      else if (!message.toLowerCase().startsWith(field.replace(/\.\d+(?=\.|$)/g, '').toLowerCase()) && !message.toLowerCase().startsWith(field.split('.').pop()!.toLowerCase())) {
        message = `${field}: ${message}`;
      }
      status = 400;
      body = {
        message,
        code: 'BAD_REQUEST',
        details: err.validation.map((v) => ({ field: fieldOf(v.instancePath, err.validationContext), message: v.message })),
      };
    } else if (pgErrorCode(err) === '22021' || pgErrorCode(err) === '22P05') {
      // Text PostgreSQL cannot store (a NUL character) reached a query: bad input, not a crash.
      status = 400;
      body = { message: 'The request contains characters that are not allowed', code: 'BAD_REQUEST' };
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Request body is not valid JSON'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : err.message;
      body = { message, code: codeForStatus(status) };
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = { message: 'Internal server error', code: 'INTERNAL' };
    }
    void reply.status(status).send(body);
  });
}
