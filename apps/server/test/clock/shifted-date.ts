/**
 * Runs the process on a chosen clock: `installShiftedClock(at)` replaces the global `Date` with a
 * subclass whose `Date.now()` and argument-less `new Date()` answer the real time moved by a fixed
 * offset, so the clock starts at `at` and then runs at real speed. Everything in the process reads
 * it: the server's injected clock, the demo generator, the client's channel timestamps, pg-boss,
 * and embedded PGlite, whose `now()` comes from the WASM runtime's `Date.now()`. PostgreSQL's
 * `now()` is the server's wall clock, so a shifted run is a PGlite run.
 *
 * Why not fake timers: `vi.useFakeTimers({ toFake: ['Date'] })` moves time in steps (20 ms with
 * `shouldAdvanceTime`), which makes two rows written in one step equal in time and stalls waits
 * on the clock; the suite needs a clock that runs. Timers are untouched.
 *
 * `at`: any instant `Date.parse` reads (ISO 8601 with a zone, e.g. "2028-02-29T15:55:00Z").
 * `origin`: the real time (epoch ms) at which the clock reads `at`; now by default. Processes
 * given one origin read one time. Throws on an unreadable instant. Installing twice keeps the
 * first clock.
 */
export function installShiftedClock(at: string, origin?: number): void {
  const target = Date.parse(at);
  if (Number.isNaN(target)) throw new Error(`PAYDESK_TEST_CLOCK: not an instant: ${at}`);
  const Real = Date;
  if (Object.hasOwn(Real, 'shifted')) return;
  const offset = target - (origin ?? Real.now());
  const now = () => Real.now() + offset;
  // A function, not a subclass, so that `Date()` called without `new` still answers the time as
  // text; instances are real Dates (the prototype is shared, `instanceof Date` holds).
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new Real(now()).toString();
    return args.length === 0 ? new Real(now()) : (Reflect.construct(Real, args) as Date);
  }
  const shifted: DateConstructor = Object.assign(ShiftedDate as DateConstructor, { now, parse: Real.parse, UTC: Real.UTC, shifted: true });
  Object.defineProperty(shifted, 'prototype', { value: Real.prototype });
  globalThis.Date = shifted;
}
