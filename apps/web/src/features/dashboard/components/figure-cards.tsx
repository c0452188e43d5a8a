/**
 * The dashboard's figure cards, every one in the header currency and from a real source (issue
 * 9): sales and counts of successful transactions (said in the label), the month's success rate
 * and the pending refunds. No card without a source (there is no risk figure until a risk module
 * exists). A card whose figure has a built list opens it, filtered as the figure counts.
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
  /** The e-commerce list filtered as this figure counts, when the figure has one. */
  link?: (d: Dashboard) => string;
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
    // No refund screen is built yet: the card opens nothing rather than a page that does not exist.
  },
];

/**
 * The cards of `data` (a skeleton while it loads; amounts in `data.Currency`, the header
 * currency asked for). `canOpenList`: the user may open the e-commerce list, so cards link to it.
 */
export function FigureCards({ data, canOpenList }: { data: Dashboard | undefined; canOpenList: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map((f) => {
        let body: ReactNode = <Skeleton active paragraph={{ rows: 1 }} title={{ width: '60%' }} />;
        if (data) {
          const href = canOpenList && f.link ? f.link(data) : undefined;
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
