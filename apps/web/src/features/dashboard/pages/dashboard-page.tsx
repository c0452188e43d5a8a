/**
 * `/`: today's and month-to-date figures, 30-day trend, payment-method mix, latest transactions,
 * all in the header currency: changing it asks the server again for every figure.
 */
import { Suspense, lazy } from 'react';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { usePaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { useDashboardQuery } from '../../../store/api.ts';
import { useHeaderCurrency } from '../../../store/header-currency.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { FigureCards, listPermission } from '../components/figure-cards.tsx';
import { LatestTable } from '../components/latest-table.tsx';
import { formatDay } from '../../../shared/format.ts';

// ECharts is the largest dependency: it loads after the figures, in its own chunk.
const TrendChart = lazy(() => import('../components/charts.tsx').then((m) => ({ default: m.TrendChart })));
const MixChart = lazy(() => import('../components/charts.tsx').then((m) => ({ default: m.MixChart })));
const chartSkeleton = <Skeleton active paragraph={{ rows: 8 }} />;

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

  if (!allowed) {
    return <Result status="info" title={t('dashboard.welcome', { name: profile?.NickName ?? '' })} subTitle={t('dashboard.noFigures')} />;
  }

  if (query.isError && !query.data) {
    return (
      <Result
        status="error"
        title={t('common.loadError')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
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
          <Card title={t('dashboard.trend')} size="small">
            <Suspense fallback={chartSkeleton}>{data ? <TrendChart trend={data.Trend} businessDay={data.BusinessDay} currency={data.Currency} /> : chartSkeleton}</Suspense>
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t('dashboard.mix')} size="small">
            <Suspense fallback={chartSkeleton}>{data ? <MixChart mix={data.PaymentMethodMix} currency={data.Currency} label={paymentMethodLabel} /> : chartSkeleton}</Suspense>
          </Card>
        </Col>
      </Row>
      <Card title={t('dashboard.latest')} size="small">
        {data ? <LatestTable rows={data.Latest} canOpen={(path) => held.has(listPermission(path) ?? '')} paymentMethodLabel={paymentMethodLabel} /> : <Skeleton active paragraph={{ rows: 5 }} />}
      </Card>
    </Flex>
  );
}
