import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, registerUser, useTestServer } from '../testing/harness';
import { MAX_PATH_LENGTH, MAX_SEGMENT_LENGTH, pathTooLong } from './paths';

// A client build in miniature, so the static files and the SPA's pages answer as in production
// (with a client, a 5,000-character name used to answer 403 from the static handler).
const clientDir = mkdtempSync(path.join(tmpdir(), 'fs-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
const server = useTestServer({ clientDir }, { audit: false });

const TOO_LONG = { message: 'Request path is too long', code: 'BAD_REQUEST' };

describe('over-long paths (issue 18): one rule on every route', () => {
  it('answers 414 in the error shape for a segment over 200 characters, whatever the route and the token', async () => {
    const user = await registerUser(server);
    for (const length of [MAX_SEGMENT_LENGTH + 1, 500, 5000]) {
      const long = 'a'.repeat(length);
      for (const [method, url, token] of [
        ['GET', `/api/user/public/${long}`, undefined],
        ['GET', `/api/user/public/${long}`, user.token],
        ['PATCH', `/api/admin/balance/${long}`, user.token],
        ['POST', `/api/bets/predict/${long}`, user.token],
        ['GET', `/api/nothing/${long}`, undefined],
        ['GET', `/games/${long}`, undefined],
        ['GET', `/static/${long}.js`, undefined],
        ['GET', `/uploads/${long}.webp`, undefined],
      ] as const) {
        const res = await call(server, method, url, {
          token,
          body: method === 'GET' ? undefined : { amount: 1 },
        });
        expect([length, method, url.slice(0, 20), res.status, res.body]).toEqual([
          length,
          method,
          url.slice(0, 20),
          414,
          TOO_LONG,
        ]);
      }
    }
  });

  it('lets a segment of up to 200 characters reach its route, whose schema names the field', async () => {
    const res = await call(server, 'GET', `/api/user/public/${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'username must be at most 100 characters',
    });
    const edge = await call(server, 'GET', `/api/user/public/${'b'.repeat(MAX_SEGMENT_LENGTH)}`);
    expect(edge.status).toBe(400);
    // Percent-encoding is not held against a name: 200 characters of é are 1,200 raw.
    const encoded = await call(
      server,
      'GET',
      `/api/user/public/${'%C3%A9'.repeat(MAX_SEGMENT_LENGTH)}`,
    );
    expect(encoded.status).toBe(400);
  });

  it('answers 414 for a path over 2,048 characters made of short segments', async () => {
    const res = await call(
      server,
      'GET',
      `/api/${'ab/'.repeat(Math.ceil(MAX_PATH_LENGTH / 3) + 1)}`,
    );
    expect(res.status).toBe(414);
    expect(res.body).toEqual(TOO_LONG);
  });

  it('measures the path only, not the query string', () => {
    expect(pathTooLong(`/api/bets?x=${'q'.repeat(5000)}`)).toBe(false);
    expect(pathTooLong(`/api/${'q'.repeat(201)}?x=1`)).toBe(true);
  });
});
