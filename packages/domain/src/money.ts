import Decimal from 'decimal.js';

/**
 * Money is a decimal string of ringgit (or the currency's major unit) with 2 decimals, e.g.
 * "1234.50", end to end: `numeric(18,2)` in the database, a string in JSON, decimal.js in code.
 * Never a JavaScript float (guides: "Money is never a float").
 */
export type Money = string;

const SYMBOLS: Record<string, string> = { MYR: 'RM', USD: '$', SGD: 'S$', EUR: '€', GBP: '£', CNY: '¥', THB: '฿', IDR: 'Rp' };

/** Currency symbol for an ISO 4217 code; the code itself when unknown. */
export function currencySymbol(currency: string): string {
  return SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
}

/**
 * Formats an amount with the currency symbol, thousands separators and two decimals (§3),
 * e.g. formatAmount("1234567.5", "MYR") → "RM 1,234,567.50". Rounds half-up to sen.
 * Returns '-' for null, undefined, empty or non-numeric input.
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
  const fixed = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).abs().toFixed(2);
  const [int = '0', frac = '00'] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}${currencySymbol(currency)} ${grouped}.${frac}`;
}

/** Adds decimal money strings exactly; result has 2 decimals. */
export function sumMoney(values: Iterable<string | number>): Money {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total.toFixed(2);
}
