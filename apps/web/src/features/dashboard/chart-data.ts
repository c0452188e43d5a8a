/**
 * The dashboard's figures turned into what the charts and cards draw; pure, so tests can check
 * every case without a canvas. Days are MYT business days (YYYY-MM-DD); amounts are decimal
 * strings in the currency's major unit (ringgit for MYR), summed exactly (`sumMoney`).
 */
import type { ResponseOf } from '@paydesk/contract';
import { dayjs, sumMoney } from '@paydesk/domain';

type Dashboard = ResponseOf<'dashboard'>;

/** Days of the trend window, today included (the server's window: today and the 29 days before). */
export const TREND_DAYS = 30;
/** Slices of the payment-method donut before the rest is folded into "Others". */
export const MIX_TOP = 5;

/** The `days` business days ending at `lastDay` (YYYY-MM-DD), oldest first, gaps included. */
export function trendDays(lastDay: string, days = TREND_DAYS): string[] {
  const end = dayjs.utc(lastDay);
  return Array.from({ length: days }, (_, i) => end.subtract(days - 1 - i, 'day').format('YYYY-MM-DD'));
}

export interface TrendLine {
  serviceType: number;
  /** Complete days' amounts, oldest first; null on today (drawn by `partial`). */
  complete: (number | null)[];
  /** Only today set: the "today so far" point, drawn apart from the solid line; null elsewhere. */
  partial: (number | null)[];
  /** Every day's amount (0 on a day without sales), today's being so far. */
  amounts: number[];
}

/**
 * One line per service type that has sales in the window, over every day of the window (a day
 * without sales is 0, not left out, so the axis keeps calendar spacing). Today (`businessDay`,
 * the last day) is still in progress: its value is kept out of the solid line and drawn as a
 * separate hollow point, not joined to yesterday, so a partial day does not read as a collapse.
 */
export function trendLines(trend: Dashboard['Trend'], businessDay: string, days = TREND_DAYS): { days: string[]; lines: TrendLine[] } {
  const axis = trendDays(businessDay, days);
  const types = Array.from(new Set(trend.map((p) => p.ServiceType))).sort((a, b) => a - b);
  const last = axis.length - 1;
  const lines = types.map((serviceType) => {
    const byDay = new Map(trend.filter((p) => p.ServiceType === serviceType).map((p) => [p.Day, Number(p.Amount)]));
    const amounts = axis.map((d) => byDay.get(d) ?? 0);
    return {
      serviceType,
      amounts,
      complete: amounts.map((v, i) => (i === last ? null : v)),
      partial: amounts.map((v, i) => (i === last ? v : null)),
    };
  });
  return { days: axis, lines };
}

export interface MixSlice {
  /** A payment method code, or null for the "Others" slice. */
  code: string | null;
  /** Decimal string, the sum of the methods in the slice. */
  amount: string;
  count: number;
  /** Share of the total amount in percent, one decimal; the slices add up to 100.0. */
  percent: number;
}

/**
 * The donut's slices: the `top` methods by amount, then one "Others" slice with the rest (only
 * when more than one method is left, so a single method keeps its name). Percentages are shares
 * of the total amount to one decimal, rounded by largest remainder so they add up to exactly
 * 100 (0 each when the total is 0).
 */
export function mixSlices(mix: Dashboard['PaymentMethodMix'], top = MIX_TOP): MixSlice[] {
  const sorted = [...mix].sort((a, b) => Number(b.Amount) - Number(a.Amount) || b.Count - a.Count || a.PaymentMethod.localeCompare(b.PaymentMethod));
  const keep = sorted.length > top + 1 ? sorted.slice(0, top) : sorted;
  const rest = sorted.slice(keep.length);
  const slices: Omit<MixSlice, 'percent'>[] = keep.map((m) => ({ code: m.PaymentMethod, amount: sumMoney([m.Amount]), count: m.Count }));
  if (rest.length > 0) slices.push({ code: null, amount: sumMoney(rest.map((m) => m.Amount)), count: rest.reduce((n, m) => n + m.Count, 0) });
  const total = Number(sumMoney(slices.map((s) => s.amount)));
  if (!(total > 0)) return slices.map((s) => ({ ...s, percent: 0 }));
  // Largest remainder over tenths of a percent: the shown shares always add up to 100.0.
  const exact = slices.map((s) => (Number(s.amount) / total) * 1000);
  const tenths = exact.map(Math.floor);
  let missing = 1000 - tenths.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    tenths[i]! += 1;
    missing -= 1;
  }
  return slices.map((s, i) => ({ ...s, percent: tenths[i]! / 10 }));
}
