import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { defineModule } from './module';

/** The first pass a while after start (the seed and the first traffic are in), then this often. */
const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 3_600_000;
/** Rows sampled per column: 300 x this. PostgreSQL's default of 100 took ~0.8 s on one big table. */
const STATISTICS_TARGET = 20;
/** Between two tables, so the requests that queued behind one run before the next. */
const PAUSE_MS = 50;

/**
 * Tables changed enough since their last statistics to need new ones, by autovacuum's rule
 * (50 rows plus a tenth of the table), or never analyzed.
 */
async function staleTables(db: Db): Promise<string[]> {
  const rows = await db.rows<{ name: string }>(sql`
    select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
    where last_analyze is null or n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
    order by relname`);
  return rows.map((r) => r.name);
}

/** One pass: the stale tables, one by one with a pause between. Returns how many it analyzed. */
export async function gatherStatistics(
  db: Db,
  { stopped = () => false, pauseMs = PAUSE_MS }: { stopped?: () => boolean; pauseMs?: number } = {},
): Promise<number> {
  const tables = await staleTables(db);
  await db.rows(
    sql`select set_config('default_statistics_target', ${String(STATISTICS_TARGET)}, false)`,
  );
  let done = 0;
  for (const table of tables) {
    if (stopped()) break;
    await db.rows(sql`analyze ${sql.raw(table)}`);
    done++;
    await new Promise((resolve) => setTimeout(resolve, pauseMs).unref());
  }
  return done;
}

/**
 * PGlite has no autovacuum, so nothing ever gathers its planner's statistics: measured with
 * 10,000 communities, the directory chose plans that cost 11 ms of CPU a request instead of
 * 2.5 without them (bench:communities, BENCH_VACUUM=0). Each PGlite process analyzes, a minute
 * after it starts and then hourly, the tables that changed enough, one at a time with a small
 * sample: every statement of the server waits while one runs (one thread), so no single one
 * may take long. PostgreSQL's own daemon does this there.
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  start: (deps, log) => {
    if (deps.db.kind !== 'pglite') return () => undefined;
    let stopped = false;
    let running = false;
    const pass = async () => {
      if (running || stopped) return;
      running = true;
      const started = Date.now();
      try {
        const tables = await gatherStatistics(deps.db, { stopped: () => stopped });
        log.debug({ tables, ms: Date.now() - started }, 'planner statistics gathered');
      } catch (err) {
        if (!stopped) log.warn({ err }, 'gathering planner statistics failed');
      } finally {
        running = false;
      }
    };
    const first = setTimeout(() => void pass(), FIRST_AFTER_MS);
    const every = setInterval(() => void pass(), EVERY_MS);
    first.unref();
    every.unref();
    return () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    };
  },
});
