import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMoney, formatAmount, formatDateTime, isBeforeNow, parseMoney, sumMoney } from '../src/index.ts';

/** Decimal notation (sign, digits, point, exponent) and finite doubles: what money functions read. */
const decimalValue: fc.Arbitrary<string | number> = fc.oneof(
  fc
    .record({
      sign: fc.constantFrom('', '-', '+'),
      int: fc.stringMatching(/^\d{0,20}$/),
      point: fc.boolean(),
      frac: fc.stringMatching(/^\d{0,12}$/),
      exp: fc.option(fc.integer({ min: -40, max: 40 })),
    })
    .filter((p) => p.int !== '' || (p.point && p.frac !== ''))
    .map((p) => `${p.sign}${p.int}${p.point ? `.${p.frac}` : ''}${p.exp === null ? '' : `e${p.exp}`}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

describe('formatAmount (§3)', () => {
  it.each([
    ['1234567.5', 'MYR', 'RM 1,234,567.50'],
    ['1234567.50', 'myr', 'RM 1,234,567.50'],
    [1234567.5, 'MYR', 'RM 1,234,567.50'],
    ['0', 'MYR', 'RM 0.00'],
    ['999.995', 'MYR', 'RM 1,000.00'],
    ['0.005', 'MYR', 'RM 0.01'],
    ['-5', 'MYR', '-RM 5.00'],
    ['-0.001', 'MYR', 'RM 0.00'],
    ['10', 'USD', '$ 10.00'],
    ['1', 'xyz', 'XYZ 1.00'],
    ['12345678901234.56', 'MYR', 'RM 12,345,678,901,234.56'],
  ] as const)('%j %s → %s', (value, currency, expected) => {
    expect(formatAmount(value, currency)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', '1,000', 'NaN', 'Infinity', '0x10', '1_000', ' 12', '.', '-', '1e', Number.NaN, Number.POSITIVE_INFINITY])('%j → "-"', (value) => {
    expect(formatAmount(value, 'MYR')).toBe('-');
  });

  /** What formatAmount answered when it rounded with decimal.js (ROUND_HALF_UP is half away from zero). */
  function byDecimalJs(value: string | number): string {
    const rounded = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const [int = '0', frac = '00'] = rounded.abs().toFixed(2).split('.');
    return `${rounded.isNegative() && !rounded.isZero() ? '-' : ''}RM ${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
  }

  it('rounds any decimal text or finite number exactly as decimal.js does', () => {
    fc.assert(fc.property(decimalValue, (value) => formatAmount(value, 'MYR') === byDecimalJs(value)), { numRuns: 2000 });
  });
});

describe('sumMoney and compareMoney agree with decimal.js, which they no longer load', () => {
  const Exact = Decimal.clone({ precision: 1_000 });

  it('sums any list of decimal texts and numbers to the same 2-decimal total', () => {
    fc.assert(
      fc.property(fc.array(decimalValue, { maxLength: 8 }), (values) => {
        // decimal.js rounds a sum to 20 significant digits unless told otherwise, and writes a
        // negative total that rounds to zero "-0.00"; sumMoney is exact and writes "0.00".
        const total = values.reduce<Decimal>((sum, v) => sum.plus(v), new Exact(0)).toFixed(2);
        return sumMoney(values) === (total === '-0.00' ? '0.00' : total);
      }),
      { numRuns: 1000 },
    );
  });

  it('orders any two decimal texts as decimal.js does', () => {
    const text = decimalValue.filter((v): v is string => typeof v === 'string');
    fc.assert(fc.property(text, text, (a, b) => compareMoney(a, b) === new Decimal(a).comparedTo(new Decimal(b))), { numRuns: 1000 });
  });

  it('sums a list longer than a spread may take', () => {
    expect(sumMoney(Array.from({ length: 300_000 }, () => '0.01'))).toBe('3000.00');
  });

  it('refuses what is not a decimal number, naming it', () => {
    expect(() => sumMoney(['1.00', '1,000'])).toThrow(/1,000/);
    expect(() => compareMoney('0x10', '1')).toThrow(RangeError);
  });
});

