import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/lib/api';
import { errorField, errorMessage } from '../../client/lib/errorMessages';
import type { ErrorBody, FieldIssue } from '../../shared/api/errors';
import {
  call,
  registerAdmin,
  registerUser,
  uniqueName,
  useTestServer,
  type HttpResult,
  type TestUser,
} from '../testing/harness';
import { expectError } from '../testing/expectations';

/*
 * The server's refusals carry what a page words them from (code, field, rule, limit, value), so
 * the page reads the same when a message is reworded: each real answer below is shown once as
 * sent and once with its message replaced, and the two texts must match.
 */

const server = useTestServer();
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  user = await registerUser(server);
  admin = await registerAdmin(server);
});

function pageText(body: ErrorBody, status: number, message = body.message): string {
  return errorMessage(new ApiError(status, message, body.code, body.details), 'fallback');
}

function expectWordedByDetails(
  res: HttpResult<unknown>,
  status: number,
  issue: FieldIssue,
  words: string,
): void {
  const body = expectError(res, status);
  expect(body.details).toEqual([expect.objectContaining(issue)]);
  expect(pageText(body, status)).toBe(words);
  expect(pageText(body, status, 'A reworded message that names nothing')).toBe(words);
  expect(errorField(new ApiError(status, 'reworded', body.code, body.details))).toBe(issue.field);
}

describe("a refusal's words come from code and details", () => {
  it('a validation error names the field, the rule and its limit', async () => {
    const res = await call(server, 'POST', '/auth/register', {
      body: { username: 'ab', password: 'password-1' },
    });
    expectWordedByDetails(
      res,
      400,
      { field: 'username', rule: 'too_small', limit: 3 },
      'Usernames need at least 3 characters.',
    );
  });

  it('a missing field is required, a fraction of a coin is not a whole number', async () => {
    const missing = await call(server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { amount: 5 },
    });
    expectWordedByDetails(
      missing,
      400,
      { field: 'recipientUsername', rule: 'required' },
      'Enter the username of the player who gets the coins.',
    );
    const fraction = await call(server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { recipientUsername: admin.username, amount: 1.5 },
    });
    expectWordedByDetails(
      fraction,
      400,
      { field: 'amount', rule: 'integer' },
      'Use whole coins only.',
    );
  });

  it('a refinement names its own rule', async () => {
    const res = await call(server, 'POST', '/api/bets/create', {
      token: admin.token,
      body: {
        title: uniqueName('t'),
        endTime: '2001-01-01T00:00:00Z',
        options: [
          { text: 'A', odds: 2 },
          { text: 'B', odds: 2 },
        ],
      },
    });
    expectWordedByDetails(
      res,
      400,
      { field: 'endTime', rule: 'future' },
      'The end time must be in the future.',
    );
  });

  it('a service refusal about a field names it, and the value it refused', async () => {
    const ghost = uniqueName('ghost');
    const unknown = await call(server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { recipientUsername: ghost, amount: 1 },
    });
    expectWordedByDetails(
      unknown,
      404,
      { field: 'recipientUsername', rule: 'not_found', value: ghost },
      `There is no player called ${ghost}.`,
    );
    const self = await call(server, 'POST', '/api/user/send-money', {
      token: user.token,
      body: { recipientUsername: user.username, amount: 1 },
    });
    expectWordedByDetails(
      self,
      400,
      { field: 'recipientUsername', rule: 'self' },
      'You cannot send coins to yourself.',
    );
  });

  it('falls back to the server message where there are no words for it', async () => {
    const res = await call(server, 'POST', '/auth/login', {
      body: { username: uniqueName('nobody'), password: 'password-1' },
    });
    const body = expectError(res, 401);
    expect(pageText(body, 401)).toBe(body.message);
  });
});
