import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type {
  ErrorBody,
  ErrorCode,
  ErrorDetailsByCode,
  FieldIssue,
  FieldRule,
} from '../../shared/api/errors';
import { fieldRules } from '../../shared/api/errors';
import { databaseUnavailable, pgErrorCode } from '../db/client';
import { sanctionMessage, type SanctionDetails } from '../../shared/sanctions';

/** The one error type routes throw; the handler below turns it into `{ message, code, details? }`. */
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

/*
 * A refusal about one request field names it in details ([{ field, rule, limit?, value? }]):
 * pages word it from those, so the message may be reworded without changing what players read.
 */
export const badRequest = (message: string, details?: ErrorDetailsByCode['BAD_REQUEST']) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'Sign in to continue') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (
  message = 'You are not allowed to do that',
  details?: ErrorDetailsByCode['FORBIDDEN'],
) => new AppError(403, 'FORBIDDEN', message, details);
export const notFound = (message: string, details?: ErrorDetailsByCode['NOT_FOUND']) =>
  new AppError(404, 'NOT_FOUND', message, details);
export const conflict = (message: string, details?: ErrorDetailsByCode['CONFLICT']) =>
  new AppError(409, 'CONFLICT', message, details);
/** A suspended account: with its sanction when known (the old panel's bans had no reason). */
export const banned = (details?: SanctionDetails) =>
  details
    ? new AppError(403, 'BANNED', sanctionMessage('all', details.reason, details.endsAt), details)
    : new AppError(403, 'BANNED', 'This account is banned');
/** Refused under a sanction of the route's scope: what, why, until when. */
export const sanctioned = (details: SanctionDetails) =>
  new AppError(
    403,
    'SANCTIONED',
    sanctionMessage(details.scope, details.reason, details.endsAt),
    details,
  );
/** The spec's words (accounts-economy-admin.md, bet wager), the same for every refusal of the kind. */
export const insufficientFunds = (message = 'Insufficient balance.') =>
  new AppError(409, 'INSUFFICIENT_FUNDS', message);
export const soldOut = () => new AppError(409, 'SOLD_OUT', 'Sold out');
export const alreadyOwned = (message: string) => new AppError(409, 'ALREADY_OWNED', message);

function fieldOf(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return field || context || 'request';
}

type ValidationEntry = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** The value sent at a path, to tell a missing field from one of the wrong type. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function sentValue(
  request: { body?: unknown; query?: unknown; params?: unknown; headers?: unknown },
  context: string | undefined,
  instancePath: string,
): unknown {
  const source =
    context === 'querystring'
      ? request.query
      : context === 'params'
        ? request.params
        : context === 'headers'
          ? request.headers
          : request.body;
  return valueAt(source, instancePath.split('/').filter(Boolean));
}

const isFieldRule = (rule: unknown): rule is FieldRule =>
  typeof rule === 'string' && (fieldRules as readonly string[]).includes(rule);

/** zod's issue as the rule a page words: a refinement names its own in params.rule. */
function ruleOf(
  code: string,
  p: Record<string, unknown>,
  sent: unknown,
): { rule: FieldRule; limit?: number } {
  switch (code) {
    case 'invalid_type':
      return {
        rule:
          p.expected === 'int'
            ? 'integer'
            : sent === undefined || sent === null
              ? 'required'
              : 'type',
      };
    case 'invalid_union':
      return { rule: sent === undefined || sent === null ? 'required' : 'type' };
    case 'too_small':
      // A text that must have at least one character is a required one ('title is required').
      if (p.origin === 'string' && p.minimum === 1) return { rule: 'required' };
      return { rule: 'too_small', limit: Number(p.minimum) };
    case 'too_big':
      return { rule: 'too_big', limit: Number(p.maximum) };
    case 'invalid_format':
      return { rule: 'format' };
    case 'invalid_value':
      return { rule: 'one_of' };
    case 'unrecognized_keys':
      return { rule: 'unknown_field' };
    case 'custom': {
      const own = (p.params as { rule?: unknown; limit?: unknown } | undefined) ?? {};
      return {
        rule: isFieldRule(own.rule) ? own.rule : 'invalid',
        ...(typeof own.limit === 'number' ? { limit: own.limit } : {}),
      };
    }
    default:
      return { rule: 'invalid' };
  }
}

function issueOf(
  v: ValidationEntry,
  context: string | undefined,
  request: Parameters<typeof sentValue>[0],
): FieldIssue {
  const field = fieldOf(v.instancePath, context);
  const message = v.message ?? 'Invalid value';
  return {
    field,
    message,
    ...ruleOf(v.keyword, v.params, sentValue(request, context, v.instancePath)),
  };
}

type ZodIssueLike = { code: string; path: readonly PropertyKey[]; message: string };

/**
 * A zod refusal of input a route parses itself (multipart fields, one profile field), with the
 * details the schema handler gives; `field` names the value when the schema is the field's own.
 */
export function zodRefusal(
  issues: readonly ZodIssueLike[],
  input: unknown,
  field?: string,
): AppError {
  const details = issues.map((issue): FieldIssue => {
    const path = [...(field === undefined ? [] : [field]), ...issue.path.map(String)];
    const sent = valueAt(input, issue.path);
    return {
      field: path.join('.') || 'request',
      message: issue.message,
      ...ruleOf(issue.code, issue as unknown as Record<string, unknown>, sent),
    };
  });
  return badRequest(issues[0]?.message ?? 'Invalid value', details);
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

// The factories above type each code's details; an AppError built by hand is trusted to match.
export const errorBodyOf = (err: AppError): ErrorBody =>
  ({
    message: err.message,
    code: err.code,
    ...(err.details === undefined ? {} : { details: err.details }),
  }) as ErrorBody;

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
      // Every refused field is named (an empty form is told all it misses, not only the first).
      const others = [...new Set(err.validation.slice(1).map((v) => v.message ?? ''))].filter(
        (m) => m !== '' && m !== message,
      );
      if (first?.keyword === 'unrecognized_keys')
        message = `${field === 'request' ? err.validationContext : field}: ${message}`;
      // Schema messages start with the field's name ('options.odds must be ...'); list indices
      // in the path ('options.1.odds') must not make us prefix it a second time.
      else if (
        !message.toLowerCase().startsWith(field.replace(/\.\d+(?=\.|$)/g, '').toLowerCase()) &&
        !message.toLowerCase().startsWith(field.split('.').pop()!.toLowerCase())
      ) {
        message = `${field}: ${message}`;
      }
      if (others.length > 0) message = [message, ...others].join('; ');
      status = 400;
      body = {
        message,
        code: 'BAD_REQUEST',
        details: err.validation.map((v) => issueOf(v, err.validationContext, request)),
      };
    } else if (pgErrorCode(err) === '22021' || pgErrorCode(err) === '22P05') {
      // Text PostgreSQL cannot store (a NUL character) reached a query: bad input, not a crash.
      status = 400;
      body = {
        message: 'The request contains characters that are not allowed',
        code: 'BAD_REQUEST',
      };
    } else if (
      typeof err.statusCode === 'number' &&
      err.statusCode >= 400 &&
      err.statusCode < 500
    ) {
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
    } else if (databaseUnavailable(err)) {
      // An outage, not a bug: said once per request without a stack, and the client may retry.
      request.log.warn({ cause: (err as Error).message }, 'database unavailable');
      status = 503;
      body = {
        message: 'The database is not answering; try again in a moment',
        code: 'UNAVAILABLE',
      };
      void reply.header('retry-after', '1');
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = { message: 'Internal server error', code: 'INTERNAL' };
    }
    void reply.status(status).send(body);
  });
}
