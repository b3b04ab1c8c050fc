import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { passwordSchema } from '../../shared/api/common';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { Sessions } from '../platform/auth';
import { hashPassword } from '../platform/passwords';
import { boxed } from '../platform/box';
import { findUserByUsername } from '../features/accounts/queries';

/*
 * `npm run admin:reset-password [-- --user NAME]`: sets a new password for the admin (or the
 * named account) and signs it out everywhere. The password comes from NEW_PASSWORD, or is
 * generated and printed once. With the embedded database, stop the server first: only one
 * process may open its directory.
 */

const config = loadConfig();
const userFlag = process.argv.indexOf('--user');
const username = userFlag >= 0 ? process.argv[userFlag + 1] : config.adminUsername;
if (!username) {
  console.error('usage: npm run admin:reset-password -- --user NAME');
  process.exit(2);
}
const chosen = process.env.NEW_PASSWORD;
const password = chosen ?? randomBytes(12).toString('base64url');
const valid = passwordSchema.safeParse(password);
if (!valid.success) {
  console.error(`NEW_PASSWORD: ${valid.error.issues[0]?.message ?? 'not a valid password'}`);
  process.exit(2);
}

try {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: 2,
    purpose: 'admin:reset-password',
  });
  try {
    const user = await findUserByUsername(db, username);
    if (!user) throw new Error(`No account named ${username}`);
    const passwordHash = await hashPassword(password);
    await db.tx(async (tx) => {
      await tx.rows(sql`update users set password_hash = ${passwordHash} where id = ${user.id}`);
      await new Sessions(db, 0).revokeAllFor(tx, user.id);
    });
    const lines = [
      `Account:  ${user.username}${user.role === 'admin' ? ' (admin)' : ''}`,
      chosen ? 'Password: set from NEW_PASSWORD' : `Password: ${password}`,
      'Every session of this account was signed out.',
    ];
    console.log(boxed(lines));
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
