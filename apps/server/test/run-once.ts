/**
 * Work done once per vitest run and shared by its workers through files: the seeded databases of
 * the integration tests (integration/seeded-snapshot.ts) and the seeded portal data folders of the
 * e2e tests (e2e/server.ts). Everything lives under the OS temp folder in the run's own folder
 * (PAYDESK_TEST_RUN, set once per run in vitest.config.ts; removed when the run ends:
 * integration/global-setup.ts), so no run meets another run's, or older code's, copies.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';

const ROOT = join(tmpdir(), 'paydesk-test-db');
/** How long a worker waits for another's build (ms). */
const WAIT_LIMIT_MS = 10 * 60_000;

/** The folder of run `run` (removed at the end of the run). */
export const runDirOf = (run: string) => join(ROOT, run);

/** This hour in MYT (`2026112910`): a seeded copy is at most an hour old, as the demo's "today" and "last hour" are relative to its seed. */
export const hourTag = () => dayjs().tz(BUSINESS_TIME_ZONE).format('YYYYMMDDHH');

/** Where run `run` keeps what it built under `name`, without extension; the run's folder is made. */
export function runPathOf(run: string, name: string): string {
  mkdirSync(runDirOf(run), { recursive: true });
  return join(runDirOf(run), name);
}

/**
 * The wall-clock time, epoch ms, whatever clock the test run is on: file times are the real
 * clock's, while `Date.now()` is shifted under PAYDESK_TEST_CLOCK (test/clock/shifted-date.ts).
 * `performance.timeOrigin` is the real start of the process.
 */
const wallNow = () => performance.timeOrigin + performance.now();

/**
 * Removes the folders of runs older than a day (left by runs that were killed), by the real clock:
 * on a clock shifted ahead, `Date.now()` made every folder look old, this run's own included,
 * and its dumps were deleted while being built (every integration file failed at 2028-02-29).
 */
function sweepOldRuns(): void {
  if (!existsSync(ROOT)) return;
  for (const name of readdirSync(ROOT)) {
    const path = join(ROOT, name);
    if (wallNow() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Runs `make` once per run for `base` (a path without extension) across the run's workers: the
 * first caller takes `${base}.lock` and makes it (`${base}.ready`, written last, tells the others
 * it is done; `${base}.failed` that it threw); the others wait for either, up to WAIT_LIMIT_MS.
 * `make` writes its results beside `base`. Answers whether this caller made it; throws when the
 * maker failed or never ended, and what `make` throws.
 */
export async function oncePerRun(base: string, make: () => Promise<void>): Promise<boolean> {
  if (existsSync(`${base}.ready`)) return false;
  let lock: number;
  try {
    lock = openSync(`${base}.lock`, 'wx');
  } catch {
    for (const started = Date.now(); Date.now() - started < WAIT_LIMIT_MS; ) {
      if (existsSync(`${base}.ready`)) return false;
      if (existsSync(`${base}.failed`)) throw new Error(`${base}: its builder failed (see the first failing file)`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${base}: its builder never finished`);
  }
  try {
    sweepOldRuns();
    await make();
    writeFileSync(`${base}.ready`, '');
    return true;
  } catch (e) {
    writeFileSync(`${base}.failed`, String(e));
    throw e;
  } finally {
    closeSync(lock);
  }
}
