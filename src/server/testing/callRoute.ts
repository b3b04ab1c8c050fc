import type { ErrorBody } from '../../shared/api/errors';
import type { ClientInput, ReplyOf, RouteSpec } from '../../shared/api/contract';
import { routes } from '../../shared/api/routes';
import { call, type HttpResult, type TestServer } from './harness';
import type { Intersect } from '../../shared/types';

/**
 * Calls a route of the shared route table by its name, as the client's api() does, over real
 * HTTP to a test server: the compiler checks the name, the params, query and body, and types
 * the answer. Only the exported table and its spec types are relied on (not how routes.ts
 * nests its features), so a route moved to another feature's file keeps its callers.
 */

type Tables = (typeof routes)[keyof typeof routes];
type AllRoutes = Intersect<Tables>;

export type TestRouteName = keyof AllRoutes & string;
type SpecOf<N extends TestRouteName> = AllRoutes[N] extends RouteSpec ? AllRoutes[N] : never;
export type TestRouteReply<N extends TestRouteName> = ReplyOf<SpecOf<N>>;
export type TestRouteInput<N extends TestRouteName> = ClientInput<SpecOf<N>>;

/** Every route by name, whichever feature's table declares it. */
export const routeTable: ReadonlyMap<string, RouteSpec> = new Map(
  Object.values(routes).flatMap((table) => Object.entries(table as Record<string, RouteSpec>)),
);

interface RouteCallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/**
 * The answer. `ok` tells a 2xx from the rest: on a 2xx `body` is the route's reply; otherwise
 * `error` is the contract's error body. `body` keeps the reply type on either branch because the
 * suites assert the status with expect(), which does not narrow, before they read it.
 */
export type RouteResult<R> = HttpResult<R> &
  ({ ok: true; error: undefined } | { ok: false; error: ErrorBody });

type Query = Record<string, unknown>;

function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** 'PATCH /api/admin/balance/:username' with { username: 'a b' } -> ['PATCH', '/api/admin/balance/a%20b']. */
export function routePath(
  name: string,
  params: Record<string, unknown> = {},
  query?: Query,
): { method: string; path: string } {
  if (!routeTable.has(name)) throw new Error(`no route ${name} in the route table`);
  const space = name.indexOf(' ');
  const path = name.slice(space + 1).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`${name}: path parameter ${key} missing`);
    return encodeURIComponent(String(params[key]));
  });
  return { method: name.slice(0, space), path: path + encodeQuery(query) };
}

export interface RawRouteInput extends RouteCallOptions {
  params?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
  /** Sent as is (malformed JSON, multipart form data), instead of `body`. */
  rawBody?: string | FormData;
}

/**
 * The deliberately untyped way to call a route, for tests that send what the contract forbids
 * (wrong types, unknown fields, missing bodies, malformed JSON): the name is still checked, the
 * input is not, so callRoute itself stays strict.
 */
export async function callRouteRaw<N extends TestRouteName>(
  server: TestServer,
  name: N,
  input: RawRouteInput = {},
): Promise<RouteResult<TestRouteReply<N>>> {
  const { method, path } = routePath(name, input.params, input.query);
  const res = await call<TestRouteReply<N>>(server, method, path, {
    token: input.token,
    body: input.body,
    rawBody: input.rawBody,
    headers: input.headers,
  });
  return res.status >= 200 && res.status < 300
    ? { ...res, ok: true, error: undefined }
    : { ...res, ok: false, error: res.body as unknown as ErrorBody };
}

// A query whose every field is optional may be left out, as a browser's address bar would.
type Relaxed<I> = I extends { query: infer Q }
  ? object extends Q
    ? Omit<I, 'query'> & { query?: Q }
    : I
  : I;
type CallArgs<N extends TestRouteName> =
  object extends Relaxed<TestRouteInput<N>>
    ? [input?: Relaxed<TestRouteInput<N>> & RouteCallOptions]
    : [input: Relaxed<TestRouteInput<N>> & RouteCallOptions];

/** callRoute(server, 'POST /api/bets/predict', { token, body: { betId, choice, amount } }). */
export async function callRoute<N extends TestRouteName>(
  server: TestServer,
  name: N,
  ...args: CallArgs<N>
): Promise<RouteResult<TestRouteReply<N>>> {
  const input = (args[0] ?? {}) as RawRouteInput;
  // A multipart route's body is form data, which goes on the wire as is.
  if (input.body instanceof FormData)
    return callRouteRaw(server, name, { ...input, body: undefined, rawBody: input.body });
  return callRouteRaw(server, name, input);
}