describe('formatDateTime (§3, §9)', () => {
  it.each([
    ['2026-01-01T16:30:00Z', '02-01-2026 00:30:00'],
    ['2026-01-01T15:59:59Z', '01-01-2026 23:59:59'],
    ['2026-01-01T00:00:00+08:00', '01-01-2026 00:00:00'],
    ['2026-03-05T01:02:03.456Z', '05-03-2026 09:02:03'],
    ['2026-01-01T16:30:00', '02-01-2026 00:30:00'],
    [1767285000000, '02-01-2026 00:30:00'],
    [new Date('2025-12-31T16:00:00Z'), '01-01-2026 00:00:00'],
  ] as const)('%j → %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'not a date'])('%j → "-"', (value) => {
    expect(formatDateTime(value)).toBe('-');
  });
});

describe('isBeforeNow (§5 helper)', () => {
  it('is true for a past instant and false for a future, invalid or empty one', () => {
    expect(isBeforeNow('2000-01-01T00:00:00Z')).toBe(true);
    expect(isBeforeNow(new Date(0))).toBe(true);
    expect(isBeforeNow('2999-01-01T00:00:00Z')).toBe(false);
    expect(isBeforeNow('not a date')).toBe(false);
    expect(isBeforeNow('')).toBe(false);
  });
});

describe('parseMoney', () => {
  it.each([
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['12.50', '12.50'],
    ['12.', '12.00'],
    ['.5', '0.50'],
    ['.05', '0.05'],
    ['0', '0.00'],
    ['007.10', '7.10'],
    ['-3.2', '-3.20'],
    ['-0', '0.00'],
    ['-0.00', '0.00'],
    [' 42 ', '42.00'],
    ['1234567890123456.99', '1234567890123456.99'],
  ])('%j → %s', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it.each(['', ' ', '.', '-', '12.345', '1,000', '1e3', '+1', 'RM12', '12 .5', 'abc', 'NaN', '١٢', '12345678901234567', '--1', '0x10'])(
    '%j → null',
    (input) => {
      expect(parseMoney(input)).toBeNull();
    },
  );

  it('is null for non-strings', () => {
    expect(parseMoney(12 as unknown as string)).toBeNull();
    expect(parseMoney(null as unknown as string)).toBeNull();
  });

  it('round-trips every amount of up to 16 integer digits and 2 decimals exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), (cents) => {
        const neg = cents < 0n;
        const abs = (neg ? -cents : cents).toString().padStart(3, '0');
        const text = `${neg ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
        const expected = `${neg ? '-' : ''}${abs.slice(0, -2).replace(/^0+(?=\d)/, '')}.${abs.slice(-2)}`;
        return parseMoney(text) === expected;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('compareMoney', () => {
  it('compares exactly, across scales and signs', () => {
    expect(compareMoney('1.5', '1.50')).toBe(0);
    expect(compareMoney('0.10', '0.2')).toBe(-1);
    expect(compareMoney('10.00', '9.99')).toBe(1);
    expect(compareMoney('-1.00', '0.00')).toBe(-1);
    expect(compareMoney('9999999999999999.99', '9999999999999999.98')).toBe(1);
    expect(['10.00', '2.50', '-1.00', '2.5'].sort(compareMoney)).toEqual(['-1.00', '2.50', '2.5', '10.00']);
  });

  it('throws on a non-decimal argument', () => {
    expect(() => compareMoney('abc', '1.00')).toThrow();
  });

  it('agrees with integer comparison of sen', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (a, b) => {
        const money = (c: bigint) => {
          const abs = (c < 0n ? -c : c).toString().padStart(3, '0');
          return `${c < 0n ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
        };
        return compareMoney(money(a), money(b)) === (a < b ? -1 : a > b ? 1 : 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('sumMoney adds without float error', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([])).toBe('0.00');
  });
});
