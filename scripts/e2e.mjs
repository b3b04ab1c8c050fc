// Browser tests run when Debian's chromium is installed; otherwise say so and pass.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI runs the browser suite in its first pass only: its second pass repeats the server suite on
// PostgreSQL, and the browser tests, which look at pages, would run the same server code again.
if (process.env.SKIP_E2E === '1') {
  console.log('Browser tests not run: SKIP_E2E=1.');
  process.exit(0);
}
if (!existsSync(chromium)) {
  console.log(`Browser tests not run: ${chromium} not found (apt-get install -y chromium).`);
  process.exit(0);
}
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
const built = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
process.exit(
  run([
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'vitest.e2e.config.ts',
    ...process.argv.slice(2),
  ]),
);
