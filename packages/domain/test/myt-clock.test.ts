/**
 * formatMytDateTime (export speed) against the zone database: identical text for random
 * instants 1970–2100, and for runs of nearby instants, which go through its per-day cache
 * (same day, day and year boundaries, going back in time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMytDateTime } from '../src/index.ts';

const instant = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59.999Z'), noInvalidDate: true });

describe('formatMytDateTime equals dayjs tz (Asia/Kuala_Lumpur) formatting', () => {
  // dayjs tz, the reference, takes up to ~1 ms a call on a loaded machine: hence the run counts and limits.
  it('for random instants 1970–2100', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(instant, (d) => {
        expect(formatMytDateTime(d)).toBe(formatDateTime(d));
      }),
      { numRuns: 1_000 },
    );
  });

  it('for random runs of nearby instants, forwards and backwards across day boundaries', { timeout: 60_000 }, () => {
    const step = fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 });
    fc.assert(
      fc.property(instant, fc.array(step, { minLength: 1, maxLength: 30 }), (start, steps) => {
        let ms = start.getTime();
        for (const s of steps) {
          ms += s;
          const d = new Date(ms);
          expect(formatMytDateTime(d)).toBe(formatDateTime(d));
        }
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ['1999-12-31T15:59:59.999Z', '31-12-1999 23:59:59'],
    ['1999-12-31T16:00:00.000Z', '01-01-2000 00:00:00'],
    ['2100-02-28T16:00:00Z', '01-03-2100 00:00:00'],
    ['1970-01-01T00:00:00Z', formatDateTime('1970-01-01T00:00:00Z')],
  ])('%s → %s', (iso, expected) => {
    expect(formatMytDateTime(new Date(iso))).toBe(expected);
  });
});
