import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { fsContract } from './scripts/fsContract.ts';

export default defineConfig({
  // virtual:fs-contract, for client modules the tests import (lib/api.ts).
  plugins: [fsContract()],
  // `@shared/...` as tsconfig.json's paths declare it (tsx reads those for the server).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/server/testing/pgliteTemplate.ts', 'src/server/testing/serverBuild.ts'],
    // Files in one worker share imported modules (each file still gets its own server and
    // database): importing the app afresh per file was half the suite's time (170 s -> 90 s).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI host, which ran the
    // files one after another (361 s). Every file keeps its own server and database, so they can
    // run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
