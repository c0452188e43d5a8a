/**
 * The dashboard's figure cards, every one from a real source: sales and counts of
 * successful transactions (said in the label) and the pending refunds in the header currency, the
 * month's success rate, and the open risk alerts (shown to holders of `risk:view`).
 *
 * Every figure leads to the rows that make it. A sales figure counts every channel and no one
 * list holds them all, so it drills to its channel lines (contract dashboardLines: one per live
 * view, each with its own count or amount and its list filtered exactly as the figure counts);
 * one line is a link of its own, several open under "By channel". The refund and risk cards open
 * their desk's queue. A line shows only when the user may open its list. The sales figures show
 * the previous period beside them (yesterday; the same days of the previous month, with the
 * change), which drills the same way.
 */
import { useState, type ReactNode } from 'react';
import { Button, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, RightOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardLines, type DashboardFigure, type DashboardLine, type ResponseOf } from '@paydesk/contract';
import { allRoutes } from '@paydesk/domain';
import { formatDay, useFormat } from '../../../shared/format.ts';
import { Panel } from '../../../shared/panel.tsx';
import { listUrlOf } from '../../../shared/summary-drill.ts';

type Dashboard = ResponseOf<'dashboard'>;
type Format = ReturnType<typeof useFormat>;

interface Figure {
  testId: string;
  labelKey: string;
  value: (d: Dashboard, f: Format) => string;
  /** What the figure adds to its value (e.g. the number of requests behind an amount). */
  extra?: (d: Dashboard, f: Format, t: (key: string, o?: Record<string, unknown>) => string) => string;
  /** The figure's channel lines (a sales figure), and whether a line shows its amount or its count. */
  drill?: { figure: DashboardFigure; show: 'amount' | 'count' };
  /** The one list of a figure that has one (a desk's queue), its link text and the permission that opens it. */
  link?: { to: string; textKey: string; permission: string };
  /** Whether the caller has the figure at all (default yes). */
  shown?: (d: Dashboard) => boolean;
  /**
   * The figure's comparison (a sales figure): its window's figure, the line's text key, and its
   * channel lines (the comparison drills like the figure). `change`: the percentage change shows
   * only where both periods are alike (the month to date against the same days of the previous
   * month); today, still in progress, is not set against yesterday's whole day.
   */
  compare?: { figure: DashboardFigure; of: (d: Dashboard) => { Amount: string; Count: number }; textKey: string; change: boolean };
}


/** The comparison's words: "Yesterday" or "01-10-2026 – 30-10-2026". */
const compareWhen = (d: Dashboard, figure: DashboardFigure) =>
  figure === 'yesterday' ? formatDay(d.Previous.Yesterday.Day) : `${formatDay(d.Previous.Month.From)} – ${formatDay(d.Previous.Month.To)}`;

/** The change from `before` to `now` in percent with one decimal, or null when `before` is zero. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export const FIGURES: readonly Figure[] = [
  {
    testId: 'dash-today-amount', labelKey: 'dashboard.todayAmount', value: (d, f) => f.money(d.Today.Amount, d.Currency), drill: { figure: 'today', show: 'amount' },
    compare: { figure: 'yesterday', of: (d) => d.Previous.Yesterday, textKey: 'dashboard.compareYesterday', change: false },
  },
  {
    testId: 'dash-today-count', labelKey: 'dashboard.todayCount', value: (d, f) => f.count(d.Today.Count), drill: { figure: 'today', show: 'count' },
    compare: { figure: 'yesterday', of: (d) => d.Previous.Yesterday, textKey: 'dashboard.compareYesterday', change: false },
  },
  {
    testId: 'dash-mtd-amount', labelKey: 'dashboard.mtdAmount', value: (d, f) => f.money(d.MonthToDate.Amount, d.Currency), drill: { figure: 'monthToDate', show: 'amount' },
    compare: { figure: 'previousMonth', of: (d) => d.Previous.Month, textKey: 'dashboard.comparePrevMonth', change: true },
  },
  {
    testId: 'dash-mtd-count', labelKey: 'dashboard.mtdCount', value: (d, f) => f.count(d.MonthToDate.Count), drill: { figure: 'monthToDate', show: 'count' },
    compare: { figure: 'previousMonth', of: (d) => d.Previous.Month, textKey: 'dashboard.comparePrevMonth', change: true },
  },
  // The rate's attempts: the month's successful and failed sales, by channel.
  { testId: 'dash-success-rate', labelKey: 'dashboard.successRate', value: (d, f) => f.percent(d.SuccessRate), drill: { figure: 'attempts', show: 'count' } },
  {
    testId: 'dash-pending-refunds',
    labelKey: 'dashboard.pendingRefunds',
    value: (d, f) => f.money(d.PendingRefunds.Amount, d.Currency),
    extra: (d, f, t) => t('dashboard.pendingRefundsCount', { count: f.count(d.PendingRefunds.Count) }),
    link: { to: '/pre-chargeback?status=PENDING', textKey: 'dashboard.openPendingRefunds', permission: 'prechargeback:view' },
  },
  {
    testId: 'dash-open-risk-alerts',
    labelKey: 'dashboard.openRiskAlerts',
    value: (d, f) => f.count(d.OpenRiskAlerts ?? 0),
    shown: (d) => d.OpenRiskAlerts !== null,
    link: { to: '/risk?status=PENDING,OPEN', textKey: 'dashboard.openRiskQueue', permission: 'risk:view' },
  },
];

const ROUTES = allRoutes();

/** The permission that opens the list at `path` (its menu route's), or undefined for a path with no route. */
export const listPermission = (path: string): string | undefined => ROUTES.find((r) => r.path === path)?.permission;

