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
