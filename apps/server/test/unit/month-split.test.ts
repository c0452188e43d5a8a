/** The day/month split of a summary read (summaries/month-split.ts): for random ranges it covers each day exactly once. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { monthSplit } from '../../src/summaries/month-split.ts';

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
});
