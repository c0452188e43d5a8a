/**
 * run-once.ts on a shifted clock (scripts/ten-clocks.mjs): a run far ahead of the real date still
 * builds its shared files, and a run folder made moments ago is not taken for one left by a run
 * killed a day earlier (file times are the real clock's, `Date.now()` the shifted one).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installShiftedClock } from '../clock/shifted-date.ts';
import { oncePerRun, runDirOf, runPathOf } from '../run-once.ts';

describe('oncePerRun on a clock years ahead', () => {
  it('keeps the run folders made moments ago and builds once', async () => {
    // Under scripts/ten-clocks.mjs the worker is already on its chosen clock, which stays (the
    // check then runs on that clock); otherwise it moves five years ahead here.
    const chosen = Object.hasOwn(Date, 'shifted');
    installShiftedClock('2031-02-28T16:00:00Z');
    expect(chosen || new Date().getUTCFullYear() >= 2031).toBe(true);
    const run = `clock-ahead-${process.pid}-${performance.now().toFixed(0)}`;
    const other = runPathOf(`${run}-other`, 'kept');
    writeFileSync(`${other}.ready`, '');
    try {
      const base = runPathOf(run, 'dump');
      let made = 0;
      const first = await oncePerRun(base, async () => {
        made++;
        writeFileSync(`${base}.tar`, 'seeded');
      });
      const second = await oncePerRun(base, async () => {
        made++;
      });
      expect([first, second, made]).toEqual([true, false, 1]);
      expect(readFileSync(`${base}.tar`, 'utf8')).toBe('seeded');
      expect(existsSync(`${other}.ready`)).toBe(true);
    } finally {
      rmSync(runDirOf(run), { recursive: true, force: true });
      rmSync(runDirOf(`${run}-other`), { recursive: true, force: true });
    }
  });
});
