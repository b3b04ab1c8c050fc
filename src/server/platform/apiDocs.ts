import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorCodes } from '../../shared/api/errors';

const errorSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: {
      type: 'string',
      description: 'A sentence for the user; for bad input it names the field',
    },
    code: { type: 'string', enum: [...errorCodes] },
    details: {
      description:
        'By code: a list of refused fields ({ field, rule, limit?, value?, message? }) for bad input, unknown names and taken values; the current odds, next spin or next hour for some conflicts',
    },
  },
} as const;

const errorResponse = (description: string) => ({ description, ...errorSchema });

interface DocSchema {
  security?: unknown[];
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  description?: string;
  response?: Record<string, unknown>;
}

/**
 * OpenAPI 3.0 says `nullable: true` does not add null to an `enum`: a nullable enum must list
 * null itself, or a strict validator refuses the null it allows (GET /api/store's effectType).
 * 3.1 would say it with JSON Schema types, but Swagger UI's 3.1 support hangs on a document of
 * this size, so the document stays 3.0 and its enums are completed here.
 */
function withNullInEnums<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withNullInEnums) as T;
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, withNullInEnums(v)]),
  ) as Record<string, unknown>;
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...(out.enum as unknown[]), null];
  return out as T;
}

/**
 * The OpenAPI document (/api/docs/json) and a browsable page (/api/docs), generated from the
 * route table's zod schemas, replies included. Registered before the routes: swagger collects
 * them as they come. Every route lists its auth level, its success answer and the one error
 * shape it can answer with.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fair & Square API',
        version: '1',
        description:
          'Play-money betting and games. Errors always have the shape { message, code, details? }.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Session token from /auth/login or /auth/register',
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = { ...(out.schema as DocSchema) };
      const guarded = Array.isArray(schema.security);
      const takesInput =
        schema.body !== undefined ||
        schema.querystring !== undefined ||
        schema.params !== undefined;
      // A table route's success answer is its reply schema, converted by jsonSchemaTransform;
      // the few routes outside the table (health checks) say only that they answer JSON.
      const declared = Object.entries(schema.response ?? {});
      const success =
        declared.length > 0
          ? Object.fromEntries(
              declared.map(([status, body]) => [
                status,
                { description: status === '201' ? 'Created' : 'Success', ...(body as object) },
              ]),
            )
          : { '2XX': { description: 'Success: a JSON body' } };
      schema.response = {
        ...success,
        ...(takesInput ? { 400: errorResponse('Bad input; the message names the field') } : {}),
        ...(guarded
          ? {
              401: errorResponse('No or expired token'),
              403: errorResponse('Banned, or not allowed (admins only)'),
            }
          : {}),
        404: errorResponse('Not found'),
        409: errorResponse(
          'Conflicts with the current state (insufficient balance, closed, sold out, cooldown...)',
        ),
        429: errorResponse('Rate limited'),
        500: errorResponse('Internal error (never with a stack)'),
      };
      return { ...out, schema: withNullInEnums(schema) as typeof out.schema };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
