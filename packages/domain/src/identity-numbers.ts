/**
 * Malaysian identity numbers of a profile: the MyKad NRIC of a person and the
 * SSM registration number of a company, in its 12-digit format (since October 2019) and its old
 * one. Pure functions: each answers the stored form or null.
 */

/**
 * JPN place-of-birth codes (the PB of an NRIC): 01–16 Malaysian states, 21–59 the same states
 * (second series), 60–68 and 71–72, 74–79, 82–93, 98 (stateless), 99 (other) foreign places
 * and special cases. Every other pair (00, 17–20, 69, 70, 73, 80, 81, 94–97) is not issued.
 */
export const NRIC_PLACE_CODE_RANGES: readonly (readonly [number, number])[] = [
  [1, 16], [21, 59], [60, 68], [71, 72], [74, 79], [82, 93], [98, 98], [99, 99],
];

/** Whether a two-digit place-of-birth code is one JPN issues. */
export function isNricPlaceCode(code: number): boolean {
  return Number.isInteger(code) && NRIC_PLACE_CODE_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Whether year-month-day is a real calendar date (proleptic Gregorian, UTC). */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as given.
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * The birth date an NRIC's YYMMDD stands for: 20YY when that day is not after `today` (UTC),
 * otherwise 19YY; null when that day does not exist (e.g. 010229: 1901 is not a leap year, and
 * 2001-02-29 does not exist either). 000229 is 2000-02-29 (2000 is a leap year).
 */
export function nricBirthDate(yymmdd: string, today: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const todayIso = today.toISOString().slice(0, 10);
  const iso = (y: number) => `${y}-${pad2(mm)}-${pad2(dd)}`;
  const year = iso(2000 + yy) <= todayIso ? 2000 + yy : 1900 + yy;
  return isRealDate(year, mm, dd) ? iso(year) : null;
}

/**
 * An NRIC (MyKad number YYMMDD-PB-###G) in its stored form with dashes, or null: 12 digits with
 * or without the two dashes (surrounding spaces ignored), a real birth date (`nricBirthDate`)
 * and a JPN place-of-birth code (`isNricPlaceCode`). The last four digits (serial and gender
 * digit) are not checked further: JPN publishes no check digit.
 */
export function normalizeNric(input: string, today: Date = new Date()): string | null {
  const m = /^(\d{6})-?(\d{2})-?(\d{4})$/.exec(input.trim());
  if (!m) return null;
  const [, date = '', pb = '', serial = ''] = m;
  if (nricBirthDate(date, today) === null || !isNricPlaceCode(Number(pb))) return null;
  return `${date}-${pb}-${serial}`;
}

/**
 * SSM entity type codes of the 12-digit registration number (the two digits after the year):
 * 01 local company, 02 foreign company, 03 business, 04 local LLP, 05 foreign LLP, 06 LLP for
 * professional practice.
 */
export const SSM_ENTITY_TYPES = { '01': 'LOCAL_COMPANY', '02': 'FOREIGN_COMPANY', '03': 'BUSINESS', '04': 'LOCAL_LLP', '05': 'FOREIGN_LLP', '06': 'PROFESSIONAL_LLP' } as const;

/**
 * A 12-digit SSM registration number YYYYTTNNNNNN, or null: the year of registration 1900 to
 * `today`'s (UTC; numbers were issued retrospectively to entities registered before 2019), an
 * entity type of SSM_ENTITY_TYPES and a running number above 000000. Spaces and dashes a user
 * types between the groups are dropped.
 */
export function normalizeSsmRegNo(input: string, today: Date = new Date()): string | null {
  const digits = input.trim().replace(/[\s-]/g, '');
  const m = /^(\d{4})(\d{2})(\d{6})$/.exec(digits);
  if (!m) return null;
  const [, year = '', type = '', run = ''] = m;
  if (Number(year) < 1900 || Number(year) > today.getUTCFullYear()) return null;
  if (!(type in SSM_ENTITY_TYPES)) return null;
  if (Number(run) === 0) return null;
  return digits;
}

/**
 * An old-format SSM number (before the 12-digit one: 1 to 7 digits of a company, up to 9 of a
 * business, then its check letter), stored as digits, a dash and the capital letter ("1234567-X"),
 * or null. Leading zeros are kept as typed; a number of only zeros is refused.
 */
export function normalizeSsmOldRegNo(input: string): string | null {
  const m = /^(\d{1,9})\s*-?\s*([A-Za-z])$/.exec(input.trim());
  if (!m) return null;
  const [, digits = '', letter = ''] = m;
  if (Number(digits) === 0) return null;
  return `${digits}-${letter.toUpperCase()}`;
}
