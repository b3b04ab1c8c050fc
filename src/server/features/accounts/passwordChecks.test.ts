import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { registerUser, useTestServer } from '../../testing/harness';
import { callRouteRaw } from '../../testing/callRoute';
import { ManualClock } from '../../platform/clock';
import { PASSWORD_WINDOW_MS } from '../../platform/passwordChecks';

// Issue 33 item 6: a stolen token must not let its holder guess the password behind it.
const clock = new ManualClock();
const server = useTestServer({ authRateLimit: 20, trustProxy: 1 }, { clock });

const freshIp = () => `10.${randomBytes(3).join('.')}`;
const changePassword = (token: string, currentPassword: string, ip: string) =>
  callRouteRaw(server, 'POST /api/user/update', {
    token,
    body: { password: 'a-new-password-7', currentPassword },
    headers: { 'x-forwarded-for': ip },
  });
const deleteAccount = (token: string, password: string, ip: string) =>
  callRouteRaw(server, 'DELETE /api/user', {
    token,
    body: { password },
    headers: { 'x-forwarded-for': ip },
  });
/** Past the current window, so each test starts with a fresh budget. */
const nextWindow = () => clock.advance(PASSWORD_WINDOW_MS);

describe('password checks count against the sign-in budget', () => {
  it('answers 429 to guesses of currentPassword past AUTH_RATE_LIMIT a minute; the right one works after the window', async () => {
    nextWindow();
    const user = await registerUser(server);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let k = 0; k < 30; k++)
      statuses.push((await changePassword(user.token, `wrong-guess-${k}`, ip)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(403), ...Array<number>(10).fill(429)]);
    const refused = await changePassword(user.token, user.password, ip);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many attempts'),
    });
    nextWindow();
    expect((await changePassword(user.token, user.password, ip)).status).toBe(200);
  });

  it('answers 429 to guesses of the password that deletes the account; the right one works after the window', async () => {
    nextWindow();
    const user = await registerUser(server);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let k = 0; k < 30; k++)
      statuses.push((await deleteAccount(user.token, `wrong-guess-${k}`, ip)).status);
    expect(statuses).toEqual([...Array<number>(20).fill(403), ...Array<number>(10).fill(429)]);
    expect((await deleteAccount(user.token, user.password, ip)).status).toBe(429);
    nextWindow();
    expect((await deleteAccount(user.token, user.password, ip)).status).toBe(200);
  });

  it('counts per account across addresses, and per address across accounts', async () => {
    nextWindow();
    const [alice, bob, carol] = await Promise.all([
      registerUser(server),
      registerUser(server),
      registerUser(server),
    ]);
    const aliceStatuses: number[] = [];
    for (let k = 0; k < 21; k++)
      aliceStatuses.push((await changePassword(alice.token, `wrong-guess-${k}`, freshIp())).status);
    expect(aliceStatuses.at(-1)).toBe(429);
    const shared = freshIp();
    for (let k = 0; k < 12; k++)
      expect((await deleteAccount(bob.token, `wrong-guess-${k}`, shared)).status).toBe(403);
    const carolStatuses: number[] = [];
    for (let k = 0; k < 9; k++)
      carolStatuses.push((await deleteAccount(carol.token, `wrong-guess-${k}`, shared)).status);
    expect(carolStatuses).toEqual([...Array<number>(8).fill(403), 429]);
  });

  it('leaves profile changes that check no password alone', async () => {
    nextWindow();
    const user = await registerUser(server);
    const ip = freshIp();
    for (let k = 0; k < 25; k++) {
      const res = await callRouteRaw(server, 'POST /api/user/update', {
        token: user.token,
        body: { username: `${user.username.slice(0, 12)}${k}` },
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.status).toBe(200);
    }
  });
});
