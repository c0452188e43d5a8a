/** 30-day sales trend by service type (stacked lines) and the payment-method mix (pie). */
import { useMemo } from 'react';
import { Empty } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { SERVICE_TYPES, formatAmount } from '@paydesk/domain';
import { echarts } from '../../../shared/echarts.ts';
import type { PaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { useAppSelector } from '../../../store/hooks.ts';

type Dashboard = ResponseOf<'dashboard'>;

const CHART_HEIGHT = 320;

function useChartTheme() {
  return useAppSelector((s) => (s.ui.theme === 'dark' ? 'dark' : undefined));
}

export function TrendChart({ trend, currency }: { trend: Dashboard['Trend']; currency: string }) {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const option = useMemo(() => {
    const days = Array.from(new Set(trend.map((p) => p.Day))).sort();
    const series = SERVICE_TYPES.filter((s) => trend.some((p) => p.ServiceType === s.code)).map((s) => {
      const byDay = new Map(trend.filter((p) => p.ServiceType === s.code).map((p) => [p.Day, Number(p.Amount)]));
      return {
        name: t(s.labelKey),
        type: 'line' as const,
        stack: 'sales',
        areaStyle: { opacity: 0.25 },
        smooth: true,
        showSymbol: false,
        emphasis: { focus: 'series' as const },
        data: days.map((d) => byDay.get(d) ?? 0),
      };
    });
    return {
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => formatAmount(v as number, currency) },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category' as const, boundaryGap: false, data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value' as const },
      series,
    };
  }, [trend, currency, t]);

  if (trend.length === 0) return <Empty description={t('common.noData')} style={{ height: CHART_HEIGHT, paddingTop: 96 }} />;
  return <ReactEChartsCore echarts={echarts} option={option} theme={chartTheme} notMerge style={{ height: CHART_HEIGHT }} />;
}

/** `label`: the payment-method names of the lookup (usePaymentMethodLabel). */
export function MixChart({ mix, currency, label }: { mix: Dashboard['PaymentMethodMix']; currency: string; label: PaymentMethodLabel }) {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const option = useMemo(
    () => ({
      backgroundColor: 'transparent',
      tooltip: {
        trigger: 'item' as const,
        formatter: (p: { name: string; value: number; percent: number }) => `${p.name}<br/>${formatAmount(p.value, currency)} (${p.percent}%)`,
      },
      legend: { type: 'scroll' as const, bottom: 0 },
      series: [
        {
          type: 'pie' as const,
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: mix.map((m) => ({ name: label(m.PaymentMethod), value: Number(m.Amount) })),
        },
      ],
    }),
    [mix, currency, label],
  );

  if (mix.length === 0) return <Empty description={t('common.noData')} style={{ height: CHART_HEIGHT, paddingTop: 96 }} />;
  return <ReactEChartsCore echarts={echarts} option={option} theme={chartTheme} notMerge style={{ height: CHART_HEIGHT }} />;
}
