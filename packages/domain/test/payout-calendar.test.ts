/**
 * The payout calendar (payout-calendar.ts) over generated calendars: for any
 * business day, T+X (0–30) and set of holidays (nationwide or of some states) and any payee state,
 * the payout date is a payout day (a weekday that is not a holiday of the payee), never before the
 * business day, with exactly X payout days after the business day up to it (T+0: the first payout
 * day on or after the business day).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPayoutDay, payoutDate, type PayoutHoliday } from '../src/payout-calendar.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const dayOf = (n: number) => new Date(START + n * DAY_MS).toISOString().slice(0, 10);
const STATES = ['MY-01', 'MY-02', 'MY-10', 'MY-14'];

const holiday: fc.Arbitrary<PayoutHoliday> = fc.record({
  date: fc.integer({ min: 0, max: 900 }).map(dayOf),
  states: fc.oneof(fc.constant([] as string[]), fc.subarray(STATES, { minLength: 1 })),
});

describe('payoutDate', () => {
  it('lands on a payout day of the payee, X payout days after the business day, never a weekend or holiday', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }).map(dayOf),
        fc.integer({ min: 0, max: 30 }),
        fc.array(holiday, { maxLength: 40 }),
        fc.option(fc.constantFrom(...STATES), { nil: undefined }),
        (businessDay, days, holidays, state) => {
          const paid = payoutDate(businessDay, days, holidays, { state });
          const weekday = new Date(`${paid}T00:00:00Z`).getUTCDay();
          expect(weekday === 0 || weekday === 6).toBe(false);
          const closed = holidays.some((h) => h.date === paid && (h.states?.length === 0 || (state !== undefined && h.states?.includes(state))));
          expect(closed).toBe(false);
          expect(isPayoutDay(paid, holidays, { state })).toBe(true);
          expect(paid >= businessDay).toBe(true);
          // Count the payout days in (businessDay, paid]: exactly `days` (T+0 counts none and may be the day itself).
          let count = 0;
          for (let ms = Date.parse(`${businessDay}T00:00:00Z`) + DAY_MS; ms <= Date.parse(`${paid}T00:00:00Z`); ms += DAY_MS) {
            if (isPayoutDay(new Date(ms).toISOString().slice(0, 10), holidays, { state })) count++;
          }
          if (days > 0) expect(count).toBe(days);
          else expect(paid === businessDay ? isPayoutDay(businessDay, holidays, { state }) : count === 1 && !isPayoutDay(businessDay, holidays, { state })).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses a malformed day or a negative or fractional T+X', () => {
    expect(() => payoutDate('2026-02-30', 1, [])).toThrow(RangeError);
    expect(() => payoutDate('2026-01-05', -1, [])).toThrow(RangeError);
    expect(() => payoutDate('2026-01-05', 1.5, [])).toThrow(RangeError);
  });
});