/** The channel lines of `figure` the user may open (a line whose list the user cannot open is left out, its figure still counts it). */
export function openableLines(d: Dashboard, figure: DashboardFigure, held: ReadonlySet<string>): DashboardLine[] {
  return dashboardLines(d, figure).filter((l) => l.report !== null && held.has(listPermission(l.path) ?? ''));
}

/** One channel line: the list's title as the link, then its amount or count. */
function LineLink({ line, show, d, testId }: { line: DashboardLine; show: 'amount' | 'count'; d: Dashboard; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Flex justify="space-between" gap={8}>
      <Link to={listUrlOf(line.report!, line.searchData)} data-testid={`${testId}-link`} data-path={line.path}>
        {/* The list's menu name: the app catalogue has it (report titles load with the report pages). */}
        {t(ROUTES.find((r) => r.path === line.path)?.labelKey ?? line.report!.titleKey)} <RightOutlined />
      </Link>
      <Typography.Text type="secondary">{show === 'amount' ? format.money(line.amount, d.Currency) : format.count(line.count)}</Typography.Text>
    </Flex>
  );
}

/** A sales figure's channel lines: one as a link of its own; several under a "By channel" toggle. */
function ChannelLines({ f, d, held, toggleKey = 'dashboard.byChannel' }: { f: Pick<Figure, 'testId'> & { drill: NonNullable<Figure['drill']> }; d: Dashboard; held: ReadonlySet<string>; toggleKey?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lines = openableLines(d, f.drill.figure, held);
  if (lines.length === 0) return null;
  if (lines.length === 1) return <LineLink line={lines[0]!} show={f.drill.show} d={d} testId={f.testId} />;
  return (
    <div>
      <Button type="link" size="small" style={{ paddingInline: 0 }} aria-expanded={open} onClick={() => setOpen(!open)} data-testid={`${f.testId}-channels`}>
        {t(toggleKey, { count: lines.length })} {open ? <UpOutlined /> : <DownOutlined />}
      </Button>
      {open && (
        <Flex vertical gap={2}>
          {lines.map((l) => (
            <LineLink key={`${l.serviceType}|${l.path}`} line={l} show={f.drill.show} d={d} testId={f.testId} />
          ))}
        </Flex>
      )}
    </div>
  );
}

/**
 * A sales figure's comparison line: the previous period's figure with its days ("01-10-2026 –
 * 30-10-2026: RM 1,234.00, +12.3 %"), then its own channel lines, which drill as the figure's do.
 */
function Comparison({ f, d, held }: { f: Figure & { drill: NonNullable<Figure['drill']>; compare: NonNullable<Figure['compare']> }; d: Dashboard; held: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const before = f.compare.of(d);
  const show = f.drill.show;
  const value = show === 'amount' ? format.money(before.Amount, d.Currency) : format.count(before.Count);
  const now = show === 'amount' ? Number(f.drill.figure === 'today' ? d.Today.Amount : d.MonthToDate.Amount) : f.drill.figure === 'today' ? d.Today.Count : d.MonthToDate.Count;
  const change = f.compare.change ? percentChange(now, show === 'amount' ? Number(before.Amount) : before.Count) : null;
  const testId = `${f.testId}-prev`;
  return (
    <div>
      <Typography.Text type="secondary" data-testid={testId}>
        {t(f.compare.textKey, { when: compareWhen(d, f.compare.figure), value })}
        {change !== null && (
          <Typography.Text type={change >= 0 ? 'success' : 'danger'} style={{ marginInlineStart: 6 }}>
            {change >= 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {`${change >= 0 ? '+' : '−'}${format.percent(Math.abs(change))}`}
          </Typography.Text>
        )}
      </Typography.Text>
      <ChannelLines f={{ testId, drill: { figure: f.compare.figure, show } }} d={d} held={held} toggleKey="dashboard.previousByChannel" />
    </div>
  );
}

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
          body = (
            <>
              <Statistic title={t(f.labelKey)} value={f.value(data, format)} valueRender={(node) => <span data-testid={f.testId}>{node}</span>} />
              {f.extra && <Typography.Text type="secondary">{f.extra(data, format, t)}</Typography.Text>}
              {f.drill && <ChannelLines f={{ ...f, drill: f.drill }} d={data} held={held} />}
              {f.drill && f.compare && <Comparison f={{ ...f, drill: f.drill, compare: f.compare }} d={data} held={held} />}
              {f.link && held.has(f.link.permission) && (
                <div>
                  <Link to={f.link.to} data-testid={`${f.testId}-link`}>
                    {t(f.link.textKey)} <RightOutlined />
                  </Link>
                </div>
              )}
            </>
          );
        }
        return (
          <Col key={f.testId} xs={24} sm={12} lg={8}>
            <Panel style={{ height: '100%' }}>{body}</Panel>
          </Col>
        );
      })}
    </Row>
  );
}
