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

/**
 * Unit and integration files share their two worker threads on Node 20 (`isolate: false`: a
 * worker runs file after file, node_modules and the server's modules imported once), and get a
 * new worker each on Node 22 and later. Isolated, every integration file imported the whole
 * server again. Clean clones on one 2-core machine, 30 Nov 2026, every file passing both ways:
 * `npm test` 808 -> 760 s (the integration tier's span 282 -> 231 s; import 150 -> 84 s summed),
 * the PostgreSQL pass 265 -> 202 s, the unit tier alone 58 -> 39 s. Node 24's V8 once aborted (a
 * failed check unregistering PGlite's WebAssembly JIT pages, SIGTRAP) late in a shared tier, after
 * tens of PGlite instances had come and gone in one isolate; it passed shared since (132 files,
 * 267 s), but one clean run does not rule out an abort seen before, so its pass stays isolated.
 * The web tier stays isolated: a file's vi.mock would not reach a module another file had
 * already imported.
 */
const SHARED_WORKERS = Number(process.versions.node.split('.')[0]) < 22;

/**
 * Node 22 and later run unit and integration files in child processes (forks), one per file,
 * not in worker threads. Isolated threads on Node 24 aborted a CI run once too (glibc "corrupted
 * size vs. prev_size", exit 134, mid integration tier): each new worker thread loads
 * @node-rs/argon2's addon, whose mimalloc sets up per-thread heaps (rolldown#9722 is the same
 * allocator failing in a second worker), and tears PGlite's WebAssembly down with the thread. A
 * process per file loads both on its main thread and leaves by exit.
 */
const TEST_POOL = SHARED_WORKERS ? 'threads' : 'forks';

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
    // Unit, integration and web in worker threads (one process; a new worker per file unless
    // SHARED_WORKERS): integration on PGlite 434 -> 374 s against forks. e2e keeps forks (vitest's default).
    projects: [
      // 30 s: a hang guard only (no test times anything); property runs of 300 WebCrypto round trips passed 5 s on a loaded 2-core machine.
      { test: { name: 'unit', pool: TEST_POOL, isolate: !SHARED_WORKERS, include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, setupFiles: [CLOCK] } },
      {
        test: {
          name: 'integration',
          pool: TEST_POOL,
          isolate: !SHARED_WORKERS,
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
