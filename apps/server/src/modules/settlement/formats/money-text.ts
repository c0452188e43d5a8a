/**
 * The amount texts of settlement files, read into and written from Money (packages/domain
 * money.ts: ringgit text with exactly 2 decimals, '12.50'). Providers write '12.50', '1,250.00'
 * or integer sen '1250'; all arithmetic here is on digits (string or BigInt), never floats.
 */
import { parseMoney, sumMoney, type Money } from '@paydesk/domain';

/** Message tail for a decimal amount field ("Amount '12.5x' is not …"). */
export const AN_AMOUNT = 'an amount (such as 1250.00 or 1,250.00)';
/** Message tail for an integer-sen amount field. */
export const AN_AMOUNT_IN_SEN = 'an amount in sen (a whole number, such as 1250 for 12.50)';

const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const SEN = /^(-?)(\d{1,18})$/;

/**
 * Reads a decimal amount in ringgit, with or without thousands separators ('12.50', '12.5', '-0.13',
 * '1,250.00'), into Money; null when it is not one: bad grouping ('1,25.00'), more than 2 decimals
 * (no rounding of a provider's figure), letters, or more than 16 integer digits.
 */
export function readAmount(text: string): Money | null {
  const t = text.trim();
  if (!t.includes(',')) return parseMoney(t);
  return GROUPED.test(t) ? parseMoney(t.replaceAll(',', '')) : null;
}

/**
 * Reads an amount in integer sen ('1250', '-4', '000000001250') into Money in ringgit ('12.50',
 * '-0.04', '12.50'); null when it is not a whole number of at most 18 digits (16 ringgit digits).
 */
export function readSen(text: string): Money | null {
  const m = SEN.exec(text.trim());
  if (!m) return null;
  const digits = m[2]!.padStart(3, '0');
  return parseMoney(`${m[1]}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

function money(m: Money): Money {
  const v = parseMoney(m);
  if (v === null) throw new RangeError(`'${m}' is not money`);
  return v;
}

/** Money in its plain 2-decimal form ('12.5' → '12.50'). Throws a RangeError when `m` is not money (write is given rows as read answers them). */
export function writePlain(m: Money): string {
  return money(m);
}

/** Money with thousands separators, '1234567.5' → '1,234,567.50', '-1250' → '-1,250.00'. Throws a RangeError when `m` is not money. */
export function writeGrouped(m: Money): string {
  const v = money(m);
  const [int, frac] = v.split('.') as [string, string];
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Money in integer sen, '12.50' → '1250', '-0.04' → '-4', '0.00' → '0'. Throws a RangeError when `m` is not money. */
export function writeSen(m: Money): string {
  const v = money(m);
  const negative = v.startsWith('-');
  const digits = v.replace('-', '').replace('.', '').replace(/^0+(?=\d)/, '');
  return negative ? `-${digits}` : digits;
}

/** True when normalised Money `m` (as readAmount/readSen answer) is more than zero. */
export function isPositive(m: Money): boolean {
  return !m.startsWith('-') && m !== '0.00';
}

/** The opposite of normalised Money `m` ('12.50' ↔ '-12.50'; '0.00' stays '0.00'). */
export function negate(m: Money): Money {
  if (m.startsWith('-')) return m.slice(1);
  return m === '0.00' ? m : `-${m}`;
}

/** The size of normalised Money `m`, without its sign ('-0.13' → '0.13'). */
export function absolute(m: Money): Money {
  return m.startsWith('-') ? m.slice(1) : m;
}

/** The exact sum of Money amounts, 2 decimals. */
export function addMoney(...amounts: Money[]): Money {
  return sumMoney(amounts);
}

/**
 * The MDR rate, a percentage with 2 decimals, that gives `fee` on `amount` as Revenue Monster's
 * `mdr` and Razer's `TransactionRate` state it: the smallest rate whose fee, rounded half up to the
 * sen, is `fee` (RM: 12.50 at 1.00 % = 0.125 → 0.13, so '1.00', not 0.13 / 12.50 = '1.04'); when no
 * 2-decimal rate gives it (tiny amounts), fee / amount rounded half up. '' when the amount is zero.
 * Both arguments are non-negative normalised Money; BigInt arithmetic on sen.
 */
export function ratePercent(fee: Money, amount: Money): string {
  const sen = (m: Money) => BigInt(absolute(m).replace('.', ''));
  const a = sen(amount);
  const f = sen(fee);
  if (a === 0n) return '';
  // Rates are in hundredths of a percent: fee(h) = round(a × h / 10,000) ≥ f ⟺ h ≥ (2f − 1) × 5,000 / a.
  const need = (2n * f - 1n) * 5_000n;
  const smallest = need <= 0n ? 0n : (need + a - 1n) / a;
  const feeAt = (h: bigint) => (2n * a * h + 10_000n) / 20_000n;
  const h = feeAt(smallest) === f ? smallest : (2n * f * 10_000n + a) / (2n * a);
  const text = h.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
