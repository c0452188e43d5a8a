/**
 * The NRIC and SSM validators (identity-numbers.ts), table-tested at their edges — leap days
 * (000229 is 2000-02-29; 010229 exists in neither century), month and day bounds, every
 * place-of-birth code range's edges, both SSM formats — and by property: every generated valid
 * NRIC is accepted (with or without dashes, stored with them), and corrupting one character of its
 * date (a non-digit, or a day past the month's end) is refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNricPlaceCode, normalizeNric, normalizeSsmOldRegNo, normalizeSsmRegNo, nricBirthDate } from '../src/identity-numbers.ts';

/** A fixed "today" so the century rule does not move with the clock. */
const TODAY = new Date('2026-11-26T00:00:00Z');

describe('NRIC birth date', () => {
  it.each([
    ['000229', '2000-02-29'],
    ['960229', '1996-02-29'],
    ['040229', '2004-02-29'],
    ['010229', null],
    ['970229', null],
    ['000230', null],
    ['991231', '1999-12-31'],
    ['000101', '2000-01-01'],
    ['261126', '2026-11-26'],
    ['261127', '1926-11-27'],
    ['900001', null],
    ['901301', null],
    ['900100', null],
    ['900431', null],
    ['900430', '1990-04-30'],
    ['90010', null],
    ['9001011', null],
  ])('%s is %s', (yymmdd, expected) => expect(nricBirthDate(yymmdd, TODAY)).toBe(expected));
});

describe('NRIC place-of-birth codes', () => {
  const valid = [1, 16, 21, 59, 60, 68, 71, 72, 74, 79, 82, 93, 98, 99];
  const invalid = [0, 17, 20, 69, 70, 73, 80, 81, 94, 97, 100];
  it.each(valid)('%i is issued', (c) => expect(isNricPlaceCode(c)).toBe(true));
  it.each(invalid)('%i is not issued', (c) => expect(isNricPlaceCode(c)).toBe(false));
});

describe('NRIC', () => {
  it.each([
    ['900101-14-5678', '900101-14-5678'],
    ['900101145678', '900101-14-5678'],
    [' 000229-01-0001 ', '000229-01-0001'],
    ['900101-1456-78', null],
    ['900101-17-5678', null],
    ['900101-00-5678', null],
    ['010229-14-5678', null],
    ['900101-14-567', null],
    ['9001011456789', null],
    ['90O101-14-5678', null],
    ['', null],
  ])('%j is %j', (input, expected) => expect(normalizeNric(input, TODAY)).toBe(expected));

  const pad = (n: number) => String(n).padStart(2, '0');
  const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  /** A valid NRIC: a real date of 1927–2026 (not after TODAY), an issued PB code and any 4 digits. */
  const validNric = fc
    .record({ date: fc.date({ min: new Date('1927-01-01T00:00:00Z'), max: TODAY, noInvalidDate: true }), pb: fc.integer({ min: 1, max: 99 }).filter(isNricPlaceCode), serial: fc.integer({ min: 0, max: 9999 }) })
    .map(({ date, pb, serial }) => `${date.toISOString().slice(2, 4)}${date.toISOString().slice(5, 7)}${date.toISOString().slice(8, 10)}-${pad(pb)}-${String(serial).padStart(4, '0')}`);

  it('accepts every valid NRIC, with or without dashes, and stores it with them', () => {
    fc.assert(
      fc.property(validNric, (nric) => {
        expect(normalizeNric(nric, TODAY)).toBe(nric);
        expect(normalizeNric(nric.replace(/-/g, ''), TODAY)).toBe(nric);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every NRIC with one character of its date replaced by a non-digit', () => {
    fc.assert(
      fc.property(validNric, fc.integer({ min: 0, max: 5 }), fc.constantFrom('O', 'l', ' ', '-', '/', 'x', '٣'), (nric, at, ch) => {
        expect(normalizeNric(nric.slice(0, at) + ch + nric.slice(at + 1), TODAY)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every NRIC whose day is past the end of its month, or whose month is 00 or above 12', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 9 }), (yy, mm, over) => {
        // Past the end in both centuries (the larger of the two months' lengths).
        const last = Math.max(daysIn(1900 + yy, mm), daysIn(2000 + yy, mm));
        if (last + over > 99) return;
        expect(normalizeNric(`${pad(yy)}${pad(mm)}${pad(last + over)}-14-5678`, TODAY)).toBeNull();
        expect(normalizeNric(`${pad(yy)}00${pad(1)}-14-5678`, TODAY)).toBeNull();
        expect(normalizeNric(`${pad(yy)}${pad(12 + over)}01-14-5678`, TODAY)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});

describe('SSM registration numbers', () => {
  it.each([
    ['201901000005', '201901000005'],
    ['2019-01-000005', '201901000005'],
    ['190001000001', '190001000001'],
    ['202606999999', '202606999999'],
    ['189901000001', null],
    ['202701000001', null],
    ['201900000001', null],
    ['201907000001', null],
    ['201901000000', null],
    ['20190100000', null],
    ['2019010000051', null],
    ['20190100000A', null],
  ])('12-digit %j is %j', (input, expected) => expect(normalizeSsmRegNo(input, TODAY)).toBe(expected));

  it.each([
    ['1312525-A', '1312525-A'],
    ['1312525-a', '1312525-A'],
    ['123456A', '123456-A'],
    ['1 - X', '1-X'],
    ['002345678-M', '002345678-M'],
    ['0000000-A', null],
    ['1234567', null],
    ['1234567890-A', null],
    ['1234567-AB', null],
    ['A-1234567', null],
  ])('old %j is %j', (input, expected) => expect(normalizeSsmOldRegNo(input)).toBe(expected));
});
