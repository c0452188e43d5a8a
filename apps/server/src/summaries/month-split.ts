/**
 * Splits an inclusive MYT day range into the whole calendar months it covers (read from the
 * monthly rollup) and the edge days outside them (read from the daily table).
 */

export interface MonthSplit {
  /** Inclusive day ranges 'YYYY-MM-DD' to read day by day (0 to 2 of them). */
  days: [string, string][];
  /** First days of the first and last whole month, inclusive; null when no month is whole. */
  months: [string, string] | null;
}

/** `from` and `to` are 'YYYY-MM-DD' with from ≤ to (calendar dates, no time zone arithmetic). */
export function monthSplit(from: string, to: string): MonthSplit {
  const firstWhole = from.endsWith('-01') ? from : monthStart(addMonths(from, 1));
  const lastWholeStart = isLastDay(to) ? monthStart(to) : monthStart(addMonths(to, -1));
  if (firstWhole > lastWholeStart) return { days: [[from, to]], months: null };
  const days: [string, string][] = [];
  if (from < firstWhole) days.push([from, addDays(firstWhole, -1)]);
  const afterLast = monthStart(addMonths(lastWholeStart, 1));
  if (afterLast <= to) days.push([afterLast, to]);
  return { days, months: [firstWhole, lastWholeStart] };
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const text = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function addMonths(day: string, n: number): string {
  const d = utc(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + n);
  return text(d);
}
function addDays(day: string, n: number): string {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return text(d);
}
function isLastDay(day: string): boolean {
  return addDays(day, 1).endsWith('-01');
}

/** A day range 'YYYY-MM-DD' (inclusive) counted with a sign: +1 added, −1 subtracted. */
export interface SignedDays {
  from: string;
  to: string;
  sign: 1 | -1;
}

export interface MonthCover {
  /** Day ranges to read day by day, added or subtracted. */
  days: SignedDays[];
  /** First days of the first and last month read whole from the monthly rollup, inclusive; null for none. */
  months: [string, string] | null;
}

/**
 * The cheapest cover of the inclusive day range `from`..`to` by whole months and signed day
 * ranges (issue 10 Build 5): whole months as monthSplit gives them, and each partial edge month
 * either as its days in the range (+) or, when that reads fewer rows, as the whole month minus
 * its days outside the range (−). Days after `today` ('YYYY-MM-DD', the MYT business day) are
 * costed as holding no rows, so "the last 30 days" reads this month as one monthly row per key
 * instead of up to 30 daily ones; they are still subtracted, so the answer stays exact whatever
 * they hold. Every day of the range is counted exactly once and every other day zero times
 * (month-split.test.ts). `from` ≤ `to`, calendar dates, no time-zone arithmetic.
 */
export function monthCover(from: string, to: string, today: string): MonthCover {
  const split = monthSplit(from, to);
  const plus: [string, string][] = [];
  const minus: [string, string][] = [];
  let months = split.months;
  for (const [a, b] of split.days.flatMap(([x, y]) => byMonth(x, y))) {
    const start = monthStart(a);
    const end = addDays(monthStart(addMonths(a, 1)), -1);
    const inside = span(a, b < today ? b : today);
    const outside = span(start, addDays(a, -1)) + span(addDays(b, 1), end < today ? end : today);
    if (1 + outside >= inside) {
      plus.push([a, b]);
      continue;
    }
    if (a > start) minus.push([start, addDays(a, -1)]);
    if (b < end) minus.push([addDays(b, 1), end]);
    months = months ? [start < months[0] ? start : months[0], start > months[1] ? start : months[1]] : [start, start];
  }
  return { days: [...merged(plus).map(([f, t]) => ({ from: f, to: t, sign: 1 as const })), ...merged(minus).map(([f, t]) => ({ from: f, to: t, sign: -1 as const }))], months };
}

/** Days from `a` to `b` inclusive; 0 when b < a. */
function span(a: string, b: string): number {
  return b < a ? 0 : Math.round((utc(b).getTime() - utc(a).getTime()) / 86_400_000) + 1;
}

/** An inclusive day range cut at month boundaries. */
function byMonth(a: string, b: string): [string, string][] {
  const out: [string, string][] = [];
  for (let s = a; s <= b; s = monthStart(addMonths(s, 1))) {
    const end = addDays(monthStart(addMonths(s, 1)), -1);
    out.push([s, end < b ? end : b]);
  }
  return out;
}

/** Sorted ranges with adjacent ones joined (fewer statement parts). */
function merged(ranges: [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  for (const [a, b] of [...ranges].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const last = out[out.length - 1];
    if (last && addDays(last[1], 1) === a) last[1] = b;
    else out.push([a, b]);
  }
  return out;
}
