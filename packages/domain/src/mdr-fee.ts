/**
 * The MDR fee of one transaction (§9 "MDR fee mode": 1 MDR %, 2 flat amount, 3 the higher of
 * the two, 4 both added) and the rate in force on a day.
 *
 * Exact integer arithmetic in sen (BigInt): a percentage with 4 decimals times an amount in sen
 * is an exact rational, rounded once, half up, to the sen — as Revenue Monster's settlement files
 * do (12.50 × 1 % = 0.125 → 0.13). No float and no intermediate rounding, so the fee computed here
 * equals the fee in the provider's file to the sen.
 */
import type { MdrFeeModeCode } from './enums.ts';
import { parseMoney, type Money } from './money.ts';

/**
 * One MDR rate of a payment product in an MDR category (a `mdr_rates` row, §9), as text from
 * the database (`numeric::text`) or a bulk MDR file.
 */
export interface MdrRate {
  /** §9 MDR fee mode: 1 MDR %, 2 flat amount, 3 the higher of the two, 4 both added. */
  feeMode: MdrFeeModeCode;
  /** Percentage 0–100 with at most 4 decimals ("1.8000" = 1.8 %); used by modes 1, 3, 4. */
  mdrPercent: string;
  /** Ringgit with at most 2 decimals, ≥ 0; used by modes 2, 3, 4. */
  flatAmount: string;
  /** Ringgit; the fee of a transaction is never below it. Null: no minimum. */
  minFee: string | null;
  /** Ringgit; the fee of a transaction is never above it. Null: no maximum. */
  maxFee: string | null;
  /** 'YYYY-MM-DD', the MYT calendar day the rate starts to apply. */
  effectiveDate: string;
}

const MONEY_DIGITS = /^(-?)(\d+)\.(\d{2})$/;

/**
 * A ringgit amount as whole sen, e.g. moneyToSen("12.50") → 1250n, moneyToSen("-3") → -300n.
 * Accepts what parseMoney accepts (at most 2 decimals, no rounding). Throws RangeError otherwise.
 */
export function moneyToSen(amount: Money): bigint {
  const m = MONEY_DIGITS.exec(parseMoney(amount) ?? '');
  if (!m) throw new RangeError(`not a ringgit amount with at most 2 decimals: ${amount}`);
  const sen = BigInt(m[2]!) * 100n + BigInt(m[3]!);
  return m[1] ? -sen : sen;
}

