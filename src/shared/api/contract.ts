import type { z } from 'zod';
import type { RouteSanctionScope } from '../sanctions';

/**
 * The shape of the route table (routes.ts). A route's name is its method and path, e.g.
 * 'POST /api/bets/predict', so the client learns both from the name alone and imports the
 * table as a type only: no zod schema reaches the browser bundle through it. Each feature's
 * shared api file declares its routes beside its schemas; routes.ts assembles them.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RouteName = `${Method} /${string}`;

/**
 * public: no token needed (and the client sends none); optional: anyone, and a signed-in
 * caller's token is read (pages that show more to members); user: any signed-in account;
 * admin: role admin.
 */
type AuthLevel = 'public' | 'optional' | 'user' | 'admin';

export interface RouteSpec {
  auth: AuthLevel;
  /** One line for the API docs. */
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /**
   * What a 2xx answer holds, exactly: the server serializes every answer through it (fields it
   * does not name never leave the server) and publishes it in the OpenAPI document. The client
   * imports only its inferred type.
   */
  reply: z.ZodType;
  /** Success status; 200 unless given. */
  status?: 200 | 201;
  /** The body is multipart form data read by the handler itself (uploads). */
  multipart?: true;
  /** Counted against the per-IP sign-in limit. */
  rateLimit?: 'auth';
  /**
   * Moves coins or items: honours an Idempotency-Key header (a repeat within 24 hours gets the
   * first answer and changes nothing). The client sends one key per user action.
   */
  idempotent?: true;
  /**
   * Refused (403 SANCTIONED, naming the reason and end) to a player under a sanction of this
   * scope. A game's routes that change anything are `games` unless they say 'none' (a cancel
   * that only gives a stake back).
   */
  sanction?: RouteSanctionScope | 'none';
}

/** 'GET /api/user/public/:username' -> 'username'. */
type PathParams<N extends string> = N extends `${string}:${infer P}/${infer Rest}`
  ? P | PathParams<`/${Rest}`>
  : N extends `${string}:${infer P}`
    ? P
    : never;

/** A path with parameters needs a params schema that yields exactly them; one without, none. */
type ParamsFit<N extends string, S> = [PathParams<N>] extends [never]
  ? S extends { params: z.ZodType }
    ? { params: never }
    : unknown
  : S extends { params: z.ZodType<infer Out> }
    ? [keyof Out] extends [PathParams<N>]
      ? [PathParams<N>] extends [keyof Out]
        ? unknown
        : { params: { missing: Exclude<PathParams<N>, keyof Out> } }
      : { params: { unknownKeys: Exclude<keyof Out, PathParams<N>> } }
    : { params: z.ZodType<Record<PathParams<N>, unknown>> };

/** Rejects a name that is not 'METHOD /path' by demanding an impossible value for it. */
type NameFit<N> = N extends RouteName ? unknown : { badRouteName: never };

/** Checks one feature's routes: names well formed, params matching the path. */
export const defineRoutes = <const T extends Record<string, RouteSpec>>(
  routes: T & { [N in keyof T]: ParamsFit<N & string, T[N]> & NameFit<N> },
): T => routes;

type Schema<S, K extends 'body' | 'query' | 'params'> = S extends {
  [P in K]: infer Z extends z.ZodType;
}
  ? Z
  : never;

/** What the client sends: zod input types, so ids may be strings and defaults optional. */
export type ClientInput<S extends RouteSpec> = ([Schema<S, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Schema<S, 'params'>> }) &
  ([Schema<S, 'query'>] extends [never] ? unknown : { query: z.input<Schema<S, 'query'>> }) &
  (S extends { multipart: true }
    ? { body: FormData }
    : [Schema<S, 'body'>] extends [never]
      ? unknown
      : // An optional body (the whole of it) may be left out, as the spec's calls without one do.
        undefined extends z.input<Schema<S, 'body'>>
        ? { body?: z.input<Schema<S, 'body'>> }
        : { body: z.input<Schema<S, 'body'>> });

/** What the handler receives after validation: zod output types. */
export type ServerInput<S extends RouteSpec> = {
  params: [Schema<S, 'params'>] extends [never]
    ? Record<string, never>
    : z.output<Schema<S, 'params'>>;
  query: [Schema<S, 'query'>] extends [never]
    ? Record<string, never>
    : z.output<Schema<S, 'query'>>;
  body: [Schema<S, 'body'>] extends [never] ? undefined : z.output<Schema<S, 'body'>>;
};

export type ReplyOf<S extends RouteSpec> = z.output<S['reply']>;
