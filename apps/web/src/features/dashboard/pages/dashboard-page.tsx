/**
 * `/`: today's and month-to-date figures, 30-day trend, payment-method mix, latest transactions,
 * all in the header currency: changing it asks the server again for every figure.
 *
 * First load (bundle-size test, ≤ 350 KB from /auth): the page's own chunk holds the figures.
 * The charts (ECharts), the latest table (antd Table) and the whole-page results load in chunks
 * of their own; the charts' and the table's start when the page mounts, so they download while
 * the dashboard request is in flight rather than after it.
 */
import { Suspense, lazy, useEffect } from 'react';
import { Col, Flex, Row, Skeleton, Typography } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { usePaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { useDashboardQuery } from '../../../store/api.ts';
import { useHeaderCurrency } from '../../../store/header-currency.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { FigureCards, listPermission } from '../components/figure-cards.tsx';
import { formatDay } from '../../../shared/format.ts';
import { Panel } from '../../../shared/panel.tsx';

const loadCharts = () => import('../components/charts.tsx');
const loadLatest = () => import('../components/latest-table.tsx');
const TrendChart = lazy(() => loadCharts().then((m) => ({ default: m.TrendChart })));
const MixChart = lazy(() => loadCharts().then((m) => ({ default: m.MixChart })));
const LatestTable = lazy(() => loadLatest().then((m) => ({ default: m.LatestTable })));
const DashboardWelcome = lazy(() => import('../components/dashboard-welcome.tsx').then((m) => ({ default: m.DashboardWelcome })));
const LoadError = lazy(() => import('../../../shared/load-error.tsx').then((m) => ({ default: m.LoadError })));
const chartSkeleton = <Skeleton active paragraph={{ rows: 8 }} />;
const latestSkeleton = <Skeleton active paragraph={{ rows: 5 }} />;

export default function DashboardPage() {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const profile = useAppSelector((s) => s.auth.profile);
  // Null while the currency lookup loads: the first request is for the currency that will be shown.
  const currency = useHeaderCurrency();
  const allowed = held.has('dashboard:view');
  const query = useDashboardQuery(allowed && currency ? { Currency: currency } : skipToken);
  // The payment-method lookup (§7) names the mix and the latest rows; the filter bar shares it.
  const paymentMethodLabel = usePaymentMethodLabel({ skip: !allowed });
  useEffect(() => {
    if (!allowed) return;
    void loadCharts();
    void loadLatest();
  }, [allowed]);

  if (!allowed) {
    return (
      <Suspense fallback={null}>
        <DashboardWelcome name={profile?.NickName ?? ''} />
      </Suspense>
    );
  }

  if (query.isError && !query.data) {
    return (
      <Suspense fallback={null}>
        <LoadError onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }

  // Figures of another currency (the previous header choice, still cached) are never shown as this one's.
  const data = query.data && query.data.Currency === currency ? query.data : undefined;
  return (
    <Flex vertical gap={16}>
      <Flex align="baseline" justify="space-between" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        {data && (
          <Typography.Text type="secondary">{t('dashboard.businessDay', { day: formatDay(data.BusinessDay), currency: data.Currency })}</Typography.Text>
        )}
      </Flex>
      <FigureCards data={data} held={held} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Panel title={t('dashboard.trend')}>
            <Suspense fallback={chartSkeleton}>{data ? <TrendChart trend={data.Trend} businessDay={data.BusinessDay} currency={data.Currency} /> : chartSkeleton}</Suspense>
          </Panel>
        </Col>
        <Col xs={24} xl={9}>
          <Panel title={t('dashboard.mix')}>
            <Suspense fallback={chartSkeleton}>{data ? <MixChart mix={data.PaymentMethodMix} currency={data.Currency} label={paymentMethodLabel} /> : chartSkeleton}</Suspense>
          </Panel>
        </Col>
      </Row>
      <Panel title={t('dashboard.latest')}>
        <Suspense fallback={latestSkeleton}>
          {data ? <LatestTable rows={data.Latest} canOpen={(path) => held.has(listPermission(path) ?? '')} paymentMethodLabel={paymentMethodLabel} /> : latestSkeleton}
        </Suspense>
      </Panel>
    </Flex>
  );
}
