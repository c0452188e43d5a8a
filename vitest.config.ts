import { defineConfig } from 'vitest/config';

/** Test tiers (guides practice 9): unit (pure code), integration (real server + real database), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          // *.pg-test.ts: what only PostgreSQL has (server connections); with DATABASE_URL only.
          include: ['apps/server/test/integration/**/*.test.ts', ...(process.env.DATABASE_URL ? ['apps/server/test/integration/**/*.pg-test.ts'] : [])],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
