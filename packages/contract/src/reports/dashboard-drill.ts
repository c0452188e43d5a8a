/**
 * Where each dashboard figure drills to (issue 29: "every figure leads to itself"). A figure
 * counts every channel, and no one live list holds every channel, so a figure drills to its
 * channel lines: one per live view (e-commerce, pre-auth, pay-by-card, payment link, recurring,
 * and the terminal's card, e-wallet and BNPL views by payment method), each with its count and
 * amount and the list that holds exactly those rows. The lines add up to the figure; each line's
 * list answers its count and amount (the generated dashboard-drill test proves both at three
 * scopes on both databases). One pure function the web page and the tests call, so the link a
 * user follows and the property the tests prove are the same code (as summary-drill.ts).
 *
 * The lines come from the sales-report drill (drillDown) of an organization sales report: split
 * by service type, a terminal row led to its view by the payment methods it covers.
 */
import { dayjs, sumMoney } from '@paydesk/domain';
import type { ListReportDef } from './define.ts';
import { merchantSales } from './defs/sales-org.ts';
import { drillDown } from './summary-drill.ts';
import type { SummaryRow } from './summary-schemas.ts';

/** One row of the dashboard's Breakdown (contract DashboardResponse): a window, service type, method and status. */
export interface DashboardBreakdownRow {
  Window: DashboardWindow;
  ServiceType: number;
  PaymentMethod: string | null;
  Status: 'SUCCESS' | 'FAILED';
  Count: number;
  Amount: string;
}

/** The windows of the Breakdown: today, the month to date, and the two comparison windows. */
export type DashboardWindow = 'TODAY' | 'MONTH' | 'YESTERDAY' | 'PREV_MONTH';

/**
 * The figures that drill by channel: today's and the month's successful sales, the month's
 * attempts (the success rate's), and the comparison figures (yesterday's and the same days of the
 * previous month's successful sales).
 */
export type DashboardFigure = 'today' | 'monthToDate' | 'attempts' | 'yesterday' | 'previousMonth';

/** The Breakdown window of each figure. */
const FIGURE_WINDOW: Record<DashboardFigure, DashboardWindow> = { today: 'TODAY', monthToDate: 'MONTH', attempts: 'MONTH', yesterday: 'YESTERDAY', previousMonth: 'PREV_MONTH' };

/**
 * The MYT days ('YYYY-MM-DD', both ends included) each window covers for a business day `day`:
 * TODAY the day, MONTH the 1st to the day, YESTERDAY the day before, PREV_MONTH the previous
 * month's 1st to its same day of the month (cut at its last day: 31 March compares with 1–28 or
 * 29 February). The server reads these ranges and the drill filters its lists by them: one code.
 */
export function dashboardWindows(day: string): Record<DashboardWindow, { from: string; to: string }> {
  const d = dayjs.utc(day);
  const prev = d.subtract(1, 'month');
  const prevEnd = prev.date() < d.date() ? prev.endOf('month') : prev;
  return {
    TODAY: { from: day, to: day },
    MONTH: { from: d.startOf('month').format('YYYY-MM-DD'), to: day },
    YESTERDAY: { from: d.subtract(1, 'day').format('YYYY-MM-DD'), to: d.subtract(1, 'day').format('YYYY-MM-DD') },
    PREV_MONTH: { from: prev.startOf('month').format('YYYY-MM-DD'), to: prevEnd.format('YYYY-MM-DD') },
  };
}

/** One channel line of a figure: its live list and SearchData, and what it counts there. */
export interface DashboardLine {
  serviceType: number;
  path: string;
  report: ListReportDef | null;
  searchData: Record<string, unknown>;
  /** Whether the list holds exactly these rows (drillDown's `exact`). */
  exact: boolean;
  count: number;
  /** Decimal string in the dashboard's currency. */
  amount: string;
}

