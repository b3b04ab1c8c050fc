import { sql } from 'drizzle-orm';
import { defineModule } from './module';

/** The first statistics a while after start (the seed and the first traffic are in), then this often. */
const FIRST_AFTER_MS = 60_000;
const EVERY_MS = 6 * 3_600_000;

/**
 * PGlite has no autovacuum, so nothing ever gathers its planner's statistics: measured with
 * 10,000 communities, the directory read chose plans that cost 11 ms of CPU a request instead
 * of 2.5 without them (bench:communities, BENCH_VACUUM=0). Each PGlite process runs ANALYZE a
 * minute after it starts and then every six hours; PostgreSQL's own daemon does it there.
 */
export const statisticsModule = defineModule({
  name: 'statistics',
  start: (deps, log) => {
    if (deps.db.kind !== 'pglite') return () => undefined;
    const analyze = () => {
      const started = Date.now();
      deps.db
        .rows(sql`analyze`)
        .then(() => log.debug({ ms: Date.now() - started }, 'planner statistics gathered'))
        .catch((err: unknown) => log.warn({ err }, 'gathering planner statistics failed'));
    };
    const first = setTimeout(analyze, FIRST_AFTER_MS);
    const every = setInterval(analyze, EVERY_MS);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  },
});
