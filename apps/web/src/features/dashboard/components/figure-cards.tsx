/**
 * The dashboard's figure cards, every one from a real source: sales and counts of
 * successful transactions (said in the label) and the pending refunds in the header currency, the
 * month's success rate, and the open risk alerts (shown to holders of `risk:view`). A
 * card whose figure has a built list opens it, filtered as the figure counts, when the user may
 * open that list.
 */
import type { ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResponseOf } from '@paydesk/contract';
import { useFormat } from '../../../shared/format.ts';
import { ecommerceListLink, monthStartOf } from '../chart-data.ts';

type Dashboard = ResponseOf<'dashboard'>;
type Format = ReturnType<typeof useFormat>;

interface Figure {
  testId: string;
  labelKey: string;
  value: (d: Dashboard, f: Format) => string;
  /** What the figure adds to its value (e.g. the number of requests behind an amount). */
  extra?: (d: Dashboard, f: Format, t: (key: string, o?: Record<string, unknown>) => string) => string;
  /** The list filtered as this figure counts, when the figure has one. */
  link?: (d: Dashboard) => string;
  /** The permission that opens the list (default the e-commerce list's). */
  linkPermission?: string;
  /** Whether the caller has the figure at all (default yes). */
  shown?: (d: Dashboard) => boolean;
}

const today = (d: Dashboard) => ecommerceListLink(d.BusinessDay, d.BusinessDay, ['SUCCESS']);
const monthToDate = (d: Dashboard) => ecommerceListLink(monthStartOf(d.BusinessDay), d.BusinessDay, ['SUCCESS']);

export const FIGURES: readonly Figure[] = [
  { testId: 'dash-today-amount', labelKey: 'dashboard.todayAmount', value: (d, f) => f.money(d.Today.Amount, d.Currency), link: today },
  { testId: 'dash-today-count', labelKey: 'dashboard.todayCount', value: (d, f) => f.count(d.Today.Count), link: today },
  { testId: 'dash-mtd-amount', labelKey: 'dashboard.mtdAmount', value: (d, f) => f.money(d.MonthToDate.Amount, d.Currency), link: monthToDate },
  { testId: 'dash-mtd-count', labelKey: 'dashboard.mtdCount', value: (d, f) => f.count(d.MonthToDate.Count), link: monthToDate },
  {
    testId: 'dash-success-rate',
    labelKey: 'dashboard.successRate',
    value: (d, f) => f.percent(d.SuccessRate),
    // The rate's attempts: the month's successful and failed transactions.
    link: (d) => ecommerceListLink(monthStartOf(d.BusinessDay), d.BusinessDay, ['SUCCESS', 'FAILED']),
  },
  {
    testId: 'dash-pending-refunds',
    labelKey: 'dashboard.pendingRefunds',
    value: (d, f) => f.money(d.PendingRefunds.Amount, d.Currency),
    extra: (d, f, t) => t('dashboard.pendingRefundsCount', { count: f.count(d.PendingRefunds.Count) }),
    link: () => '/pre-chargeback?status=PENDING',
    linkPermission: 'prechargeback:view',
  },
  {
    testId: 'dash-open-risk-alerts',
    labelKey: 'dashboard.openRiskAlerts',
    value: (d, f) => f.count(d.OpenRiskAlerts ?? 0),
    shown: (d) => d.OpenRiskAlerts !== null,
    link: () => '/risk?status=PENDING,OPEN',
    linkPermission: 'risk:view',
  },
];

/**
 * The cards of `data` (a skeleton while it loads; amounts in `data.Currency`, the header
 * currency asked for). `held`: the user's permissions; a card links to its list when they open it.
 */
export function FigureCards({ data, held }: { data: Dashboard | undefined; held: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.filter((f) => !data || !f.shown || f.shown(data)).map((f) => {
        let body: ReactNode = <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />;
        if (data) {
          const href = f.link && held.has(f.linkPermission ?? 'transaction:ecommerce') ? f.link(data) : undefined;
          body = (
            <>
              <Statistic title={t(f.labelKey)} value={f.value(data, format)} valueRender={(node) => <span data-testid={f.testId}>{node}</span>} />
              {f.extra && <Typography.Text type="secondary">{f.extra(data, format, t)}</Typography.Text>}
              {href && (
                <div>
                  <Link to={href} data-testid={`${f.testId}-link`}>
                    {t('dashboard.openList')} <RightOutlined />
                  </Link>
                </div>
              )}
            </>
          );
        }
        return (
          <Col key={f.testId} xs={24} sm={12} lg={8}>
            <Card size="small" style={{ height: '100%' }}>
              {body}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