/**
 * The channel lines of `figure` for a dashboard answer `d` (its BusinessDay, Currency and
 * Breakdown), ordered by service type then path; lines with no rows are left out. Each figure's
 * lines cover its window's MYT days (dashboardWindows); 'attempts' counts SUCCESS and FAILED.
 */
export function dashboardLines(d: { BusinessDay: string; Currency: string; Breakdown: readonly DashboardBreakdownRow[] }, figure: DashboardFigure): DashboardLine[] {
  const window = FIGURE_WINDOW[figure];
  const statuses = figure === 'attempts' ? ['SUCCESS', 'FAILED'] : ['SUCCESS'];
  const { from, to } = dashboardWindows(d.BusinessDay)[window];
  const rows = d.Breakdown.filter((r) => r.Window === window && statuses.includes(r.Status));
  // Rows of one service type that drill to the same view are one line (the view's methods).
  const groups = new Map<string, { serviceType: number; path: string; methods: Set<string>; rows: DashboardBreakdownRow[] }>();
  for (const r of rows) {
    const path = drillOf(d, from, to, statuses, r.ServiceType, r.PaymentMethod === null ? [] : [r.PaymentMethod]).path;
    const key = `${r.ServiceType}|${path}`;
    const g = groups.get(key) ?? { serviceType: r.ServiceType, path, methods: new Set<string>(), rows: [] };
    if (r.PaymentMethod !== null) g.methods.add(r.PaymentMethod);
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => {
      const drill = drillOf(d, from, to, statuses, g.serviceType, [...g.methods].sort());
      return {
        serviceType: g.serviceType,
        path: drill.path,
        report: drill.report,
        searchData: drill.searchData,
        exact: drill.exact && !g.rows.some((r) => r.PaymentMethod === null && g.methods.size > 0),
        count: g.rows.reduce((n, r) => n + r.Count, 0),
        amount: sumMoney(g.rows.map((r) => r.Amount)),
      };
    })
    .filter((l) => l.count > 0)
    .sort((a, b) => a.serviceType - b.serviceType || a.path.localeCompare(b.path));
}

/** Whether a service type's rows drill to a view chosen by payment method (the terminal's). */
function byMethod(serviceType: number): boolean {
  const target = merchantSales.drillTo;
  return typeof target !== 'string' && typeof target.paths[String(serviceType)] === 'object';
}

/**
 * The drill of one service type's rows over MYT days `from`..`to` in `statuses`: a terminal
 * line names its payment methods, so the drill leads it to their view; the list's SearchData then
 * holds the days, statuses, Currency and the sale predicate (drillDown).
 */
function drillOf(d: { Currency: string }, from: string, to: string, statuses: string[], serviceType: number, methods: string[]) {
  const req = {
    SearchData: { DateFrom: `${from}T00:00:00.000+08:00`, DateTo: `${to}T23:59:59.999+08:00`, Status: statuses, ...(byMethod(serviceType) && methods.length ? { PaymentMethod: methods } : {}), Currency: d.Currency },
    Period: from === to ? ('day' as const) : ('month' as const),
    GroupBy: null,
  };
  const row = { Period: from, Group: null, GroupLabel: null, ServiceType: serviceType } as SummaryRow;
  return drillDown(merchantSales, req as never, row, d.Currency);
}

/**
 * The live view (its path) that lists a transaction of `serviceType` paid by `paymentMethod`, as
 * the sales drill chooses it: e-commerce, pre-auth …, a terminal payment by its method's view.
 * Each view shows the record at `{path}/{Id}` (the dashboard's latest transactions open there).
 */
export function transactionViewPath(serviceType: number, paymentMethod: string | null): string {
  const values: Record<string, string | null> = { ServiceType: String(serviceType), PaymentMethod: paymentMethod };
  let target = merchantSales.drillTo;
  while (typeof target !== 'string') {
    const v = values[target.by];
    target = (v === null || v === undefined ? undefined : target.paths[v]) ?? target.otherwise;
  }
  return target;
}
