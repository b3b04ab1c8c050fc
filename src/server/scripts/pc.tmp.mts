import { openDb } from '/work/main/src/server/db/client';
import { periodCounts } from '/work/main/src/server/features/tasks/progress';
import { periodStart } from '/work/main/src/server/features/tasks/periods';
const db = await openDb({ databaseUrl: 'postgres://root@127.0.0.1:5432/fs_bench_tasks', poolSize: 1, purpose: 'audit' });
const [u] = await db.rows<{ id: number }>((await import('drizzle-orm')).sql`select id from users where username = 'tb0'`);
const now = new Date();
for (let i = 0; i < 3; i++) { const t = performance.now(); await periodCounts(db, u!.id, periodStart('daily', now), periodStart('weekly', now)); console.log('ms', (performance.now() - t).toFixed(1)); }
await db.close();
