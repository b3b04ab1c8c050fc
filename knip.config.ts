import type { KnipConfig } from 'knip';

/*
 * `npm run lint` fails on an unused file, export or dependency (issue 35 item 4). knip's own
 * plugins read vite.config.ts (index.html -> main.tsx, and import.meta.glob's card.ts files),
 * both vitest configs with their globalSetup files and tests, drizzle.config.ts (every
 * tables.ts: drizzle-kit reads all their exports) and eslint.config.js; `virtual:fs-contract`
 * is typed by src/client/fsContract.d.ts. The entries below are the ones no config names.
 */
const config: KnipConfig = {
  entry: [
    'src/server/main.ts',
    // Rendered by scripts/prerender.mjs after the client build, not reached from index.html.
    'src/client/prerender.tsx',
    'src/server/scripts/*.ts',
    'scripts/*.{mjs,ts}',
    'bench/*.mjs',
  ],
  // The CSS so that Tailwind's `@import "tailwindcss"` in index.css counts as a use.
  project: [
    'src/**/*.{ts,tsx,css}',
    'scripts/**/*.{mjs,ts}',
    'bench/**/*.mjs',
    'tests/**/*.ts',
    '*.{ts,js}',
  ],
  vitest: { config: ['vitest.config.ts', 'vitest.e2e.config.ts'] },
  // Programs found on the PATH when installed: the benches' load tools, the rate-limit test's Redis.
  ignoreBinaries: ['wrk', 'psql', 'pgbench', 'redis-server'],
  ignoreDependencies: [
    // Read as files (node_modules/@twemoji/svg) by scripts/emoji.mjs, never imported.
    '@twemoji/svg',
  ],
};

export default config;
