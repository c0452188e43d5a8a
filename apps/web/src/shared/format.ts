/**
 * How numbers read on screen, one function per kind of number, so that no screen shows
 * "79979 records" beside the dashboard's "53,616", thresholds as "1000000.00" or counts as "5.00":
 *  - counts (records, transactions, days): whole numbers grouped by thousands, no decimals;
 *  - money: the §3 format of the domain's `formatAmount` (symbol, thousands separators, 2 decimals);
 *  - percentages (rates such as an MDR of "1.8000"): 2 to 4 decimals and " %";
 *  - plain decimals (a number that is neither): grouped, trailing zero decimals dropped.
 * Grouping follows the UI language through `Intl.NumberFormat`; values are read as decimal
 * strings (never through a float), so a numeric(18,2) value keeps every digit.
 */
import { formatAmount } from '@paydesk/domain';
import { useTranslation } from 'react-i18next';

/** A value a formatter accepts: a number, or a decimal string as the API answers it. */
export type Numeric = number | string | null | undefined;

/** What the formatters answer for an absent or non-numeric value, as for empty dates (§3). */
export const NO_VALUE = '-';

/** A plain decimal: optional '-', digits, optional fraction (what the API and the database send). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The BCP 47 tag of a UI language ('zh' reads as Simplified Chinese). */
function locale(lang: string): string {
  return lang === 'zh' ? 'zh-CN' : lang || 'en';
}

/** The exact decimal text of a value, or null when there is none. */
function decimalText(value: Numeric): `${number}` | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? (String(value) as `${number}`) : null;
  const s = value.trim();
  return DECIMAL.test(s) ? (s as `${number}`) : null;
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, minFraction: number, maxFraction: number): Intl.NumberFormat {
  const key = `${lang}|${minFraction}|${maxFraction}`;
  let f = cache.get(key);
  if (!f) {
    // halfExpand: 0.5 rounds away from zero, as money does (domain formatAmount, half-up);
    // signDisplay 'negative': a value that rounds to zero reads "0", not "-0".
    f = new Intl.NumberFormat(locale(lang), { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction, roundingMode: 'halfExpand', signDisplay: 'negative', useGrouping: true });
    cache.set(key, f);
  }
  return f;
}

/**
 * A count (records, transactions, days, a threshold that counts): grouped by thousands in the
 * UI language `lang` ('en' | 'ms' | 'zh'), no decimals, e.g. formatCount(79979, 'en') →
 * "79,979", formatCount("5.00", 'en') → "5". A fraction is rounded half away from zero.
 * Returns "-" for null, undefined, '' or a non-numeric value.
 */
export function formatCount(value: Numeric, lang: string): string {
  const s = decimalText(value);
  return s === null ? NO_VALUE : numberFormat(lang, 0, 0).format(s);
}

/**
 * An amount of money in the §3 display form: currency symbol, a space, thousands separators and
 * 2 decimals, e.g. formatMoney("1000000", 'MYR') → "RM 1,000,000.00". `value` is in the
 * currency's major unit (ringgit for MYR, a decimal string, not sen). The same function as the
 * dashboard and the transaction detail (the domain's `formatAmount`), so every screen agrees.
 * Returns "-" for an absent or non-numeric value.
 */
export function formatMoney(value: Numeric, currency: string): string {
  return formatAmount(value ?? null, currency);
}

/**
 * A percentage given in percent (not a fraction: "1.8" is 1.8 %), e.g. an MDR rate or a
 * foreign-card ratio: 2 to 4 decimals, grouped, then " %": formatPercent("1.8000", 'en') →
 * "1.80 %", formatPercent("2.1250", 'en') → "2.125 %". Beyond 4 decimals rounds half away
 * from zero. Returns "-" for an absent or non-numeric value.
 */
export function formatPercent(value: Numeric, lang: string): string {
  const s = decimalText(value);
  return s === null ? NO_VALUE : `${numberFormat(lang, 2, 4).format(s)} %`;
}

/**
 * A number that is neither money, a count nor a percentage: grouped by thousands, up to
 * `maxFraction` decimals (default 2) with trailing zeros dropped, e.g. formatDecimal("1234.50",
 * 'en') → "1,234.5", formatDecimal("7.00", 'en') → "7". Returns "-" for an absent or
 * non-numeric value.
 */
export function formatDecimal(value: Numeric, lang: string, maxFraction = 2): string {
  const s = decimalText(value);
  return s === null ? NO_VALUE : numberFormat(lang, 0, maxFraction).format(s);
}

/** The formatters bound to the current UI language (re-rendered when it changes). */
/** A MYT business day 'YYYY-MM-DD' as §9 writes it, 'DD-MM-YYYY'; any other text as it is. */
export function formatDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('-') : day;
}

export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    count: (v: Numeric) => formatCount(v, lang),
    money: formatMoney,
    percent: (v: Numeric) => formatPercent(v, lang),
    decimal: (v: Numeric, maxFraction?: number) => formatDecimal(v, lang, maxFraction),
  };
}
