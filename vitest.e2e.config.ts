import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { fsContract } from './scripts/fsContract.ts';

export default defineConfig({
  // virtual:fs-contract, for client modules the tests import (lib/api.ts).
  plugins: [fsContract()],
  // `@shared/...` as tsconfig.json's paths declare it (tsx reads those for the server).
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['src/server/testing/pgliteTemplate.ts'],
    // As in vitest.config.ts: files share imported modules, each keeps its own server and browser.
    isolate: false,
    // 120 s: on a slow day the host ran this suite at half speed, and a test that visits every
    // page (phone.spec) or plays a duel passed 60 s with nothing wrong.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own server, database and browser.
    fileParallelism: true,
    maxWorkers: 2,
    // Concurrent tests of one file (quiz-duel.spec: two browsers per duel) two at a time: all
    // four at once beside the other file's browser passed their timeouts on a slow host.
    maxConcurrency: 2,
  },
});
