import { expect } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { HttpResult } from './harness';

/**
 * Test-only assertions shared by the integration suites. Every error answer must have exactly
 * the shape { message: string, code: string, details? } (DESIGN.md section 4).
 */
export function expectErrorShape(res: HttpResult<unknown>): ErrorBody {
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  const body = res.body as Record<string, unknown>;
  expect(typeof body).toBe('object');
  expect(body).not.toBeNull();
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'code' && k !== 'details');
  expect(extra, `unexpected keys in error body ${JSON.stringify(body)}`).toEqual([]);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  return body as unknown as ErrorBody;
}

export interface ErrorExpectation {
  code?: string;
  /** A regular expression or a case-insensitive substring the message must contain. */
  message?: RegExp | string;
}

export function expectError(
  res: HttpResult<unknown>,
  status: number,
  expected: ErrorExpectation = {},
): ErrorBody {
  expect(res.status, `expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`).toBe(
    status,
  );
  const body = expectErrorShape(res);
  if (expected.code !== undefined) expect(body.code).toBe(expected.code);
  if (expected.message instanceof RegExp) expect(body.message).toMatch(expected.message);
  else if (expected.message !== undefined)
    expect(body.message.toLowerCase()).toContain(expected.message.toLowerCase());
  if (status >= 500) expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body;
}

/** 400 whose message names the offending field. */
export const expectBadField = (res: HttpResult<unknown>, field: string) =>
  expectError(res, 400, { code: 'BAD_REQUEST', message: field });

/** No password, hash or token material in a success answer. */
export function expectNoSecrets(res: HttpResult<unknown>): void {
  const text = JSON.stringify(res.body).toLowerCase();
  expect(text).not.toContain('password');
  expect(text).not.toContain('hash');
  expect(text).not.toContain('$argon2');
}

/** A banned user's token: 403 BANNED, or 401 once the revoked session is forgotten. */
export function expectBannedRefusal(res: HttpResult<unknown>): void {
  expect([401, 403]).toContain(res.status);
  if (res.status === 403) expectError(res, 403, { code: 'BANNED' });
}
