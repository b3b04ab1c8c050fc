import { spawnSync } from 'node:child_process';

/**
 * Vitest global setup: the tests that start server processes run the built server
 * (dist/server/main.mjs), as `npm start` does; it is built here, once per run and only when it
 * is missing or older than its sources, so that files started together never build it at once.
 */
export default function setup(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the server failed (exit ${built.status})`);
}
