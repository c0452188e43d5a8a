/**
 * A summary report's rows turned into what its chart draws; pure, so tests check it
 * without a canvas. Periods are MYT days (YYYY-MM-DD, the period's first day), oldest first.
 * Ungrouped: a gross and a net line per period. Grouped: the gross per group as stacked bars
 * (the `top` groups of the largest gross over the range, the rest folded into one "others"
 * series) and the net of all groups as a line. Amounts are decimal strings summed
 * exactly (`sumMoney`); only the drawn values become numbers.
 */
import { compareMoney, sumMoney } from '@paydesk/domain';
import type { SummaryRow } from './summary-api.ts';

/** Groups drawn on their own before the rest become "others". */
export const CHART_TOP_GROUPS = 5;

export interface ChartSeries {
  /** What the series is: a group's gross, the other groups' gross, or the gross / net of all. */
  role: 'group' | 'others' | 'gross' | 'net';
  /** The group (String(row.Group)) of a 'group' series. */
  group?: string;
  kind: 'line' | 'bar';
  /** One value per period (0 where the period has no row). */
  data: number[];
}

export interface ChartData {
  periods: string[];
  series: ChartSeries[];
}

const money = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '0');

/**
 * The chart of `rows`: `gross`/`net` are the keys of the gross and net money measures; `grouped`
 * whether the rows are per group.
 */
export function summaryChart(rows: readonly SummaryRow[], gross: string, net: string, grouped: boolean, top = CHART_TOP_GROUPS): ChartData {
  const periods = Array.from(new Set(rows.map((r) => r.Period))).sort();
  const perPeriod = (subset: readonly SummaryRow[], key: string): number[] =>
    periods.map((p) => Number(sumMoney(subset.filter((r) => r.Period === p).map((r) => money(r[key])))));
  if (!grouped) {
    return {
      periods,
      series: [
        { role: 'gross', kind: 'line', data: perPeriod(rows, gross) },
        { role: 'net', kind: 'line', data: perPeriod(rows, net) },
      ],
    };
  }
  const byGroup = new Map<string, SummaryRow[]>();
  for (const r of rows) {
    const k = String(r.Group);
    byGroup.set(k, [...(byGroup.get(k) ?? []), r]);
  }
  const totals = Array.from(byGroup, ([k, rs]) => ({ k, total: sumMoney(rs.map((r) => money(r[gross]))) }));
  // Largest gross first; equal totals in key order, so the chart is the same on every render.
  totals.sort((a, b) => compareMoney(b.total, a.total) || a.k.localeCompare(b.k));
  const shown = totals.length > top + 1 ? totals.slice(0, top) : totals;
  const rest = totals.slice(shown.length).flatMap((g) => byGroup.get(g.k) ?? []);
  const series: ChartSeries[] = shown.map((g) => ({ role: 'group', group: g.k, kind: 'bar', data: perPeriod(byGroup.get(g.k) ?? [], gross) }));
  if (rest.length) series.push({ role: 'others', kind: 'bar', data: perPeriod(rest, gross) });
  series.push({ role: 'net', kind: 'line', data: perPeriod(rows, net) });
  return { periods, series };
}
