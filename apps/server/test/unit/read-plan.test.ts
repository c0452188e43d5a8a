/**
 * The sources of a summary read (summaries/query.ts planRead, month-split.ts weekSplit): for random
 * ranges, todays and period groups, the parts count every day of the range once and no other day,
 * the weekly parts are whole month-clipped weeks, and the weekly organization rollup never makes
 * a read cost more rows than the same plan without it.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { weekSplit } from '../../src/summaries/month-split.ts';
import { planRead, type ReadPlan } from '../../src/summaries/query.ts';

const DAY = 86_400_000;
const BASE = Date.UTC(2024, 0, 1);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (d: string) => Date.parse(`${d}T00:00:00Z`);
const daysOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = at(from); day(t) <= to; t += DAY) out.push(day(t));
  return out;
};
/** The oracle of a month-clipped week: the later of the day's Monday and its month's 1st. */
const clippedWeekStart = (d: string) => {
  const monday = day(at(d) - ((new Date(at(d)).getUTCDay() + 6) % 7) * DAY);
  const first = `${d.slice(0, 7)}-01`;
  return monday > first ? monday : first;
};
const monthEnd = (first: string) => day(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)), 0));
const range = fc.tuple(fc.integer({ min: 0, max: 1100 }), fc.integer({ min: 0, max: 400 })).map(([s, n]) => [day(BASE + s * DAY), day(BASE + (s + n) * DAY)] as const);

describe('weekSplit', () => {
  it('splits random ranges into whole month-clipped weeks and at most a partial week of days at each end', () => {
    fc.assert(
      fc.property(range, ([from, to]) => {
        const { weeks, days } = weekSplit(from, to);
        const covered = days.flatMap(([a, b]) => daysOf(a, b));
        if (weeks) {
          expect(clippedWeekStart(weeks[0])).toBe(weeks[0]);
          // The day after the last one starts another clipped week: the last week is whole.
          expect(clippedWeekStart(day(at(weeks[1]) + DAY))).toBe(day(at(weeks[1]) + DAY));
          covered.push(...daysOf(weeks[0], weeks[1]));
        }
        expect(covered.sort()).toEqual(daysOf(from, to));
        // Leading days hold no week start, trailing days no week end: no whole week is left as days.
        for (const [a, b] of days) {
          const starts = daysOf(a, b).filter((d) => clippedWeekStart(d) === d);
          const ends = daysOf(a, b).filter((d) => clippedWeekStart(day(at(d) + DAY)) === day(at(d) + DAY));
          expect(starts.length === 0 || ends.length === 0 || starts[0]! > ends.at(-1)!).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads the six October edge days of a 30-day window as one week', () => {
    expect(weekSplit('2026-10-26', '2026-10-31')).toEqual({ weeks: ['2026-10-26', '2026-10-31'], days: [] });
    expect(weekSplit('2026-10-25', '2026-10-31')).toEqual({ weeks: ['2026-10-26', '2026-10-31'], days: [['2026-10-25', '2026-10-25']] });
    expect(weekSplit('2026-11-03', '2026-11-07')).toEqual({ weeks: null, days: [['2026-11-03', '2026-11-07']] });
  });
});

/** Every day's count in a plan (+1/−1 per part holding it) and the rows it reads per key (nothing after today). */
function tally(plan: ReadPlan, today: string): { count: Map<string, number>; rows: number } {
  const count = new Map<string, number>();
  const add = (d: string, n: number) => count.set(d, (count.get(d) ?? 0) + n);
  let rows = 0;
  for (const r of [...plan.dailyDays, ...plan.rawDays]) {
    for (const d of daysOf(r.from, r.to)) {
      add(d, r.sign);
      if (d <= today) rows += 1;
    }
  }
  for (const r of plan.weeklyDays) {
    for (const d of daysOf(r.from, r.to)) {
      add(d, r.sign);
      if (clippedWeekStart(d) === d && d <= today) rows += 1;
    }
  }
  if (plan.months) {
    for (const m of daysOf(...plan.months).filter((d) => d.endsWith('-01'))) {
      rows += 1;
      for (const d of daysOf(m, monthEnd(m))) add(d, 1);
    }
  }
  return { count, rows };
}

describe('planRead', () => {
  it('counts each day of random ranges once at every level and grain, the weekly rollup reading no more rows than days', () => {
    fc.assert(
      fc.property(range, fc.integer({ min: -40, max: 900 }), fc.integer({ min: 0, max: 5 }), fc.constantFrom('day' as const, 'week' as const, null), fc.boolean(), ([from, to], todayAt, level, grain, needsMethod) => {
        const today = day(at(from) + todayAt * DAY);
        const plan = planRead(level, false, needsMethod, grain, from, to, today);
        const { count, rows } = tally(plan, today);
        for (const [d, n] of count) expect(n, d).toBe(d >= from && d <= to ? 1 : 0);
        for (const d of daysOf(from, to)) expect(count.get(d), d).toBe(1);
        expect(plan.weeklyDays.length > 0 ? plan.tables.weekly : 'none').not.toBeNull();
        if (grain === 'day' || needsMethod) expect(plan.weeklyDays).toEqual([]);
        if (grain !== null) expect(plan.months).toBeNull();
        // The same question on the sales tables (no weekly table) reads at least as many rows.
        expect(rows).toBeLessThanOrEqual(tally(planRead(level, false, true, grain, from, to, today), today).rows);
      }),
      { numRuns: 500 },
    );
    // 500 ranges of up to 400 days, every day walked twice: seconds of CPU when other test files share the cores.
  }, 30_000);

  it('reads a platform-wide 30-day window ending yesterday as one October week, November whole minus the days after today', () => {
    const plan = planRead(4, false, false, null, '2026-10-26', '2026-11-24', '2026-11-25');
    expect(plan.weeklyDays).toEqual([{ from: '2026-10-26', to: '2026-10-31', sign: 1 }, { from: '2026-11-30', to: '2026-11-30', sign: -1 }]);
    expect(plan.dailyDays).toEqual([{ from: '2026-11-25', to: '2026-11-29', sign: -1 }]);
    expect(plan.months).toEqual(['2026-11-01', '2026-11-01']);
  });
});
