#!/usr/bin/env node
/**
 * Runs the unit and integration tiers on PGlite at ten chosen clock times, one after another, and
 * prints which passed: `node scripts/ten-clocks.mjs [vitest file filters…]` (no filter: the whole
 * tiers, about 8 min each on the 2-core build machine). Exit code 1 when any clock failed.
 * `TEN_CLOCKS=5,6,10` runs only those clocks (1-based positions in CLOCKS), to finish a set whose
 * first clocks already passed.
 *
 * Each run gets `PAYDESK_TEST_CLOCK` (apps/server/test/clock/setup.ts shifts every worker's Date,
 * and with it the server, the demo generator and PGlite's now()) and no DATABASE_URL. The times
 * are where calendar code breaks: the Malaysian business day (MYT, UTC+8) starting and ending on
 * another UTC date, a month end, a year end, a leap day, a Monday (week-to-date empty), a Sunday
 * first of the month, a Malaysian public holiday.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** [label, instant in UTC]; MYT = UTC + 8 h. */
export const CLOCKS = [
  ['00:05 MYT, a Wednesday (the MYT day began on the previous UTC date)', '2026-03-10T16:05:00Z'],
  ['23:55 MYT, a Wednesday (the MYT day is about to end)', '2026-03-11T15:55:00Z'],
  ['23:55 MYT on a month end (30 April)', '2026-04-30T15:55:00Z'],
  ['00:05 MYT on a Monday (an empty week-to-date)', '2026-05-31T16:05:00Z'],
  ['10:00 MYT on Merdeka Day, 31 August (a public holiday, a Monday)', '2026-08-31T02:00:00Z'],
  ['00:05 MYT on Sunday 1 November (a month start on a weekend)', '2026-10-31T16:05:00Z'],
  ['23:59 MYT on 31 December (a year end)', '2026-12-31T15:59:00Z'],
  ['00:01 MYT on 1 January (a year start)', '2026-12-31T16:01:00Z'],
  ['12:00 MYT on 29 February 2028 (a leap day)', '2028-02-29T04:00:00Z'],
  ['08:00 MYT, midnight UTC (both calendars on one date)', '2027-06-15T00:00:00Z'],
];

const filters = process.argv.slice(2);
// The edge tests read the built web app's pages (their headers follow live settings): build it
// once when a fresh clone has none (a missing dist failed edge.test at every clock, not the clock).
if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const env = { ...process.env };
delete env.DATABASE_URL;
delete env.PAYDESK_TEST_ONLY_PG;
const chosen = process.env.TEN_CLOCKS ? new Set(process.env.TEN_CLOCKS.split(',').map(Number)) : null;
const results = [];
for (const [label, at] of CLOCKS.filter((_, i) => !chosen || chosen.has(i + 1))) {
  console.log(`\n=== ${at} — ${label}`);
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration', ...filters], {
    stdio: 'inherit',
    env: { ...env, PAYDESK_TEST_CLOCK: at, PAYDESK_TEST_RUN: `clock-${at.replace(/[^0-9]/g, '')}-${process.pid}` },
  });
  results.push({ at, label, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\nten clocks:');
for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  ${r.at}  ${r.seconds} s  ${r.label}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
