/**
 * Money (§3, §9; guides: "Money is never a float") is a decimal string in the currency's major
 * unit (ringgit for MYR) with exactly 2 decimals, e.g. "1234.50" or "-12.00", end to end:
 *  - database: `numeric(18,2)` (at most 16 integer digits);
 *  - JSON / API: a string (contract's `MoneyString`), never a JSON number;
 *  - code: strings parsed with `parseMoney`, compared with `compareMoney`, added with `sumMoney`,
 *    exactly on BigInt digits here (formatting, sums, comparisons, shares and averages), any
 *    other arithmetic with decimal.js; never `Number(...)`, `parseFloat` or `+`. This module runs
 *    on every screen, so it does not load decimal.js (~11 KB compressed of every first load).
 * `formatAmount` turns it into the display form of §3.
 */
export type Money = string;

const SYMBOLS: Record<string, string> = { MYR: 'RM', USD: '$', SGD: 'S$', EUR: '€', GBP: '£', CNY: '¥', THB: '฿', IDR: 'Rp' };

/** Currency symbol for an ISO 4217 code; the code itself when unknown. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
}

/**
 * A decimal number's text: optional sign, digits with an optional point (at least one digit),
 * optional exponent of at most 3 digits. What formatAmount, sumMoney and compareMoney read;
 * JavaScript numbers are read by their own text (the shortest round-trip form, "1e+21" too).
 */
const DECIMAL_NOTATION = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/** An exact decimal: `n × 10^-scale`, scale ≥ 0. */
interface ExactDecimal {
  n: bigint;
  scale: number;
}

/** `value` exactly (DECIMAL_NOTATION, or a finite number); null when it is not one. */
function exactDecimal(value: string | number): ExactDecimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const m = DECIMAL_NOTATION.exec(typeof value === 'number' ? String(value) : value);
  if (!m) return null;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const digits = `${int}${frac}`;
  if (digits === '') return null;
  const scale = frac.length - Number(exp);
  const n = scale < 0 ? BigInt(digits) * 10n ** BigInt(-scale) : BigInt(digits);
  return { n: sign === '-' ? -n : n, scale: Math.max(scale, 0) };
}

/** `d` in hundredths, rounded half away from zero (decimal.js's ROUND_HALF_UP), e.g. 999.995 → 100000n. */
function hundredthsOf(d: ExactDecimal): bigint {
  if (d.scale <= 2) return d.n * 10n ** BigInt(2 - d.scale);
  const a = d.n < 0n ? -d.n : d.n;
  // A divisor above 10^(digits + 1) leaves less than a tenth of a hundredth: 0, without the power.
  if (d.scale - 2 > a.toString().length) return 0n;
  const divisor = 10n ** BigInt(d.scale - 2);
  const q = (a * 2n + divisor) / (divisor * 2n);
  return d.n < 0n ? -q : q;
}

/** `d`'s digits at `scale` (≥ d.scale): the same value with more decimal places. */
const atScale = (d: ExactDecimal, scale: number): bigint => d.n * 10n ** BigInt(scale - d.scale);

/**
 * Formats an amount for display (§3 transaction detail: "shown with the selected currency
 * symbol, thousands separators and decimals"): symbol, a space, the amount grouped by thousands
 * with two decimals, e.g. formatAmount("1234567.5", "MYR") → "RM 1,234,567.50", and
 * formatAmount("-5", "MYR") → "-RM 5.00". Rounds half away from zero to the sen, exactly.
 * Returns '-' for null, undefined, empty or anything not DECIMAL_NOTATION ("1,000", "0x10",
 * "NaN", "Infinity", an exponent beyond ±999), as for empty dates (§3).
 */
export function formatAmount(value: string | number | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = exactDecimal(value);
  if (d === null) return '-';
  const n = hundredthsOf(d);
  const text = (n < 0n ? -n : n).toString().padStart(3, '0');
  const grouped = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // The sign of the rounded amount: "-0.001" is "RM 0.00", not "-RM 0.00".
  return `${n < 0n ? '-' : ''}${currencySymbol(currency)} ${grouped}.${text.slice(-2)}`;
}

/**
 * Adds amounts exactly (DECIMAL_NOTATION strings or finite numbers) and rounds the total half away
 * from zero to 2 decimals: sumMoney(["0.10", "0.20"]) → "0.30", sumMoney([]) → "0.00".
 * Throws a RangeError naming the value when one is not a decimal number.
 */
