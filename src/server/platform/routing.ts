import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteOptions,
} from 'fastify';
import type { ReplyOf, RouteSpec, ServerInput } from '@shared/api/contract';
import { gameFeatures, routes, type FeatureName, type Routes } from '@shared/api/routes';
import type { RouteSanctionScope } from '@shared/sanctions';
import { sanctionDetails, type AuthUser } from './auth';
import type { Deps } from './deps';
import { AppError, errorBodyOf, sanctioned } from './errors';
import { IDEMPOTENCY_HEADER, readIdempotencyKey, requestFingerprint } from './idempotency';
import { checkReply, replySerializer, unwrapReplySchema } from './replies';

/** What a handler gets: the validated input, the caller (for guarded routes) and the raw request. */
type HandlerContext<S extends RouteSpec> = ServerInput<S> & {
  user: S['auth'] extends 'public'
    ? null
    : S['auth'] extends 'optional'
      ? AuthUser | null
      : AuthUser;
  /** Hash of the caller's session token (null on public routes, and optional ones called without). */
  tokenHash: S['auth'] extends 'public'
    ? null
    : S['auth'] extends 'optional'
      ? string | null
      : string;
  request: FastifyRequest;
  reply: FastifyReply;
};

type Handler<S extends RouteSpec> = (ctx: HandlerContext<S>) => Promise<ReplyOf<S>>;

/** One handler for every route a feature owns in shared/api/routes.ts: no more, no fewer. */
export type FeatureHandlers<F extends FeatureName> = {
  [N in keyof Routes[F]]: Routes[F][N] extends RouteSpec ? Handler<Routes[F][N]> : never;
};

export type AllHandlers = { [F in FeatureName]: FeatureHandlers<F> };

type IsAny<T> = 0 extends 1 & T ? true : false;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type PropOf<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? T[K]
    : never
  : never;

/**
 * The paths ('user.serverSeed') of fields a value of type R has and the reply type T does not
 * name, at any depth. TypeScript accepts a wider object where a narrower one is expected (a
 * handler may return `{ ...dto, serverSeed }`); this makes that a compile error.
 */
type ExtraReplyFields<R, T, P extends string = ''> =
  IsAny<R> extends true
    ? never
    : unknown extends T
      ? never
      : R extends readonly (infer E)[]
        ? ExtraReplyFields<E, Extract<T, readonly unknown[]>[number], `${P}[]`>
        : R extends object
          ? {
              [K in keyof R & string]: K extends KeysOfUnion<NonNullable<T>>
                ? ExtraReplyFields<R[K], PropOf<NonNullable<T>, K>, `${P}${K}.`>
                : `${P}${K}`;
            }[keyof R & string]
          : never;

type ExactHandlers<F extends FeatureName, H> = {
  [N in keyof H]: N extends keyof Routes[F]
    ? Routes[F][N] extends RouteSpec
      ? H[N] extends (ctx: never) => Promise<infer R>
        ? [ExtraReplyFields<R, ReplyOf<Routes[F][N]>>] extends [never]
          ? unknown
          : { replyFieldsNotInTheSchema: ExtraReplyFields<R, ReplyOf<Routes[F][N]>> }
        : unknown
      : never
    : { notARouteOf: F };
};

/**
 * A feature's handlers, checked against its routes: one per route, and each returns exactly
 * its reply type, no field more (the serializer would drop it, but it should not be written).
 */
export const defineHandlers = <F extends FeatureName, H extends FeatureHandlers<F>>(
  _feature: F,
  handlers: H & ExactHandlers<F, H>,
): FeatureHandlers<F> => handlers;

export function splitRouteName(name: string): { method: HTTPMethods; url: string } {
  const space = name.indexOf(' ');
  return { method: name.slice(0, space) as HTTPMethods, url: name.slice(space + 1) };
}

/**
 * Registers every route of the table with its handler. Validation uses the table's zod
 * schemas; guarded routes resolve the session before the handler runs.
 */
export function registerRoutes(app: FastifyInstance, deps: Deps, handlers: AllHandlers): void {
  for (const feature of Object.keys(routes) as FeatureName[]) {
    const table = routes[feature] as Record<string, RouteSpec>;
    const featureHandlers = handlers[feature] as Record<string, (ctx: never) => Promise<unknown>>;
    for (const [name, spec] of Object.entries(table)) {
      const handler = featureHandlers[name];
      if (!handler) throw new Error(`no handler for ${name}`);
      registerRoute(app, deps, feature, name, spec, handler);
    }
  }
}

