import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every feature's tables.ts (and the platform's): a new feature's tables need no index file.
  schema: ['./src/server/features/**/tables.ts', './src/server/platform/**/tables.ts'],
  out: './src/server/db/migrations',
});
