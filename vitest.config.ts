import { defineConfig } from 'vitest/config';

/** Test tiers (guides practice 9): unit (pure code), integration (real server + real database), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    projects: [
      // 30 s: a hang guard only (no test times anything); property runs of 300 WebCrypto round trips passed 5 s on a loaded 2-core machine.
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
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
      // 30 s: a hang guard (as unit); 25 generated table shapes rendered in jsdom took 7.8 s on a loaded 2-core machine.
      { test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000 } },
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, fileParallelism: false } },
    ],
  },
});
