/**
 * Creation and change times of the demo's configuration rows (seed/config-times.ts), checked for
 * every table's window over generated seeds, `now`s and row counts: creation in the window (or the
 * autumn before a holiday's year), ids in time order, change ≥ creation, nothing in the future, and
 * never most rows on one instant (the defect: every configuration row shared one timestamp).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_TIME_WINDOWS, configRowTimes } from '../../src/seed/config-times.ts';
import { Rng } from '../../src/seed/random.ts';

const DAY_MS = 86_400_000;
const windows = CONFIG_TIME_WINDOWS.filter((w) => !w.yearOf);

describe('configRowTimes', () => {
  it.each(windows.map((w) => [w.table, w] as const))('%s: in its window, in id order, changed after creation, never in the future', (_table, w) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 120 }),
        (seed, now, count) => {
          const nowMs = now.getTime();
          const times = configRowTimes(new Rng(seed), nowMs, w, count);
          expect(times).toHaveLength(count);
          for (const [i, t] of times.entries()) {
            // Office hours of a day inside the window (a day's margin for the MYT day boundary).
            expect(t.createdAt).toBeLessThanOrEqual(nowMs - DAY_MS);
            expect(t.createdAt).toBeGreaterThanOrEqual(nowMs - (w.fromDays + 1) * DAY_MS);
            expect(t.createdAt).toBeLessThanOrEqual(nowMs - (w.toDays - 1) * DAY_MS);
            expect(t.updatedAt).toBeGreaterThanOrEqual(t.createdAt);
            expect(t.updatedAt).toBeLessThanOrEqual(nowMs);
            if (i > 0) expect(t.createdAt).toBeGreaterThanOrEqual(times[i - 1]!.createdAt);
          }
          if (count >= 3) {
            const same = new Map<number, number>();
            for (const t of times) same.set(t.createdAt, (same.get(t.createdAt) ?? 0) + 1);
            expect(Math.max(...same.values())).toBeLessThan((2 * count) / 3);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('dates a holiday in the autumn before its year, or a day or more before now when that is earlier', () => {
    const w = CONFIG_TIME_WINDOWS.find((x) => x.yearOf)!;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }), (seed, now) => {
        const nowMs = now.getTime();
        const years = [2026, 2026, 2026, 2027, 2027, 2027];
        const times = configRowTimes(new Rng(seed), nowMs, w, years.length, years);
        for (const [i, t] of times.entries()) {
          const autumnStart = Date.UTC(years[i]! - 1, 8, 1);
          expect(t.createdAt).toBeLessThanOrEqual(nowMs - DAY_MS);
          if (nowMs - DAY_MS - 21 * DAY_MS > autumnStart + 92 * DAY_MS) {
            expect(t.createdAt).toBeGreaterThanOrEqual(autumnStart);
            expect(t.createdAt).toBeLessThan(autumnStart + 92 * DAY_MS);
          }
          expect(t.updatedAt).toBeGreaterThanOrEqual(t.createdAt);
          expect(t.updatedAt).toBeLessThanOrEqual(nowMs);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("never dates a row before its floor (a terminal's outlet and device), and a change stays after its creation", () => {
    const w = CONFIG_TIME_WINDOWS.find((x) => x.notBefore)!;
    expect(w.table).toBe('terminals');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.option(fc.integer({ min: 95, max: 1500 }), { nil: null }), { minLength: 1, maxLength: 60 }), (seed, floorDays) => {
        const nowMs = Date.parse('2026-11-27T04:00:00Z');
        const floors = floorDays.map((d) => (d === null ? null : nowMs - d * DAY_MS));
        const times = configRowTimes(new Rng(seed), nowMs, w, floors.length, undefined, floors);
        for (const [i, t] of times.entries()) {
          if (floors[i] !== null) expect(t.createdAt).toBeGreaterThan(floors[i]!);
          expect(t.createdAt).toBeLessThanOrEqual(nowMs - (w.toDays - 1) * DAY_MS);
          expect(t.updatedAt).toBeGreaterThanOrEqual(t.createdAt);
          expect(t.updatedAt).toBeLessThanOrEqual(nowMs);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic: the same seed and now give the same times', () => {
    const w = CONFIG_TIME_WINDOWS[0]!;
    const now = Date.parse('2026-03-15T04:30:00Z');
    expect(configRowTimes(new Rng(5), now, w, 20)).toEqual(configRowTimes(new Rng(5), now, w, 20));
    expect(configRowTimes(new Rng(6), now, w, 20)).not.toEqual(configRowTimes(new Rng(5), now, w, 20));
  });
});
