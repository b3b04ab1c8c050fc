import { beforeAll, expect } from 'vitest';
import { callRoute } from './callRoute';
import { registerAdmin, registerUser, type TestServer, type TestUser } from './harness';

/**
 * Builders every feature's tests share: people in a given state, made through the routes a
 * real admin would use where one exists, so the ledger and the audit log stay consistent.
 * Feature-specific builders (a bet, a service, a trade) stay in the feature's builders.ts.
 */

/**
 * A user registered in the file's beforeAll; the returned object reads through to it, so a
 * file declares `const admin = useUser(server, 'admin')` at the top instead of a let and a hook.
 */
export function useUser(server: TestServer, role: 'user' | 'admin' = 'user'): TestUser {
  let user: TestUser | undefined;
  beforeAll(async () => {
    user = role === 'admin' ? await registerAdmin(server) : await registerUser(server);
  });
  return new Proxy({} as TestUser, {
    get(_target, property) {
      if (!user)
        throw new Error('the user is registered in beforeAll: use it inside tests and hooks');
      return Reflect.get(user, property, user);
    },
  });
}

/** The admin of a test file, registered in its beforeAll. */
export const useAdmin = (server: TestServer): TestUser => useUser(server, 'admin');

/** Bans `user` through the admin route, as an admin would; the ban must be accepted. */
export async function ban(server: TestServer, admin: TestUser, user: TestUser): Promise<void> {
  const res = await callRoute(server, 'PATCH /api/admin/status/user/:username', {
    token: admin.token,
    params: { username: user.username },
    body: { status: 'banned' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A fresh user that `admin` has banned (its sessions are revoked by the ban). */
export async function bannedUser(server: TestServer, admin: TestUser): Promise<TestUser> {
  const user = await registerUser(server);
  await ban(server, admin, user);
  return user;
}

/**
 * A fresh user holding exactly `coins`: the welcome grant topped up or drawn down by the admin
 * balance route, so every coin is in the ledger (and in the audit log, as an admin's grant).
 */
export async function userWithCoins(
  server: TestServer,
  admin: TestUser,
  coins: number,
): Promise<TestUser> {
  const user = await registerUser(server);
  const delta = coins - 1000;
  if (delta !== 0) {
    const res = await callRoute(server, 'PATCH /api/admin/balance/:username', {
      token: admin.token,
      params: { username: user.username },
      body: { amount: delta },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balance).toBe(coins);
  }
  return user;
}
