import Decimal from 'decimal.js';

/**
 * Money (§3, §9; guides: "Money is never a float") is a decimal string in the currency's major
 * unit (ringgit for MYR) with exactly 2 decimals, e.g. "1234.50" or "-12.00", end to end:
 *  - database: `numeric(18,2)` (at most 16 integer digits);
 *  - JSON / API: a string (contract's `MoneyString`), never a JSON number;
 *  - code: strings parsed with `parseMoney`, compared with `compareMoney`, added with `sumMoney`,
 *    and any other arithmetic with decimal.js; never `Number(...)`, `parseFloat` or `+`.
 * `formatAmount` turns it into the display form of §3.
 */
export type Money = string;

const SYMBOLS: Record<string, string> = { MYR: 'RM', USD: '$', SGD: 'S$', EUR: '€', GBP: '£', CNY: '¥', THB: '฿', IDR: 'Rp' };

/** Currency symbol for an ISO 4217 code; the code itself when unknown. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
}

/**
 * Formats an amount for display (§3 transaction detail: "shown with the selected currency
 * symbol, thousands separators and decimals"): symbol, a space, the amount grouped by thousands
 * with two decimals, e.g. formatAmount("1234567.5", "MYR") → "RM 1,234,567.50", and
 * formatAmount("-5", "MYR") → "-RM 5.00". Rounds half-up to the sen with decimal.js (no float
 * arithmetic; a JavaScript number is read through its shortest decimal form).
 * Returns '-' for null, undefined, empty or non-numeric input, as for empty dates (§3).
 */
export function formatAmount(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return '-';
  }
  if (!d.isFinite()) return '-';
  const rounded = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [int = '0', frac = '00'] = rounded.abs().toFixed(2).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // The sign of the rounded amount: "-0.001" is "RM 0.00", not "-RM 0.00".
  return `${rounded.isNegative() && !rounded.isZero() ? '-' : ''}${currencySymbol(currency)} ${grouped}.${frac}`;
}

/** Adds decimal money strings exactly; result has 2 decimals. */
export function sumMoney(values: Iterable<string | number>): Money {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total.toFixed(2);
}

/**
 * `part / whole × 100` as a percentage string with 2 decimals, rounded half up (decimal.js),
 * e.g. percentOf(2, 3) → "66.67"; null when `whole` is 0 (a rate of nothing). Counts are whole
 * numbers ≥ 0. Used for success rates (issue 10 sales reports).
 */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  return new Decimal(part).times(100).div(whole).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * A money amount divided by a count (an average ticket), exact then rounded half away from zero
 * to the sen (decimal.js ROUND_HALF_UP), e.g. divideMoney("10.00", 3) → "3.33"; null when `count`
 * is 0. Throws a decimal.js error when `amount` is not a decimal number.
 */
export function divideMoney(amount: Money, count: number): Money | null {
  if (count === 0) return null;
  return new Decimal(amount).div(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Integer digits a Money may have: numeric(18,2) leaves 16. */
const MONEY_MAX_INTEGER_DIGITS = 16;
const MONEY_INPUT = /^(-)?(?:(\d+)(?:\.(\d{0,2}))?|\.(\d{1,2}))$/;

/**
 * Parses a typed or received amount into Money (2 decimals) by string manipulation only, or
 * returns null when it is not one. Accepted (after trimming spaces): an optional '-', digits
 * with an optional single decimal point and at most 2 decimals, or a point followed by 1–2
 * digits — the §5 `decimal` shape limited to sen — e.g. "12" → "12.00", "12.5" → "12.50",
 * ".5" → "0.50", "12." → "12.00", "007.10" → "7.10", "-0" → "0.00".
 * Rejected (null): anything else, including "1,000", "1e3", "+1", "12.345" (no rounding of
 * input), non-strings, and more than 16 integer digits (the numeric(18,2) column).
 */
export function parseMoney(input: string): Money | null {
  if (typeof input !== 'string') return null;
  const m = MONEY_INPUT.exec(input.trim());
  if (!m) return null;
  const [, sign, intRaw, fracRaw, pointOnly] = m;
  const int = (intRaw ?? '').replace(/^0+(?=\d)/, '') || '0';
  if (int.length > MONEY_MAX_INTEGER_DIGITS) return null;
  const frac = (pointOnly ?? fracRaw ?? '').padEnd(2, '0');
  const isZero = /^0+$/.test(int) && frac === '00';
  return `${sign && !isZero ? '-' : ''}${int}.${frac}`;
}

/**
 * Compares two money amounts exactly (decimal.js, no floats): -1 when a < b, 0 when equal
 * ("1.5" equals "1.50"), 1 when a > b; usable as an Array.prototype.sort comparator.
 * Throws a decimal.js error when either argument is not a decimal number.
 */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const c = new Decimal(a).comparedTo(new Decimal(b));
  if (Number.isNaN(c)) throw new RangeError('compareMoney: not a decimal number');
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}
