import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from './testing/harness';
import { startServerProcess as startProcess, stopProcess as stop } from './testing/processes';

describe('persistence across restarts', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fs-persist-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'rootadmin',
    ADMIN_PASSWORD: 'persist-admin-pw',
  };
  let dropPg: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL);
      env.DATABASE_URL = created.url;
      dropPg = created.drop;
    } else {
      delete process.env.DATABASE_URL;
    }
  });

  afterAll(async () => {
    await dropPg?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps users, balances and the seeded admin after the server restarts on the same data', async () => {
    const first = await startProcess(env);
    let token: string;
    try {
      const reg = await fetch(`${first.url}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'persisted', password: 'persist-pw-123' }),
      });
      expect(reg.status).toBe(201);
      token = ((await reg.json()) as { token: string }).token;
      const sent = await fetch(`${first.url}/api/user/send-money`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ recipientUsername: 'rootadmin', amount: 250 }),
      });
      expect(sent.status).toBe(200);
    } finally {
      await stop(first.child);
    }

    const second = await startProcess(env);
    try {
      const stats = await fetch(`${second.url}/api/user/stats`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(stats.status).toBe(200);
      expect(((await stats.json()) as { balance: number }).balance).toBe(750);
      const login = await fetch(`${second.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'rootadmin', password: 'persist-admin-pw' }),
      });
      expect(login.status).toBe(200);
      const admin = (await login.json()) as { user: { role: string; balance: number } };
      expect(admin.user.role).toBe('admin');
      expect(admin.user.balance).toBe(1250);
      // The seed runs only on an empty database: a second start must not add another admin or demo set.
      const board = (await (await fetch(`${second.url}/api/leaderboard/users`)).json()) as {
        username: string;
      }[];
      expect(board.filter((u) => u.username === 'LuckyLarry')).toHaveLength(1);
    } finally {
      await stop(second.child);
    }
  }, 240_000);
});
