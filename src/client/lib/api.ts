import type { ErrorBody } from '../../shared/api/errors';
import { sessionStore } from './sessionStore';

/** A non-2xx answer. `serverMessage` is null when the body was not the contract's error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly serverMessage: string | null;
  /** The error body's optional `details`, unchecked: each caller narrows it to the shape it expects. */
  readonly details: unknown;

  constructor(status: number, serverMessage: string | null, code: string | null, details?: unknown) {
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

type Body = FormData | object;

export interface RequestOptions {
  /** Send the session's bearer token; public endpoints must not, per spec section 6. */
  auth?: boolean;
  body?: Body;
  signal?: AbortSignal;
}

export type Query = Record<string, string | number | null | undefined>;

export function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

// A hand-written guard rather than the shared zod schema keeps zod out of the browser bundle.
function readErrorBody(value: unknown): (Pick<ErrorBody, 'message' | 'details'> & { code: string | null }) | null {
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

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.auth) {
    const token = sessionStore.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser must write the multipart boundary itself, so no Content-Type here.
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('application/json')) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, { ...options, body }),
};

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The text to show for a failure: the server's message when it sent one (spec section 8),
 * otherwise the screen's fallback. `network` overrides the fallback for lost connections.
 */
export function errorMessage(error: unknown, fallback: string, network?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError && network) return network;
  return fallback;
}
