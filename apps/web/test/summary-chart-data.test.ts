/**
 * The sales chart's data: whatever the rows, every period appears once in date order,
 * the drawn gross of a period (its line, or its stacked bars grouped) is the exact sum of its rows'
 * gross, at most CHART_TOP_GROUPS groups are drawn on their own (the rest as one "others"), and
 * the net line is the sum of the rows' net.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumMoney } from '@paydesk/domain';
import type { SummaryRow } from '../src/features/reports/summary-api.ts';
import { CHART_TOP_GROUPS, summaryChart } from '../src/features/reports/summary-chart-data.ts';

const day = fc.integer({ min: 1, max: 28 }).map((d) => `2024-05-${String(d).padStart(2, '0')}`);
const amount = fc.integer({ min: 0, max: 10_000_000 }).map((sen) => (sen / 100).toFixed(2));
const row = (groups: number) =>
  fc.record({ Period: day, Group: fc.integer({ min: 1, max: groups }).map(String), Gross: amount, Net: amount }).map((r) => ({ ...r, GroupLabel: null }) as SummaryRow);

/** The exact sum of a measure of the rows of a period, as the chart draws it. */
const sumOf = (rows: SummaryRow[], period: string, key: string) => Number(sumMoney(rows.filter((r) => r.Period === period).map((r) => r[key] as string)));

describe('summaryChart', () => {
  it('draws gross and net lines per period, ungrouped', () => {
    fc.assert(
      fc.property(fc.array(row(1), { maxLength: 40 }), (rows) => {
        const { periods, series } = summaryChart(rows, 'Gross', 'Net', false);
        expect(periods).toEqual([...new Set(rows.map((r) => r.Period))].sort());
        expect(series.map((s) => [s.role, s.kind])).toEqual([
          ['gross', 'line'],
          ['net', 'line'],
        ]);
        periods.forEach((p, i) => {
          expect(series[0]!.data[i]).toBeCloseTo(sumOf(rows, p, 'Gross'), 2);
          expect(series[1]!.data[i]).toBeCloseTo(sumOf(rows, p, 'Net'), 2);
        });
      }),
    );
  });

  it('stacks the top groups and "others" so each period adds up to its gross, grouped', () => {
    fc.assert(
      fc.property(fc.array(row(12), { minLength: 1, maxLength: 60 }), (rows) => {
        const { periods, series } = summaryChart(rows, 'Gross', 'Net', true);
        const bars = series.filter((s) => s.kind === 'bar');
        const groups = new Set(rows.map((r) => String(r.Group)));
        // "Others" only when it folds at least two groups (a single remaining group is drawn on its own).
        const folded = groups.size > CHART_TOP_GROUPS + 1;
        expect(bars.some((s) => s.role === 'others')).toBe(folded);
        expect(bars.filter((s) => s.role === 'group').length).toBe(folded ? CHART_TOP_GROUPS : groups.size);
        expect(series.at(-1)).toMatchObject({ role: 'net', kind: 'line' });
        periods.forEach((p, i) => {
          const stacked = bars.reduce((sum, s) => sum + s.data[i]!, 0);
          expect(stacked).toBeCloseTo(sumOf(rows, p, 'Gross'), 1);
          expect(series.at(-1)!.data[i]).toBeCloseTo(sumOf(rows, p, 'Net'), 2);
        });
      }),
    );
  });

  it('keeps the groups of the largest gross on their own', () => {
    const rows = ['1', '2', '3', '4', '5', '6', '7'].map((g, i) => ({ Period: '2024-05-01', Group: g, GroupLabel: null, Gross: String((i + 1) * 100), Net: '1.00' }) as SummaryRow);
    const { series } = summaryChart(rows, 'Gross', 'Net', true);
    expect(series.map((s) => s.group ?? s.role)).toEqual(['7', '6', '5', '4', '3', 'others', 'net']);
    expect(series.find((s) => s.role === 'others')!.data).toEqual([300]);
  });
});
