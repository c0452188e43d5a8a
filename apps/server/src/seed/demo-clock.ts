/**
 * Believable instants for the demo's records. People act in MYT office hours (09:00–18:00 in
 * Asia/Kuala_Lumpur, UTC+8 all year: Malaysia keeps no daylight saving); machines (a job, a
 * terminal, a provider's file drop) act at any hour. Pure functions over UTC epoch milliseconds,
 * drawing from the seed's Rng (random.ts), so the same seed and `now` give the same times.
 */
import { mytDayStart } from './generate.ts';
import type { Rng } from './random.ts';

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Office hours in MYT: from 09:00 to 18:00. */
export const OFFICE_OPENS_MS = 9 * HOUR_MS;
export const OFFICE_CLOSES_MS = 18 * HOUR_MS;

/** Whether UTC instant `ms` falls in MYT office hours (09:00 inclusive to 18:00 exclusive). */
export function inOfficeHours(ms: number): boolean {
  const t = ms - mytDayStart(ms);
  return t >= OFFICE_OPENS_MS && t < OFFICE_CLOSES_MS;
}

/** The first instant (UTC ms) of MYT day `day` ('YYYY-MM-DD'). Throws on a malformed day. */
export function mytDayStartOf(day: string): number {
  const ms = Date.parse(`${day}T00:00:00+08:00`);
  if (Number.isNaN(ms)) throw new RangeError(`not a day: ${day}`);
  return ms;
}

/** The MYT calendar day ('YYYY-MM-DD') of UTC instant `ms`. */
export const mytDayOf = (ms: number): string => new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 10);

/**
 * An instant (UTC ms, whole second) in MYT office hours between `notBefore` and `notAfter`, both
 * inclusive, drawn evenly over the office time the span holds (one draw of `rng`). A span holding
 * no office time (a few hours at night) answers an instant of the span itself; a span that is
 * empty (`notAfter` < `notBefore`) answers `notBefore`. Walks the span day by day: meant for spans
 * of days or years, not centuries.
 */
export function officeTimeBetween(rng: Rng, notBefore: number, notAfter: number): number {
  const u = rng.next();
  if (notAfter <= notBefore) return notBefore;
  const windows: [number, number][] = [];
  for (let day = mytDayStart(notBefore); day <= notAfter; day += DAY_MS) {
    const from = Math.max(day + OFFICE_OPENS_MS, notBefore);
    const to = Math.min(day + OFFICE_CLOSES_MS - 1, notAfter);
    if (to >= from) windows.push([from, to]);
  }
  const total = windows.reduce((s, [a, b]) => s + (b - a), 0);
  if (!windows.length) return wholeSecondIn(notBefore + u * (notAfter - notBefore), notBefore, notAfter);
  let left = u * total;
  for (const [a, b] of windows) {
    if (left <= b - a) return wholeSecondIn(a + left, a, b);
    left -= b - a;
  }
  const [a, b] = windows[windows.length - 1]!;
  return wholeSecondIn(b, a, b);
}

/** `ms` rounded down to the second, kept inside [lo, hi]. */
function wholeSecondIn(ms: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Math.floor(ms / SECOND_MS) * SECOND_MS));
}

/**
 * A machine's instant: `at` plus a delay drawn in [minMs, maxMs] (one draw), cut to `notAfter`
 * when later; `at` itself when `notAfter` is before it. For a job or a device that follows an
 * event by seconds or minutes.
 */
export function after(rng: Rng, at: number, minMs: number, maxMs: number, notAfter: number = Number.POSITIVE_INFINITY): number {
  const d = minMs + Math.floor(rng.next() * (maxMs - minMs + 1));
  return Math.max(at, Math.min(at + d, notAfter));
}

/** A dated step of a demo story: what a person or a job did at `at` (UTC ms). */
export interface DatedStep {
  at: number;
  run: () => Promise<unknown>;
}

/**
 * Runs `steps` one after another in time order (steps at the same instant in the order given),
 * so that ids and event logs follow the time of the story across records.
 */
export async function runInTimeOrder(steps: readonly DatedStep[]): Promise<void> {
  const ordered = steps.map((s, i) => ({ s, i })).sort((a, b) => a.s.at - b.s.at || a.i - b.i);
  for (const { s } of ordered) await s.run();
}
