import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from './client';
import type { Clock } from '../platform/clock';
import { hashPassword } from '../platform/passwords';
import { boxed } from '../platform/box';
import type { FeatureModule } from '../platform/module';
import { createAccount } from '../features/accounts/public';
import { ledger } from '../features/wallet/public';

const DEMO_USERS: { username: string; bonus: number }[] = [
  { username: 'LuckyLarry', bonus: 4200 },
  { username: 'HighRollerHana', bonus: 2650 },
  { username: 'ParlayPete', bonus: 1800 },
  { username: 'OddsOnOlga', bonus: 950 },
  { username: 'CoinFlipCarl', bonus: 400 },
  { username: 'BustedBetty', bonus: 0 },
];

/** What the first start created, to be shown to the operator once. */
export interface SeedResult {
  created: boolean;
  /** Set when generated (no ADMIN_PASSWORD): printed once, never logged. */
  adminPassword?: string;
  /** The demo players' shared password, printed once with the admin's. */
  demoPassword?: string;
  demoBets: number;
}

/**
 * First start on an empty database: the admin and a few demo players so home is not empty, then
 * each module's first seed (the store's stock, the default tasks and achievements), in one
 * transaction. Every start: each module's renewal (open demo bets when none can take wagers).
 * Runs under the lock that serializes setup across processes (openDb's afterMigrate).
 */
export async function seed(
  db: Db,
  config: Config,
  clock: Clock,
  modules: readonly FeatureModule[],
): Promise<SeedResult> {
  const [existing] = await db.rows<{ n: number }>(sql`select count(*)::int as n from users`);
  const result: SeedResult = { created: false, demoBets: 0 };
  if ((existing?.n ?? 0) === 0) {
    result.created = true;
    const adminPassword = config.adminPassword ?? randomBytes(12).toString('base64url');
    if (!config.adminPassword) result.adminPassword = adminPassword;
    const adminHash = await hashPassword(adminPassword);
    const demoPassword = `demo-${randomBytes(6).toString('base64url')}`;
    const demoHash = config.seedDemo ? await hashPassword(demoPassword) : '';
    await db.tx(async (tx) => {
      await createAccount(tx, {
        username: config.adminUsername,
        passwordHash: adminHash,
        role: 'admin',
      });
      if (config.seedDemo) {
        for (const demo of DEMO_USERS) {
          const user = await createAccount(tx, { username: demo.username, passwordHash: demoHash });
          if (demo.bonus > 0) {
            await ledger.post(
              tx,
              [{ userId: user.id, delta: demo.bonus, category: 'seed_grant' }],
              { refType: 'seed', refId: user.id },
            );
          }
        }
      }
      for (const m of modules) await m.seed?.first?.(tx, config.seedDemo);
    });
    if (config.seedDemo) result.demoPassword = demoPassword;
  }
  for (const m of modules) {
    const renewed = await m.seed?.everyStart?.(db, clock.now(), config.seedDemo);
    if (renewed?.demoBets) result.demoBets += renewed.demoBets;
  }
  return result;
}

/** The first start's credentials as a box of plain lines, so they stand out of the log. */
export function credentialsBox(
  config: Pick<Config, 'adminUsername'>,
  result: SeedResult,
): string | null {
  const lines: string[] = [];
  if (result.adminPassword)
    lines.push(`Admin account: ${config.adminUsername}`, `Password:      ${result.adminPassword}`);
  if (result.demoPassword) {
    lines.push(
      `Demo players:  ${DEMO_USERS.map((d) => d.username).join(', ')}`,
      `Their password: ${result.demoPassword}`,
    );
  }
  if (lines.length === 0) return null;
  lines.push('Shown once. Lost it? npm run admin:reset-password');
  return boxed(lines);
}
