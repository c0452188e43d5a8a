/**
 * The demo's clock (seed/demo-clock.ts), over generated spans, seeds and instants: a person's act
 * falls inside its span and in MYT office hours (09:00–18:00) whenever the span holds any office
 * time; a machine's follows its event within its delay and never passes its bound; both are
 * deterministic from the seed; and a column of acts drawn over weeks never piles up on one instant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, after, inOfficeHours, mytDayOf, mytDayStartOf, officeTimeBetween } from '../../src/seed/demo-clock.ts';
import { Rng } from '../../src/seed/random.ts';

const instant = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') });
const span = fc.oneof(fc.integer({ min: 0, max: 20 * HOUR_MS }), fc.integer({ min: 0, max: 400 * DAY_MS }));

/** Whether [a, b] holds an office instant: `a` is one, or a 09:00 MYT opening falls in (a, b]. */
function holdsOfficeTime(a: number, b: number): boolean {
  if (b < a) return false;
  if (inOfficeHours(a)) return true;
  const opening = mytDayStartOf(mytDayOf(a)) + 9 * HOUR_MS;
  return (opening > a ? opening : opening + DAY_MS) <= b;
}

describe('officeTimeBetween', () => {
  it('answers an instant of the span, in office hours whenever the span has some, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), instant, span, (seed, a, length) => {
        const b = a + length;
        const at = officeTimeBetween(new Rng(seed), a, b);
        expect(at).toBeGreaterThanOrEqual(a);
        expect(at).toBeLessThanOrEqual(b);
        if (holdsOfficeTime(a, b)) expect(inOfficeHours(at), new Date(at).toISOString()).toBe(true);
        expect(officeTimeBetween(new Rng(seed), a, b)).toBe(at);
      }),
      { numRuns: 500 },
    );
  });

  it('answers the start of an empty span', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), instant, fc.integer({ min: 1, max: DAY_MS }), (seed, a, back) => {
      expect(officeTimeBetween(new Rng(seed), a, a - back)).toBe(a);
    }));
  });

  it('spreads a column of acts over weeks: no instant holds two thirds of them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), instant, fc.integer({ min: 3, max: 200 }), (seed, a, rows) => {
        const rng = new Rng(seed);
        const times = Array.from({ length: rows }, () => officeTimeBetween(rng, a, a + 30 * DAY_MS));
        const same = new Map<number, number>();
        for (const t of times) same.set(t, (same.get(t) ?? 0) + 1);
        expect(Math.max(...same.values())).toBeLessThan((2 * rows) / 3);
      }),
      { numRuns: 100 },
    );
  });
});

describe('after', () => {
  it('follows its event within the delay and never passes its bound unless the event does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), instant, fc.integer({ min: 0, max: HOUR_MS }), fc.integer({ min: 0, max: HOUR_MS }), fc.integer({ min: -HOUR_MS, max: 2 * HOUR_MS }), (seed, at, min, extra, bound) => {
        const t = after(new Rng(seed), at, min, min + extra, at + bound);
        expect(t).toBeGreaterThanOrEqual(at);
        expect(t).toBeLessThanOrEqual(at + min + extra);
        expect(t).toBeLessThanOrEqual(Math.max(at, at + bound));
      }),
      { numRuns: 300 },
    );
  });
});
