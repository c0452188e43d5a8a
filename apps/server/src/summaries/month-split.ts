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
 * ranges: whole months as monthSplit gives them, and each partial edge month
 * either as its days in the range (+) or, when that reads fewer rows, as the whole month minus
 * its days outside the range (−). Days after `today` ('YYYY-MM-DD', the MYT business day) are
 * costed as holding no rows, so "the last 30 days" reads this month as one monthly row per key
 * instead of up to 30 daily ones; they are still subtracted, so the answer stays exact whatever
 * they hold. `weekly`: the day ranges will be read as whole month-clipped weeks plus days
 * (weekSplit), so they are costed that way. Every day of the range is counted exactly once and every other day zero times
 * (month-split.test.ts). `from` ≤ `to`, calendar dates, no time-zone arithmetic.
 */
export function monthCover(from: string, to: string, today: string, weekly = false): MonthCover {
  const split = monthSplit(from, to);
  // Rows a day range costs: its days, or with `weekly` its whole clipped weeks plus the other
  // days (weekSplit); nothing after today.
  const cost = (a: string, b: string) => (weekly ? splitRows(a, b, today) : span(a, b < today ? b : today));
  const plus: [string, string][] = [];
  const minus: [string, string][] = [];
  let months = split.months;
  for (const [a, b] of split.days.flatMap(([x, y]) => byMonth(x, y))) {
    const start = monthStart(a);
    const end = addDays(monthStart(addMonths(a, 1)), -1);
    const inside = cost(a, b);
    const outside = cost(start, addDays(a, -1)) + cost(addDays(b, 1), end);
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

/** ISO day of the week of 'YYYY-MM-DD': 1 Monday … 7 Sunday. */
const isoWeekday = (day: string) => ((utc(day).getUTCDay() + 6) % 7) + 1;
/** The first day of a month-clipped week: a Monday or the 1st. */
const isWeekStart = (day: string) => isoWeekday(day) === 1 || day.endsWith('-01');
/** The last day of a month-clipped week: a Sunday or the month's last day. */
const isWeekEnd = (day: string) => isoWeekday(day) === 7 || isLastDay(day);

export interface WeekSplit {
  /** First day of the first and last day of the last whole month-clipped week, inclusive; null for none. */
  weeks: [string, string] | null;
  /** The days before and after them, inclusive ranges (0 to 2). */
  days: [string, string][];
}

/**
 * Splits the inclusive day range `from`..`to` ('YYYY-MM-DD', from ≤ to) into the whole
 * month-clipped weeks it covers and the days outside them. A month-clipped
 * week is the days a Monday-to-Sunday week shares with one calendar month (the row period of
 * sales_summary_org_weekly, keyed by its first day), so these weeks partition the calendar and
 * `weeks` is exactly the union of the clipped weeks whose first day lies in it.
 */
export function weekSplit(from: string, to: string): WeekSplit {
  let a = from;
  while (a <= to && !isWeekStart(a)) a = addDays(a, 1);
  let b = to;
  while (b >= a && !isWeekEnd(b)) b = addDays(b, -1);
  if (a > to || b < a) return { weeks: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < a) days.push([from, addDays(a, -1)]);
  if (b < to) days.push([addDays(b, 1), to]);
  return { weeks: [a, b], days };
}

/** Rows read for `a`..`b` as weekSplit reads it (a week row per clipped week, a row per day), none after `today`; 0 when b < a. */
function splitRows(a: string, b: string, today: string): number {
  if (b < a) return 0;
  const { weeks, days } = weekSplit(a, b);
  let rows = days.reduce((n, [x, y]) => n + span(x, y < today ? y : today), 0);
  if (weeks) for (let d = weeks[0]; d <= weeks[1] && d <= today; d = addDays(d, 1)) if (isWeekStart(d)) rows += 1;
  return rows;
}
