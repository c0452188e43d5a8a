/**
 * The number formatters of shared/format.ts, property-tested over generated values (fast-check):
 * each one's text reads back to the value it was given (rounded as its kind says), is grouped by
 * thousands in every UI language, and has the number of decimals its kind allows.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { NO_VALUE, formatCount, formatDay, formatDecimal, formatMoney, formatPercent } from '../src/shared/format.ts';

const LANGS = ['en', 'ms', 'zh'] as const;
const lang = fc.constantFrom(...LANGS);

/** A decimal string as the API sends one: up to 16 integer digits and `decimals` decimals. */
const decimalString = (decimals: number) =>
  fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }), fc.bigInt({ min: 0n, max: 10n ** BigInt(decimals) - 1n }))
    .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${decimals ? `.${frac.toString().padStart(decimals, '0')}` : ''}`);

/** Grouped by thousands with ',' (en, ms and zh all group so). */
const GROUPED = /^-?\d{1,3}(,\d{3})*$/;
const read = (text: string) => new Decimal(text.replace(/[^\d.-]/g, ''));
const halfUp = (s: string, places: number) => new Decimal(s).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);

describe('formatCount', () => {
  it('writes any integer grouped by thousands, without decimals, reading back to itself', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), lang, (n, l) => {
        const text = formatCount(n.toString(), l);
        expect(text).toMatch(GROUPED);
        expect(text.replace(/,/g, '')).toBe(n.toString());
      }),
    );
    fc.assert(
      fc.property(fc.integer(), lang, (n, l) => {
        expect(formatCount(n, l).replace(/,/g, '')).toBe(String(n));
      }),
    );
  });

  it('drops the decimals of a numeric(18,2) count ("5.00" → "5"), rounding half away from zero', () => {
    fc.assert(
      fc.property(decimalString(2), lang, (s, l) => {
        const text = formatCount(s, l);
        expect(text).toMatch(GROUPED);
        const expected = halfUp(s, 0);
        expect(read(text).equals(expected)).toBe(true);
        if (expected.isZero()) expect(text).toBe('0');
      }),
    );
  });

  it('reads raw figures (79979, 5.00, 1000000.00) as the dashboard does', () => {
    expect(formatCount(79979, 'en')).toBe('79,979');
    expect(formatCount('5.00', 'ms')).toBe('5');
    expect(formatCount('1000000.00', 'zh')).toBe('1,000,000');
  });
});

describe('formatMoney (§3)', () => {
  it('writes symbol, thousands separators and exactly 2 decimals, reading back to the sen', () => {
    fc.assert(
      fc.property(decimalString(4), fc.constantFrom(['MYR', 'RM'], ['USD', '$'], ['SGD', 'S$']), (s, [code, symbol]) => {
        const text = formatMoney(s, code);
        const m = /^(-?)(\S+) ([\d,]+)\.(\d{2})$/.exec(text);
        expect(m).not.toBeNull();
        expect(m![2]).toBe(symbol);
        expect(m![3]).toMatch(GROUPED);
        expect(read(`${m![1]}${m![3]}.${m![4]}`).equals(halfUp(s, 2))).toBe(true);
      }),
    );
    expect(formatMoney('1000000.00', 'MYR')).toBe('RM 1,000,000.00');
  });
});

describe('formatPercent', () => {
  it('writes 2 to 4 decimals and " %", reading back to the rate rounded to 4 decimals', () => {
    fc.assert(
      fc.property(decimalString(6), lang, (s, l) => {
        const text = formatPercent(s, l);
        const m = /^(-?[\d,]+)\.(\d{2,4}) %$/.exec(text);
        expect(m).not.toBeNull();
        expect(m![1]).toMatch(GROUPED);
        expect(read(text.slice(0, -2)).equals(halfUp(s, 4))).toBe(true);
      }),
    );
    expect(formatPercent('1.8000', 'en')).toBe('1.80 %');
    expect(formatPercent('2.125', 'en')).toBe('2.125 %');
  });
});

describe('formatDecimal', () => {
  it('writes a grouped number with no trailing zero decimals, reading back to 2 decimals', () => {
    fc.assert(
      fc.property(decimalString(3), lang, (s, l) => {
        const text = formatDecimal(s, l);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{0,1}[1-9])?$/);
        expect(read(text).equals(halfUp(s, 2))).toBe(true);
      }),
    );
    expect(formatDecimal('7.00', 'en')).toBe('7');
  });
});

describe('absent and non-numeric values', () => {
  it('read "-" in every formatter', () => {
    const junk = fc.oneof(
      fc.constantFrom(null, undefined, '', ' ', 'abc', '1,000', '1e3', '--1', NaN, Infinity),
      fc.string().filter((s) => !/^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(s)),
    );
    fc.assert(
      fc.property(junk, lang, (v, l) => {
        expect(formatCount(v, l)).toBe(NO_VALUE);
        expect(formatPercent(v, l)).toBe(NO_VALUE);
        expect(formatDecimal(v, l)).toBe(NO_VALUE);
      }),
    );
  });
});

describe('formatDay (§9 DD-MM-YYYY)', () => {
  it('writes any business day day first, and any other text as it is', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        const iso = at.toISOString().slice(0, 10);
        const [y, m, d] = iso.split('-');
        expect(formatDay(iso)).toBe(`${d}-${m}-${y}`);
      }),
    );
    for (const other of ['', 'Today', '2026-3-1', '01-12-2026']) expect(formatDay(other)).toBe(other);
  });
});