export function sumMoney(values: Iterable<string | number>): Money {
  const all: ExactDecimal[] = [];
  // A loop, not Math.max(...spread): a list of any length (a spread throws past ~100k arguments).
  let scale = 0;
  for (const v of values) {
    const d = exactDecimal(v);
    if (d === null) throw new RangeError(`sumMoney: ${String(v)} is not a decimal number`);
    all.push(d);
    if (d.scale > scale) scale = d.scale;
  }
  return hundredths(hundredthsOf({ n: all.reduce((total, d) => total + atScale(d, scale), 0n), scale }));
}

/**
 * Compares two money amounts exactly (no floats): -1 when a < b, 0 when equal ("1.5" equals
 * "1.50"), 1 when a > b; usable as an Array.prototype.sort comparator. Throws a RangeError when
 * either argument is not a decimal number (DECIMAL_NOTATION).
 */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const x = exactDecimal(a);
  const y = exactDecimal(b);
  if (x === null || y === null) throw new RangeError('compareMoney: not a decimal number');
  const scale = Math.max(x.scale, y.scale);
  const diff = atScale(x, scale) - atScale(y, scale);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/**
 * `part / whole × 100` as a percentage string with 2 decimals, rounded half up, e.g.
 * percentOf(2, 3) → "66.67"; null when `whole` is 0 (a rate of nothing). Counts are whole
 * numbers ≥ 0 (safe integers). Used for success rates (sales reports), once per report
 * row: exact integer arithmetic (plain integers while exact, else BigInt), far cheaper than the
 * decimal.js division it replaced, which took 3–12 ms of a 4,302-row report.
 */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole)) throw new RangeError(`percentOf: counts must be whole numbers, got ${part} / ${whole}`);
  // Hundredths of a percent: part × 10,000 / whole, rounded half away from zero; in plain
  // integers while they stay exact (any count below 4e11), else in BigInt.
  if (Math.abs(part) < 4e11 && Math.abs(whole) < 4e11) return hundredths(roundedQuotientExact(part * 10_000, whole));
  return hundredths(roundedQuotient(BigInt(part) * 10_000n, BigInt(whole)));
}

/**
 * A money amount divided by a count (an average ticket), exact then rounded half away from zero
 * to the sen, e.g. divideMoney("10.00", 3) → "3.33"; null when `count` is 0. Exact integer
 * arithmetic on the amount's digits (plain integers while exact, else BigInt), as percentOf. Throws a
 * RangeError when `amount` is not a decimal number or `count` not a safe integer.
 */
export function divideMoney(amount: Money, count: number): Money | null {
  if (count === 0) return null;
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(amount);
  if (!m || !Number.isSafeInteger(count)) throw new RangeError(`divideMoney: ${amount} / ${count} is not money by a count`);
  const frac = m[3] ?? '';
  // amount = digits / 10^k; sen = amount × 100 / count = digits × 100 / (10^k × count).
  const text = `${m[1] ?? ''}${m[2]}${frac}`;
  // Plain integers while every operand stays exact (< 1e13 × 100 and 100 × count, so 2n + d < 2^53).
  if (text.length <= 13 && frac.length <= 2 && Math.abs(count) < 9e12) return hundredths(roundedQuotientExact(Number(text) * 100, 10 ** frac.length * count));
  return hundredths(roundedQuotient(BigInt(text) * 100n, 10n ** BigInt(frac.length) * BigInt(count)));
}

/** n / d rounded half away from zero, for safe integers with |2n| + |d| < 2^53 (d ≠ 0). */
function roundedQuotientExact(n: number, d: number): number {
  const a = Math.abs(n);
  const b = Math.abs(d);
  const x = 2 * a + b;
  const y = 2 * b;
  // Floor division without a rounded floating quotient: the remainder is exact for safe integers.
  const q = (x - (x % y)) / y;
  return (n < 0) !== (d < 0) && n !== 0 ? -q : q;
}

/** n / d rounded half away from zero (d ≠ 0). */
function roundedQuotient(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** An integer count of hundredths as a decimal string with 2 decimals ("-0.00" never: 0 is "0.00"). */
function hundredths(v: bigint | number): string {
  const negative = v < 0;
  const text = (negative ? -v : v).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
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
