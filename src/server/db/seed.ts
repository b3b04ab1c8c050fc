import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from './client';
import { hashPassword } from '../platform/passwords';
import { createAccount } from '../features/accounts/service';
import * as ledger from '../features/wallet/ledger';

const DEMO_USERS: { username: string; bonus: number }[] = [
  { username: 'LuckyLarry', bonus: 4200 },
  { username: 'HighRollerHana', bonus: 2650 },
  { username: 'ParlayPete', bonus: 1800 },
  { username: 'OddsOnOlga', bonus: 950 },
  { username: 'CoinFlipCarl', bonus: 400 },
  { username: 'BustedBetty', bonus: 0 },
];

/** First start on an empty database: the admin and a few demo players so home is not empty. */
export async function seed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  const [existing] = await db.rows<{ n: number }>(sql`select count(*)::int as n from users`);
  if ((existing?.n ?? 0) > 0) return;
  const generated = !config.adminPassword;
  const adminPassword = config.adminPassword ?? randomBytes(12).toString('base64url');
  const adminHash = await hashPassword(adminPassword);
  const demoHash = await hashPassword(randomBytes(24).toString('base64url'));
  await db.tx(async (tx) => {
    await createAccount(tx, { username: config.adminUsername, passwordHash: adminHash, role: 'admin' });
    if (!config.seedDemo) return;
    for (const demo of DEMO_USERS) {
      const user = await createAccount(tx, { username: demo.username, passwordHash: demoHash });
      if (demo.bonus > 0) {
        await ledger.post(tx, [{ userId: user.id, delta: demo.bonus, category: 'seed_grant' }], { refType: 'seed' });
      }
    }
  });
  if (generated) {
    log.warn(`Created admin "${config.adminUsername}" with generated password: ${adminPassword} (shown once; set ADMIN_PASSWORD to choose it)`);
  } else {
    log.info(`Created admin "${config.adminUsername}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
}
