/**
 * The chosen clock of scripts/ten-clocks.mjs really moves what the suite reads: in a fresh Node
 * process with the clock installed, `new Date()`, `Date.now()` and embedded PGlite's `now()` and
 * `current_date` all stand on the chosen day, a parsed date is untouched, and the clock runs.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PROBE = `
import { installShiftedClock } from './apps/server/test/clock/shifted-date.ts';
installShiftedClock(process.env.AT);
const { PGlite } = await import('@electric-sql/pglite');
const first = Date.now();
const db = new PGlite();
const [row] = (await db.query("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, current_date::text AS current_day")).rows;
await new Promise((r) => setTimeout(r, 5));
console.log(JSON.stringify({ day: new Date().toISOString().slice(0, 10), nowDay: new Date(first).toISOString().slice(0, 10), parsed: new Date('2001-02-03T04:05:06Z').toISOString(), runs: Date.now() > first, db: row }));
await db.close();
`;

describe('the shifted test clock', () => {
  // A fresh process compiles PGlite's WASM: tens of seconds on a loaded 2-core machine.
  it.each(['2028-02-29T04:00:00Z', '2026-12-31T15:30:00Z'])('stands the process and PGlite on %s and keeps running', (at) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { env: { ...process.env, AT: at }, encoding: 'utf8' });
    const day = at.slice(0, 10);
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ day, nowDay: day, parsed: '2001-02-03T04:05:06.000Z', runs: true, db: { day, current_day: day } });
  }, 180_000);

  // Workers of one run share the run's origin, so a worker started late reads the same time as the
  // one that seeded the shared dump, not minutes before it.
  it('starts at the given origin: two processes started apart, given one origin, read one clock', () => {
    const at = '2026-10-31T16:05:00Z';
    // A real time: under ten-clocks this worker's own Date is shifted.
    const origin = performance.timeOrigin + performance.now() - 600_000;
    const probe = `import { installShiftedClock } from './apps/server/test/clock/shifted-date.ts';
installShiftedClock(process.env.AT, Number(process.env.ORIGIN)); console.log(Date.now());`;
    const read = () => Number(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { env: { ...process.env, AT: at, ORIGIN: String(origin) }, encoding: 'utf8' }).trim().split('\n').at(-1));
    const first = read();
    const second = read();
    // Ten minutes after the origin the clock reads ten minutes after `at` (not `at` itself), and
    // a later process never reads an earlier time.
    expect(first - Date.parse(at)).toBeGreaterThanOrEqual(600_000);
    expect(second).toBeGreaterThanOrEqual(first);
  }, 120_000);

  it('refuses an instant it cannot read', () => {
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { env: { ...process.env, AT: '29/02/2028' }, encoding: 'utf8', stdio: 'pipe' })).toThrow(/not an instant/);
  });
});