/** Whole sen as ringgit text with 2 decimals, e.g. senToMoney(1250n) → "12.50", senToMoney(-5n) → "-0.05". */
export function senToMoney(sen: bigint): Money {
  const negative = sen < 0n;
  const text = (negative ? -sen : sen).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** mdrPercent in ten-thousandths of a percent (1.8 % → 18000n): exact with 4 decimals. */
const PERCENT_SCALE = 10_000n;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

function percentUnits(text: string): bigint {
  const m = PERCENT.exec(text);
  if (!m) throw new RangeError(`MDR percent must be a number 0–100 with at most 4 decimals, got ${text}`);
  const units = BigInt(m[1]!) * PERCENT_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
  if (units > 100n * PERCENT_SCALE) throw new RangeError(`MDR percent must be at most 100, got ${text}`);
  return units;
}

/** A fee amount of a rate in sen: ringgit ≥ 0 with at most 2 decimals. */
function feeSen(text: string, field: string): bigint {
  let sen: bigint;
  try {
    sen = moneyToSen(text);
  } catch {
    throw new RangeError(`MDR ${field} must be ringgit with at most 2 decimals, got ${text}`);
  }
  if (sen < 0n) throw new RangeError(`MDR ${field} must not be negative, got ${text}`);
  return sen;
}

/**
 * The MDR fee of a transaction of `amountSen` sen under `rate`, in sen (§9 MDR fee mode):
 *  - percent part = amount × mdrPercent / 100, the exact rational rounded HALF UP to the sen
 *    (12.50 at 1 % → 13 sen, 13.50 at 1 % → 14 sen);
 *  - mode 1 the percent part, 2 the flat amount, 3 the higher of the two, 4 their sum;
 *  - then minFee raises it and maxFee caps it.
 * Decisions: an amount ≤ 0 (nothing sold) has fee 0, minimum or not; the fee is never negative
 * but is NOT capped by the amount — a flat or minimum fee above a tiny sale is a real charge
 * (RM 0.50 flat on a RM 0.30 sale), and the payout nets it against the merchant's other sales.
 * Throws RangeError when the rate is invalid whatever the amount: an unknown fee mode, a percent
 * outside 0–100 or with more than 4 decimals, a negative or malformed flat/min/max amount, or
 * minFee above maxFee.
 */
export function mdrFeeSen(amountSen: bigint, rate: MdrRate): bigint {
  const percent = percentUnits(rate.mdrPercent);
  const flat = feeSen(rate.flatAmount, 'flat amount');
  const min = rate.minFee === null ? null : feeSen(rate.minFee, 'minimum fee');
  const max = rate.maxFee === null ? null : feeSen(rate.maxFee, 'maximum fee');
  if (min !== null && max !== null && min > max) throw new RangeError(`MDR minimum fee ${rate.minFee} is above the maximum fee ${rate.maxFee}`);
  if (![1, 2, 3, 4].includes(rate.feeMode)) throw new RangeError(`MDR fee mode must be 1–4, got ${String(rate.feeMode)}`);
  if (amountSen <= 0n) return 0n;

  // amount × (units / 10^4) / 100 = amount × units / 10^6; half up: floor((2n + d) / 2d), n, d ≥ 0.
  const d = 100n * PERCENT_SCALE;
  const pct = (2n * amountSen * percent + d) / (2n * d);
  let fee = rate.feeMode === 1 ? pct : rate.feeMode === 2 ? flat : rate.feeMode === 3 ? (pct > flat ? pct : flat) : pct + flat;
  if (min !== null && fee < min) fee = min;
  if (max !== null && fee > max) fee = max;
  return fee;
}

/**
 * mdrFeeSen on ringgit text: the MDR fee of a transaction of `amount` ringgit (at most 2
 * decimals), as ringgit text with 2 decimals, e.g. mdrFee("12.50", 1 % rate) → "0.13".
 * Throws RangeError for a malformed amount or an invalid rate (see mdrFeeSen).
 */
export function mdrFee(amount: Money, rate: MdrRate): Money {
  return senToMoney(mdrFeeSen(moneyToSen(amount), rate));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function assertDay(day: string, what: string): void {
  const m = ISO_DAY.exec(day);
  const real = m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === day;
  if (!real) throw new RangeError(`${what} must be a real 'YYYY-MM-DD' day, got ${day}`);
}

/**
 * The rate in force on the MYT calendar day `day` ('YYYY-MM-DD'): among `rates` (the active
 * rates of ONE payment product and MDR category — callers drop is_active = 0 rows), the one with
 * the latest effectiveDate ≤ day; null when every rate starts after `day` (or there is none).
 * A bulk MDR update thus applies from its effective date only; earlier days keep the old rate.
 * Throws RangeError for a malformed day or effectiveDate, or when two rates share the winning
 * effectiveDate (the unique index of mdr_rates forbids it; picking one would be arbitrary).
 */
export function rateOn<R extends MdrRate>(rates: readonly R[], day: string): R | null {
  assertDay(day, 'day');
  let best: R | null = null;
  let tie = false;
  for (const r of rates) {
    assertDay(r.effectiveDate, 'MDR effective date');
    // ISO days compare as text.
    if (r.effectiveDate > day) continue;
    if (best === null || r.effectiveDate > best.effectiveDate) [best, tie] = [r, false];
    else if (r.effectiveDate === best.effectiveDate) tie = true;
  }
  if (tie) throw new RangeError(`two MDR rates start on ${best!.effectiveDate}: which one applies is ambiguous`);
  return best;
}
