import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Snapshots of real repositories with their own tests (scripts/corpus/run-corpus.mjs runs them).
    exclude: ['**/node_modules/**', 'corpus/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./vitest.global-setup.ts'],
    maxWorkers: 2,
  },
});
