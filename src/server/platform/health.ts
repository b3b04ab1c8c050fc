import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { migrationsFolder } from '../db/client';

/** What a process tells its load balancer: whether it still takes new requests. */
export interface Lifecycle {
  /** Set when shutdown begins: /readyz answers 503 so the balancer sends new requests elsewhere. */
  draining: boolean;
}

const expectedMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

const unavailable = (message: string, details: Record<string, unknown>) => ({
  message,
  code: 'UNAVAILABLE' as const,
  details,
});

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve: the database answers and
 * every migration is applied, and it is not shutting down), as JSON from the server. Outside
 * the API's route table: they are for the infrastructure, not for players or the client.
 */
export function registerHealth(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  const expected = expectedMigrations();
  const startedAt = Date.now();
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000) };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (lifecycle.draining)
      return reply
        .status(503)
        .send(
          unavailable('Shutting down: send new requests to another process', { draining: true }),
        );
    let applied: number;
    try {
      const [row] = await db.rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      applied = row?.n ?? 0;
    } catch (err) {
      return reply
        .status(503)
        .send(unavailable('The database does not answer', { database: (err as Error).message }));
    }
    if (applied < expected) {
      return reply.status(503).send(
        unavailable(`Migrations pending: ${applied} of ${expected} applied`, {
          applied,
          expected,
        }),
      );
    }
    return { status: 'ready', database: db.kind, migrations: applied };
  });
}
