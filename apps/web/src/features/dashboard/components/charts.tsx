/**
 * 30-day trend of successful sales by service type (stacked lines, today a hollow "so far" point) and
 * the payment-method mix (donut of the top methods and "Others", with percentages). Amounts are
 * in the header currency the dashboard was asked for.
 */
import { useMemo } from 'react';
import { Empty } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { SERVICE_TYPES } from '@paydesk/domain';
import { echarts } from '../../../shared/echarts.ts';
import { formatCount, formatDay, formatMoney, formatPercent } from '../../../shared/format.ts';
import type { PaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { mixSlices, trendLines } from '../chart-data.ts';

type Dashboard = ResponseOf<'dashboard'>;

const CHART_HEIGHT = 320;
/** ECharts' default palette, set explicitly so a service type's line and its "so far" point share a colour. */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

function useChartTheme() {
  return useAppSelector((s) => (s.ui.theme === 'dark' ? 'dark' : undefined));
}

interface AxisParam {
  seriesName: string;
  value: number | null;
  marker: string;
  dataIndex: number;
}

/** 'YYYY-MM-DD' as 'DD-MM' (the axis; the tooltip writes the whole day, §9). */
const dayMonth = (day: string) => formatDay(day).slice(0, 5);

export function TrendChart({ trend, businessDay, currency }: { trend: Dashboard['Trend']; businessDay: string; currency: string }) {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const option = useMemo(() => {
    const { days, lines } = trendLines(trend, businessDay);
    const last = days.length - 1;
    const soFar = t('dashboard.todaySoFar');
    const nameOf = (code: number) => t(SERVICE_TYPES.find((s) => s.code === code)?.labelKey ?? String(code));
    const series = lines.flatMap((line, i) => {
      const color = PALETTE[i % PALETTE.length]!;
      const common = { name: nameOf(line.serviceType), type: 'line' as const, showSymbol: false, color, emphasis: { focus: 'series' as const } };
      return [
        { ...common, stack: 'complete', areaStyle: { opacity: 0.25 }, data: line.complete },
        // Today so far: a hollow point of its own stack, not joined to yesterday, so the day's
        // partial total never reads as a fall. Same name: one legend entry toggles both.
        { ...common, stack: 'partial', showSymbol: true, symbol: 'emptyCircle', symbolSize: 9, lineStyle: { width: 0 }, data: line.partial },
      ];
    });
    return {
      backgroundColor: 'transparent',
      tooltip: {
        trigger: 'axis' as const,
        // One row per service type (today's from the "so far" point), today's title marked "so far".
        formatter: (raw: unknown) => {
          const params = (Array.isArray(raw) ? raw : [raw]) as AxisParam[];
          const index = params[0]?.dataIndex ?? 0;
          const seen = new Set<string>();
          const rows = params.filter((p) => p.value !== null && p.value !== undefined && !seen.has(p.seriesName) && seen.add(p.seriesName));
          const title = index === last ? `${formatDay(days[index] ?? '')} (${soFar})` : formatDay(days[index] ?? '');
          return [title, ...rows.map((p) => `${p.marker}${p.seriesName}: ${formatMoney(p.value, currency)}`)].join('<br/>');
        },
      },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category' as const,
        boundaryGap: false,
        // §9 dates, day first: DD-MM on the axis (the year is the business day's), DD-MM-YYYY in the tooltip.
        data: days.map((d, i) => (i === last ? `${dayMonth(d)}\n${soFar}` : dayMonth(d))),
        // Every fifth day counted back from today, so today's "so far" label is always shown.
        axisLabel: { interval: (i: number) => (last - i) % 5 === 0 },
      },
      yAxis: { type: 'value' as const },
      series,
    };
  }, [trend, businessDay, currency, t]);

  if (trend.length === 0) return <Empty description={t('common.noData')} style={{ height: CHART_HEIGHT, paddingTop: 96 }} />;
  return <ReactEChartsCore echarts={echarts} option={option} theme={chartTheme} notMerge style={{ height: CHART_HEIGHT }} />;
}

/** `label`: the payment-method names of the lookup (usePaymentMethodLabel). */
export function MixChart({ mix, currency, label }: { mix: Dashboard['PaymentMethodMix']; currency: string; label: PaymentMethodLabel }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const chartTheme = useChartTheme();
  const option = useMemo(() => {
    const slices = mixSlices(mix);
    const data = slices.map((s) => ({
      name: s.code === null ? t('dashboard.others') : label(s.code),
      value: Number(s.amount),
      amount: s.amount,
      count: s.count,
      percent: s.percent,
    }));
    type Datum = (typeof data)[number];
    const share = (p: Datum) => formatPercent(p.percent.toFixed(1), lang);
    return {
      backgroundColor: 'transparent',
      tooltip: {
        trigger: 'item' as const,
        formatter: (p: { data: Datum; marker: string }) =>
          `${p.marker}${p.data.name}<br/>${formatMoney(p.data.amount, currency)} · ${share(p.data)}<br/>${t('dashboard.mixCount', { count: formatCount(p.data.count, lang) })}`,
      },
      // At most six entries (MIX_TOP and "Others"): a plain legend fits, no paging.
      legend: { bottom: 0, itemWidth: 12, itemHeight: 12, formatter: (name: string) => `${name} ${share(data.find((d) => d.name === name)!)}` },
      series: [
        {
          type: 'pie' as const,
          radius: ['34%', '56%'],
          center: ['50%', '42%'],
          label: { show: true, overflow: 'none' as const, formatter: (p: { data: Datum }) => share(p.data) },
          labelLine: { length: 8, length2: 6 },
          data,
        },
      ],
    };
  }, [mix, currency, label, t, lang]);

  if (mix.length === 0) return <Empty description={t('common.noData')} style={{ height: CHART_HEIGHT, paddingTop: 96 }} />;
  return <ReactEChartsCore echarts={echarts} option={option} theme={chartTheme} notMerge style={{ height: CHART_HEIGHT }} />;
}
