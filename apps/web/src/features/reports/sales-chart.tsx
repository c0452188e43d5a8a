/**
 * The trend chart of a summary (sales) report, loaded on its own chunk (React.lazy)
 * so the page's chunk stays small: gross and net per period as lines; grouped, the gross per group
 * as stacked bars (top groups and "others") under the net line. Amounts are in `currency` (the
 * header's), drawn from decimal strings (summary-chart-data.ts).
 */
import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { echarts } from '../../shared/echarts.ts';
import { formatMoney } from '../../shared/format.ts';
import { useAppSelector } from '../../store/hooks.ts';
import type { SummaryRow } from './summary-api.ts';
import { summaryChart } from './summary-chart-data.ts';

const CHART_HEIGHT = 300;

interface Props {
  rows: readonly SummaryRow[];
  /** Keys of the gross and net money measures, and their names (the measures' labels). */
  gross: string;
  net: string;
  grossName: string;
  netName: string;
  grouped: boolean;
  currency: string;
  /** A period's label on the axis (e.g. 01-05, May 2024). */
  periodLabel: (period: string) => string;
  /** A group's label in the legend (enum label or org name). */
  groupLabel: (group: string) => string;
  /** The chart's accessible name. */
  title: string;
}

export function SalesChart({ rows, gross, net, grossName, netName, grouped, currency, periodLabel, groupLabel, title }: Props) {
  const { t } = useTranslation();
  const chartTheme = useAppSelector((s) => (s.ui.theme === 'dark' ? 'dark' : undefined));
  const option = useMemo(() => {
    const { periods, series } = summaryChart(rows, gross, net, grouped);
    const name = (s: (typeof series)[number]) =>
      s.role === 'group' ? groupLabel(s.group ?? '') : s.role === 'others' ? t('salesPage.others') : s.role === 'gross' ? grossName : netName;
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => formatMoney(typeof v === 'number' ? v : null, currency) },
      legend: { top: 0, type: 'scroll' as const },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category' as const, boundaryGap: grouped, data: periods.map(periodLabel) },
      yAxis: { type: 'value' as const },
      series: series.map((s) => ({
        name: name(s),
        type: s.kind,
        data: s.data,
        showSymbol: s.kind === 'line' && periods.length < 2,
        emphasis: { focus: 'series' as const },
        ...(s.kind === 'bar' ? { stack: 'gross' } : {}),
      })),
    };
  }, [rows, gross, net, grossName, netName, grouped, currency, periodLabel, groupLabel, t]);

  return (
    <div role="img" aria-label={title} data-testid="sales-chart">
      <ReactEChartsCore echarts={echarts} option={option} theme={chartTheme} notMerge style={{ height: CHART_HEIGHT }} />
    </div>
  );
}

export default SalesChart;
