import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './vitest-sequencer.ts';

/**
 * This run's id: the integration harness keeps its seeded database dumps under it
 * (apps/server/test/integration/seeded-snapshot.ts), so no run opens another run's dump. Test
 * workers inherit it from this process's environment.
 */
process.env.PAYDESK_TEST_RUN ??= `${Date.now()}-${process.pid}`;

/**
 * The chosen clock of scripts/ten-clocks.mjs (PAYDESK_TEST_CLOCK), installed in every unit and
 * integration worker. Every worker's clock starts at the run's start, not its own: a worker
 * started five minutes after the one that seeded the shared demo dump read a time five minutes
 * before the dump's "now" (terminals last seen "after now" at 00:05 MYT, 1 November).
 */
const CLOCK = 'apps/server/test/clock/setup.ts';
process.env.PAYDESK_TEST_CLOCK_ORIGIN ??= String(Date.now());

/** Test tiers (guides practice 9): unit (pure code), integration (real server + real database), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    // Two workers: the CI machine has 2 cores, and vitest's default (cores − 1) ran every file one
    // after another (measured on this machine: unit + web + integration in 595 s with two workers;
    // the serial CI run before took 3,487 s for all tiers). Each file has its own server and database.
    maxWorkers: 2,
    // Within a project the longest files start first (vitest-sequencer.ts says why).
    sequence: { sequencer: LongestFirstSequencer },
    globalSetup: ['apps/server/test/integration/global-setup.ts'],
    // Unit, integration and web in worker threads (one process, a new worker per file): integration
    // on PGlite 434 -> 374 s against forks. e2e keeps forks (vitest's default).
    projects: [
      // 30 s: a hang guard only (no test times anything); property runs of 300 WebCrypto round trips passed 5 s on a loaded 2-core machine.
      { test: { name: 'unit', pool: 'threads', include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, setupFiles: [CLOCK] } },
      {
        test: {
          name: 'integration',
          pool: 'threads',
          // Isolated per file (a new worker thread each), although every file then imports the
          // whole server again (import time 220 s summed over workers in a 775 s unit +
          // integration run; 13 s without isolation): with one worker thread reused across files,
          // Node 24's V8 aborted (a failed check unregistering PGlite's WebAssembly JIT pages,
          // SIGTRAP) late in the tier, after tens of PGlite instances had come and gone in one isolate.
          // *.pg-test.ts: what only PostgreSQL has (server connections); with DATABASE_URL only.
          include: ['apps/server/test/integration/**/*.test.ts', ...(process.env.DATABASE_URL ? ['apps/server/test/integration/**/*.pg-test.ts'] : [])],
          environment: 'node',
          setupFiles: [CLOCK],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // 30 s: a hang guard (as unit); 25 generated table shapes rendered in jsdom took 7.8 s on a loaded 2-core machine.
      { test: { name: 'web', pool: 'threads', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000 } },
      // After the other tiers (groupOrder 1), two files at a time: each file starts its own portal and Chromium.
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 300_000, sequence: { groupOrder: 1 } } },
    ],
  },
});
