/** The day/month split of a summary read (summaries/month-split.ts): for random ranges it covers each day exactly once. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { monthCover, monthSplit } from '../../src/summaries/month-split.ts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); day(t) <= to; t += DAY) out.push(day(t));
  return out;
}

describe('monthSplit', () => {
  it('for random ranges, covers each day once: edge days plus whole months, months only when whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1100 }), fc.integer({ min: 0, max: 800 }), (start, len) => {
        const from = day(BASE + start * DAY);
        const to = day(BASE + (start + len) * DAY);
        const split = monthSplit(from, to);
        const covered: string[] = split.days.flatMap(([a, b]) => {
          expect(a <= b).toBe(true);
          return daysOf(a, b);
        });
        if (split.months) {
          const [a, b] = split.months;
          expect(a.endsWith('-01') && b.endsWith('-01') && a <= b).toBe(true);
          const lastDay = day(Date.UTC(Number(b.slice(0, 4)), Number(b.slice(5, 7)), 0));
          covered.push(...daysOf(a, lastDay));
        }
        expect(covered.sort()).toEqual(daysOf(from, to));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a single day, a whole month and a leap February as expected', () => {
    expect(monthSplit('2026-03-15', '2026-03-15')).toEqual({ days: [['2026-03-15', '2026-03-15']], months: null });
    expect(monthSplit('2026-03-01', '2026-03-31')).toEqual({ days: [], months: ['2026-03-01', '2026-03-01'] });
    expect(monthSplit('2024-01-31', '2024-03-01')).toEqual({ days: [['2024-01-31', '2024-01-31'], ['2024-03-01', '2024-03-01']], months: ['2024-02-01', '2024-02-01'] });
  });

  /** The last day of the month starting on `first`, and the first days of months in a range. */
  const monthLastDay = (first: string) => day(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0));
  const monthsOf = (a: string, b: string) => daysOf(a, b).filter((d) => d.endsWith('-01'));

  it('monthCover: for random ranges and todays, counts each day of the range once and no other day, reading no more than monthSplit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1100 }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: -40, max: 900 }), (start, len, todayAt) => {
        const from = day(BASE + start * DAY);
        const to = day(BASE + (start + len) * DAY);
        const today = day(BASE + (start + todayAt) * DAY);
        const cover = monthCover(from, to, today);
        const count = new Map<string, number>();
        const add = (d: string, n: number) => count.set(d, (count.get(d) ?? 0) + n);
        // Rows read per key: a month row is 1, a day is 1 unless after `today` (it holds no rows).
        let read = 0;
        for (const r of cover.days) {
          expect(r.from <= r.to).toBe(true);
          for (const d of daysOf(r.from, r.to)) {
            add(d, r.sign);
            if (d <= today) read += 1;
          }
        }
        if (cover.months) {
          const [a, b] = cover.months;
          expect(a.endsWith('-01') && b.endsWith('-01') && a <= b).toBe(true);
          for (const m of monthsOf(a, b)) {
            read += 1;
            for (const d of daysOf(m, monthLastDay(m))) add(d, 1);
          }
        }
        for (const [d, n] of count) expect(n, d).toBe(d >= from && d <= to ? 1 : 0);
        for (const d of daysOf(from, to)) expect(count.get(d), d).toBe(1);
        const split = monthSplit(from, to);
        const splitRead = split.days.reduce((n, [a, b]) => n + daysOf(a, b).filter((d) => d <= today).length, 0) + (split.months ? monthsOf(...split.months).length : 0);
        expect(read).toBeLessThanOrEqual(splitRead);
      }),
      { numRuns: 500 },
    );
    // 500 ranges of up to 800 days, every day walked: seconds of CPU when the other test files share the cores.
  }, 30_000);

  it('monthCover reads the last 30 days as the earlier month days plus this month whole', () => {
    expect(monthCover('2026-10-27', '2026-11-25', '2026-11-25')).toEqual({ days: [{ from: '2026-10-27', to: '2026-10-31', sign: 1 }, { from: '2026-11-26', to: '2026-11-30', sign: -1 }], months: ['2026-11-01', '2026-11-01'] });
    // A range that is most of a past month: the month minus its edges.
    expect(monthCover('2026-03-03', '2026-03-29', '2026-11-25')).toEqual({ days: [{ from: '2026-03-01', to: '2026-03-02', sign: -1 }, { from: '2026-03-30', to: '2026-03-31', sign: -1 }], months: ['2026-03-01', '2026-03-01'] });
    // A few days stay days.
    expect(monthCover('2026-03-10', '2026-03-12', '2026-11-25')).toEqual({ days: [{ from: '2026-03-10', to: '2026-03-12', sign: 1 }], months: null });
  });
});
