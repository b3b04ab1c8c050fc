// Browser tests run when Debian's chromium is installed; otherwise say so and pass.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Browser tests not run: ${chromium} not found (apt-get install -y chromium).`);
  process.exit(0);
}
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
const built = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
if (built !== 0) process.exit(built);
process.exit(run(['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts']));
