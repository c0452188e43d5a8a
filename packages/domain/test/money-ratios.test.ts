/** percentOf and divideMoney (sales report rates): exact integer arithmetic against a 60-digit decimal.js oracle. */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideMoney, percentOf } from '../src/money.ts';

/** An oracle precise enough to be exact for these magnitudes, rounding half away from zero. */
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });
const fixed2 = (d: Decimal) => {
  const t = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return t === '-0.00' ? '0.00' : t;
};

describe('percentOf and divideMoney', () => {
  it('equal the exact quotient rounded half away from zero, for random counts and amounts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(1000), fc.nat(2 ** 31 - 1), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), fc.oneof(fc.nat(1000), fc.nat(2 ** 31 - 1), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), (part, whole) => {
        expect(percentOf(part, whole)).toBe(whole === 0 ? null : fixed2(new Exact(part).times(100).div(whole)));
      }),
      { numRuns: 2000 },
    );
    // Small amounts take the plain-integer path, large ones BigInt: both are drawn often.
    const money = fc.tuple(fc.boolean(), fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.bigInt({ min: 0n, max: 10n ** 16n - 1n })), fc.integer({ min: 0, max: 99 }))
      .map(([neg, int, sen]) => `${neg ? '-' : ''}${int}.${String(sen).padStart(2, '0')}`);
    fc.assert(
      fc.property(money, fc.oneof(fc.nat(1000), fc.nat(2 ** 31 - 1), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })), (amount, count) => {
        expect(divideMoney(amount, count)).toBe(count === 0 ? null : fixed2(new Exact(amount).div(count)));
      }),
      { numRuns: 2000 },
    );
  });

  it('round the half away from zero, accept fewer decimals, and refuse what is not money', () => {
    expect(percentOf(2, 3)).toBe('66.67');
    expect(percentOf(1, 8)).toBe('12.50');
    expect(percentOf(1, 80_000)).toBe('0.00');
    expect(percentOf(1, 40_000)).toBe('0.00');
    expect(percentOf(1, 20_000)).toBe('0.01');
    expect(divideMoney('10.00', 3)).toBe('3.33');
    expect(divideMoney('0.05', 2)).toBe('0.03');
    expect(divideMoney('-0.05', 2)).toBe('-0.03');
    expect(divideMoney('-0.01', 3)).toBe('0.00');
    expect(divideMoney('7', 2)).toBe('3.50');
    expect(divideMoney('1.005', 1)).toBe('1.01');
    expect(() => divideMoney('1e3', 2)).toThrow(RangeError);
    expect(() => percentOf(1.5, 2)).toThrow(RangeError);
  });
});
