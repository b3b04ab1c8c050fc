import type { ErrorBody } from '@shared/api/errors';
import type { ApiRouteName, RouteInput, RouteReply } from '@shared/api/routes';
import type { RouteFlags } from '@shared/clientTables';
import { ROUTE_FLAGS } from 'virtual:fs-contract';
import { sessionStore } from './sessionStore';

/** A non-2xx answer. `serverMessage` is null when the body was not the contract's error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** The error body's optional `details`, unchecked: each caller narrows it to the shape it expects. */
  readonly details: unknown;

  constructor(
    status: number,
    serverMessage: string | null,
    code: string | null,
    details?: unknown,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

/** The request never got an answer (offline, DNS, server down), as opposed to an error answer. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Connection error', { cause });
    this.name = 'NetworkError';
  }
}

type Query = Record<string, string | number | null | undefined>;

function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

// A hand-written guard rather than the shared zod schema keeps zod out of the browser bundle.
function readErrorBody(
  value: unknown,
): (Pick<ErrorBody, 'message'> & { code: string | null; details: unknown }) | null {
  if (typeof value !== 'object' || value === null) return null;
  const { message, code, details } = value as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return null;
  return { message, code: typeof code === 'string' ? code : null, details };
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = readErrorBody(await response.json());
    if (body) return new ApiError(response.status, body.message, body.code, body.details);
  } catch {
    // Non-JSON error pages (a proxy's 502, say) fall through to the generic error.
  }
  return new ApiError(response.status, null, null);
}

/**
 * Each route's `public` and `idempotent` flags, from the route declarations (built by
 * scripts/fsContract.ts). A public route is called without a token (spec section 6). An
 * idempotent one moves coins or items: each call carries a fresh Idempotency-Key, and a request
 * whose connection dropped is sent again with the same key, so it applies at most once.
 */
const FLAGS: Partial<Record<ApiRouteName, RouteFlags>> = ROUTE_FLAGS;
const RESEND_ATTEMPTS = 2;

function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (a LAN address over http), randomUUID does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

interface CallOptions {
  signal?: AbortSignal;
}

interface LooseInput extends CallOptions {
  params?: Record<string, string | number>;
  query?: Query;
  body?: FormData | object;
}

type CallArgs<N extends ApiRouteName> =
  object extends RouteInput<N>
    ? [input?: RouteInput<N> & CallOptions]
    : [input: RouteInput<N> & CallOptions];

/**
 * Calls a route of shared/api/routes.ts by its name ('POST /api/bets/predict'): the compiler
 * checks the name, the params, query and body, and types the answer.
 */
export async function api<N extends ApiRouteName>(
  name: N,
  ...args: CallArgs<N>
): Promise<RouteReply<N>> {
  const input: LooseInput = (args[0] ?? {}) as LooseInput;
  const space = name.indexOf(' ');
  const method = name.slice(0, space);
  const params = input.params ?? {};
  let path = name
    .slice(space + 1)
    .replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
  if (input.query) path = withQuery(path, input.query);

  const flags = FLAGS[name];
  const headers = new Headers({ Accept: 'application/json' });
  if (!flags?.public) {
    const token = sessionStore.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) {
    // The browser must write the multipart boundary itself, so no Content-Type here.
    body = input.body;
  } else if (input.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(input.body);
  }

  const idempotent = flags?.idempotent === true;
  if (idempotent) headers.set('Idempotency-Key', newIdempotencyKey());

  let response: Response | undefined;
  for (let attempt = 0; response === undefined; attempt++) {
    try {
      response = await fetch(path, { method, headers, body, signal: input.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // Only a keyed request may go again: the server applies it once whatever happened.
      if (!idempotent || offline() || attempt >= RESEND_ATTEMPTS) throw new NetworkError(error);
      await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
    }
  }

  if (!response.ok) throw await readError(response);
  const type = response.headers.get('Content-Type') ?? '';
  if (response.status === 204 || !type.includes('application/json')) {
    throw new ApiError(response.status, null, null);
  }
  return (await response.json()) as RouteReply<N>;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
