import path from 'node:path';
import type { AuditReportDto } from '../../shared/api/admin';
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { DirLockedError, readDirLock } from '../db/dirLock';
import { auditReport, describeReport } from '../features/audit/public';
import { modules } from '../modules';

/*
 * `npm run audit`: checks coin conservation on the configured database (DATABASE_URL, else
 * PGlite in DATA_DIR). A PGlite directory held by a running server must not be opened a second
 * time, so then the running server is asked instead (GET /api/admin/audit, as an admin).
 */

const config = loadConfig();
const pgliteDir = path.join(config.dataDir, 'pglite');

async function viaServer(port: number): Promise<AuditReportDto> {
  const base = `http://127.0.0.1:${port}`;
  const password = process.env.ADMIN_PASSWORD;
  if (!password) {
    throw new Error(
      `A server holds ${pgliteDir} (port ${port}), so the audit asks it. Set ADMIN_PASSWORD (and ADMIN_USERNAME if it is not "${config.adminUsername}") to an admin's credentials, or stop the server and run the audit again.`,
    );
  }
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: config.adminUsername, password }),
  });
  const auth = (await login.json()) as { token?: string; message?: string };
  if (!login.ok || !auth.token)
    throw new Error(
      `signing in as ${config.adminUsername} failed: ${auth.message ?? login.status}`,
    );
  const res = await fetch(`${base}/api/admin/audit`, {
    headers: { authorization: `Bearer ${auth.token}` },
  });
  const body = (await res.json()) as AuditReportDto & { message?: string };
  await fetch(`${base}/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.token}` },
  }).catch(() => undefined);
  if (!res.ok) throw new Error(`the server refused the audit: ${body.message ?? res.status}`);
  return body;
}

async function direct(): Promise<AuditReportDto> {
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    poolSize: 2,
    purpose: 'audit',
  });
  try {
    return await auditReport(db, modules);
  } finally {
    await db.close();
  }
}

try {
  const holder = config.databaseUrl ? null : readDirLock(pgliteDir);
  let report: AuditReportDto;
  if (holder?.port) {
    report = await viaServer(holder.port);
  } else {
    report = await direct();
  }
  console.log(
    describeReport(report) + (holder?.port ? ` (asked the server on port ${holder.port})` : ''),
  );
  if (!report.ok) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof DirLockedError || err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
