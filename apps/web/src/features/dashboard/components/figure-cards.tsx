import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { formatAmount } from '@paydesk/domain';

type Dashboard = ResponseOf<'dashboard'>;

interface Figure {
  testId: string;
  labelKey: string;
  value: (d: Dashboard, currency: string) => string;
}

const FIGURES: Figure[] = [
  { testId: 'dash-today-amount', labelKey: 'dashboard.todayAmount', value: (d, c) => formatAmount(d.Today.Amount, c) },
  { testId: 'dash-today-count', labelKey: 'dashboard.todayCount', value: (d) => d.Today.Count.toLocaleString('en-MY') },
  { testId: 'dash-mtd-amount', labelKey: 'dashboard.mtdAmount', value: (d, c) => formatAmount(d.MonthToDate.Amount, c) },
  { testId: 'dash-mtd-count', labelKey: 'dashboard.mtdCount', value: (d) => d.MonthToDate.Count.toLocaleString('en-MY') },
  { testId: 'dash-success-rate', labelKey: 'dashboard.successRate', value: (d) => `${d.SuccessRate.toFixed(1)}%` },
  { testId: 'dash-pending-refunds', labelKey: 'dashboard.pendingRefunds', value: (d) => d.PendingRefunds.toLocaleString('en-MY') },
  { testId: 'dash-open-risk', labelKey: 'dashboard.openRisk', value: (d) => d.OpenRiskAlerts.toLocaleString('en-MY') },
];

export function FigureCards({ data, currency }: { data: Dashboard | undefined; currency: string }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((f) => (
        <Col key={f.testId} xs={24} sm={12} lg={8} xxl={6}>
          <Card size="small">
            {data ? (
              <Statistic title={t(f.labelKey)} value={f.value(data, currency)} valueRender={(node) => <span data-testid={f.testId}>{node}</span>} />
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