const authText: Record<RouteSpec['auth'], string> = {
  public: 'none (public)',
  optional: 'none, or a bearer token (members see more)',
  user: 'bearer token',
  admin: 'bearer token of an admin',
};

/** The sanction scope that refuses a route: its own, or `games` for a game's writes. */
export function sanctionScopeOf(
  feature: string,
  method: string,
  spec: RouteSpec,
): RouteSanctionScope | undefined {
  if (spec.sanction === 'none') return undefined;
  return spec.sanction ?? (gameFeatures.has(feature) && method !== 'GET' ? 'games' : undefined);
}

/** After the session is read: a sanction in force of the route's scope refuses the request. */
const refuseSanctioned =
  (deps: Deps, scope: RouteSanctionScope) => async (request: FastifyRequest) => {
    const now = deps.clock.now().getTime();
    const hit = request.auth?.user.sanctions?.find(
      (s) => s.scope === scope && (s.endsAt === null || Date.parse(s.endsAt) > now),
    );
    if (hit) throw sanctioned(sanctionDetails(hit));
  };

/** One route of the table; registerRoutes calls it for each (tests call it for a single one). */
export function registerRoute(
  app: FastifyInstance,
  deps: Deps,
  feature: string,
  name: string,
  spec: RouteSpec,
  handler: (ctx: never) => Promise<unknown>,
): void {
  const call = handler as unknown as (ctx: unknown) => Promise<unknown>;
  const { method, url } = splitRouteName(name);
  const status = spec.status ?? 200;
  const scope = sanctionScopeOf(feature, method, spec);
  const options: RouteOptions = {
    method,
    url,
    schema: {
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      // Only the success status: error answers (and replayed refusals) keep the one error shape.
      response: { [status]: spec.reply },
      summary: spec.summary,
      description:
        `Auth: ${authText[spec.auth]}.` +
        (spec.idempotent
          ? ' Send an Idempotency-Key header (8-100 characters) to make retries safe: a repeat within 24 hours answers the first answer again.'
          : ''),
      tags: [feature],
      ...(spec.auth === 'public'
        ? {}
        : { security: spec.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] }),
      ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
    },
    serializerCompiler: ({ schema }) => replySerializer(unwrapReplySchema(schema)),
    ...(deps.config.checkReplies
      ? {
          preSerialization: async (
            _request: FastifyRequest,
            reply: FastifyReply,
            payload: unknown,
          ) => {
            if (reply.statusCode >= 300) return payload;
            const problem = checkReply(spec.reply, payload);
            if (problem)
              throw new AppError(
                500,
                'INTERNAL',
                `${name} answered outside its reply schema: ${problem}`,
              );
            return payload;
          },
        }
      : {}),
    ...(spec.auth === 'public'
      ? {}
      : {
          onRequest: [
            spec.auth === 'user'
              ? deps.sessions.requireUser
              : spec.auth === 'admin'
                ? deps.sessions.requireAdmin
                : deps.sessions.optionalUser,
            ...(scope ? [refuseSanctioned(deps, scope)] : []),
          ],
        }),
    ...(spec.rateLimit === 'auth'
      ? { config: { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } } }
      : {}),
    handler: (request, reply) =>
      deps.inFlight.track(async () => {
        const run = async () => {
          const result = await call({
            body: request.body,
            query: request.query ?? {},
            params: request.params ?? {},
            user: request.auth?.user ?? null,
            tokenHash: request.auth?.tokenHash ?? null,
            request,
            reply,
          });
          void reply.status(status);
          return result;
        };
        const key =
          spec.idempotent && request.auth
            ? readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER])
            : null;
        if (key === null || !request.auth) return run();
        const userId = request.auth.user.id;
        const reservation = await deps.idempotency.reserve(
          userId,
          key,
          name,
          requestFingerprint(name, request.params, request.body),
        );
        if (reservation.kind === 'replay') {
          void reply.header('idempotent-replayed', 'true').status(reservation.status);
          return reservation.body;
        }
        const { runId } = reservation;
        try {
          const result = await deps.idempotency.run(runId, run);
          await deps.idempotency.complete(runId, status, result);
          return result;
        } catch (err) {
          // A refusal changed nothing and is the answer a retry gets too; anything else may
          // have been transient, so a retry may run the request again if nothing was applied.
          if (err instanceof AppError && err.statusCode < 500)
            await deps.idempotency.complete(runId, err.statusCode, errorBodyOf(err));
          else await deps.idempotency.release(runId);
          throw err;
        }
      }),
  };
  app.route(options);
}
