/**
 * Dashboard figures for the caller's subtree and one
 * currency (the header's), read by summaries/query.ts (two reads: days × service type × status,
 * and the 30-day payment method mix) at the caller's hierarchy level (summary
 * key ranges; at agent level and below, the days outside whole months are the caller's own index
 * range of transactions) and the refund table, never a scan of the whole transactions table;
 * the latest transactions are one LIMIT 10 index read per service type (LATERAL), merged; the
 * comparison windows (yesterday, the same days of the previous month) are two more summary reads. Business
 * days are MYT. Sales figures, trend and mix count SUCCESS transactions only; the open risk alerts
 * (PENDING or OPEN) are counted for callers holding `risk:view`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dashboardWindows } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, SERVICE_TYPE_CODES, dayjs, sumMoney } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { refundRequests, riskAlerts, transactions as t } from '../../db/schema/index.ts';
import { scopeCondition, type Scope } from '../../platform/scope.ts';
import { readSummary } from '../../summaries/query.ts';
import { branchOrg, listColumns, merchantOrg, toListItem, type ListRow } from './latest-row.ts';

/**
 * The dashboard answer (contract DashboardResponse) for `scope` in `currency` (ISO 4217, upper
 * case); `now` fixes the MYT business day (today, partial) and the month and 30-day windows.
 */
export async function getDashboardSummary(database: Database, scope: Scope, currency: string, now: Date) {
  const today = dayjs(now).tz(BUSINESS_TIME_ZONE);
  const day = today.format('YYYY-MM-DD');
  const monthStart = today.startOf('month').format('YYYY-MM-DD');
  const trendStart = today.subtract(29, 'day').format('YYYY-MM-DD');
  const from = monthStart < trendStart ? monthStart : trendStart;
  // The four reads are independent: issued together, answered in one round of waiting. The sales
  // figures are two summary reads, not one grouped by day × service type × method × status: the
  // days need no payment method, so they come from the organization rollup (about 200 rows for the
  // platform's 30 days instead of 7,700 method × scheme rows), and the method mix needs no day
  // (40 groups instead of 1,800). Whole platform dashboard at 10 M transactions: p50 28 ms with the
  // one read, 11 ms with the two (40 runs each; docs/ARCHITECTURE.md "Summaries").
  // The comparison windows (yesterday; the same days of the previous month), as the drill reads them.
  const windows = dashboardWindows(day);
  const [byDay, byMethod, todayChannels, monthChannels, yesterdayChannels, prevMonthChannels, [pending], latest, openAlerts] = await Promise.all([
    // SUCCESS and FAILED only: the figures and the success rate need nothing else.
    readSummary(database, scope, { from, to: day, currency, statuses: ['SUCCESS', 'FAILED'], groupBy: ['day', 'serviceType', 'status'] }),
    readSummary(database, scope, { from: trendStart, to: day, currency, statuses: ['SUCCESS'], groupBy: ['paymentMethod'] }),
    // The figures by channel, for their drill-down (no day: a few dozen groups each).
    readSummary(database, scope, { from: day, to: day, currency, statuses: ['SUCCESS'], groupBy: ['serviceType', 'paymentMethod', 'status'] }),
    readSummary(database, scope, { from: monthStart, to: day, currency, statuses: ['SUCCESS', 'FAILED'], groupBy: ['serviceType', 'paymentMethod', 'status'] }),
    readSummary(database, scope, { ...windows.YESTERDAY, currency, statuses: ['SUCCESS'], groupBy: ['serviceType', 'paymentMethod', 'status'] }),
    readSummary(database, scope, { ...windows.PREV_MONTH, currency, statuses: ['SUCCESS'], groupBy: ['serviceType', 'paymentMethod', 'status'] }),
    // Pending refunds in the requested currency only, like every other figure.
    database.db
      .select({ n: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${refundRequests.amount}), 0)::text` })
      .from(refundRequests)
      .where(and(scopeCondition(scope, refundRequests), eq(refundRequests.status, 'PENDING'), eq(refundRequests.currency, currency))),
    database.db
      .select(listColumns)
      .from(t)
      .leftJoin(merchantOrg, eq(merchantOrg.id, t.merchantId))
      .leftJoin(branchOrg, eq(branchOrg.id, t.branchId))
      .where(sql`${t.id} IN (${latestIds(scope, currency)})`)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(10) as Promise<ListRow[]>,
    scope.permissions.has('risk:view')
      ? database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(riskAlerts)
          .where(and(scopeCondition(scope, riskAlerts), inArray(riskAlerts.status, ['PENDING', 'OPEN'])))
          .then(([r]) => Number(r?.n ?? 0))
      : Promise.resolve(null),
  ]);
  // Refund-only groups carry no transactions; the dashboard counts transactions.
  const rows = byDay
    .filter((r) => r.txnCount !== 0)
    .map((r) => ({ day: r.day!, serviceType: r.serviceType!, status: r.status!, count: r.txnCount, amount: r.gross }));

  const success = rows.filter((r) => r.status === 'SUCCESS');
  const todayRows = success.filter((r) => r.day === day);
  const mtdRows = success.filter((r) => r.day >= monthStart);
  const attempts = rows.filter((r) => r.day >= monthStart && (r.status === 'SUCCESS' || r.status === 'FAILED'));
  const attemptCount = attempts.reduce((n, r) => n + Number(r.count), 0);
  const successCount = mtdRows.reduce((n, r) => n + Number(r.count), 0);

  // The comparison windows' rows: their figures add them up, and they drill like the others.
  const yesterday = channels('YESTERDAY', yesterdayChannels);
  const prevMonth = channels('PREV_MONTH', prevMonthChannels);

  const trend = new Map<string, { Day: string; ServiceType: number; amounts: string[]; Count: number }>();
  for (const r of success.filter((x) => x.day >= trendStart)) {
    const k = `${r.day}|${r.serviceType}`;
    const e = trend.get(k) ?? { Day: r.day, ServiceType: r.serviceType, amounts: [], Count: 0 };
    e.amounts.push(r.amount);
    e.Count += Number(r.count);
    trend.set(k, e);
  }

  return {
    Currency: currency,
    BusinessDay: day,
    Today: { Amount: sumMoney(todayRows.map((r) => r.amount)), Count: todayRows.reduce((n, r) => n + Number(r.count), 0) },
    MonthToDate: { Amount: sumMoney(mtdRows.map((r) => r.amount)), Count: successCount },
    SuccessRate: attemptCount === 0 ? 0 : Math.round((successCount / attemptCount) * 1000) / 10,
    PendingRefunds: { Amount: sumMoney([pending?.amount ?? '0']), Count: Number(pending?.n ?? 0) },
    OpenRiskAlerts: openAlerts,
    Trend: [...trend.values()]
      .map((e) => ({ Day: e.Day, ServiceType: e.ServiceType, Amount: sumMoney(e.amounts), Count: e.Count }))
      .sort((a, b) => a.Day.localeCompare(b.Day) || a.ServiceType - b.ServiceType),
    PaymentMethodMix: byMethod
      .filter((r) => r.txnCount !== 0)
      .map((r) => ({ PaymentMethod: r.paymentMethod!, Amount: sumMoney([r.gross]), Count: r.txnCount }))
      .sort((a, b) => b.Count - a.Count || a.PaymentMethod.localeCompare(b.PaymentMethod)),
    Latest: latest.map(toListItem),
    Breakdown: [...channels('TODAY', todayChannels), ...channels('MONTH', monthChannels), ...yesterday, ...prevMonth],
    Previous: {
      Yesterday: { Day: windows.YESTERDAY.from, ...figure(yesterday) },
      Month: { From: windows.PREV_MONTH.from, To: windows.PREV_MONTH.to, ...figure(prevMonth) },
    },
  };
}

/** The count and amount of Breakdown rows (successful ones only are read for the comparison windows). */
function figure(rows: { Count: number; Amount: string }[]) {
  return { Amount: sumMoney(rows.map((r) => r.Amount)), Count: rows.reduce((n, r) => n + r.Count, 0) };
}

/** Summary rows by service type, method and status as Breakdown rows of `window` (groups without a transaction left out). */
function channels(window: 'TODAY' | 'MONTH' | 'YESTERDAY' | 'PREV_MONTH', rows: Awaited<ReturnType<typeof readSummary>>) {
  return rows
    .filter((r) => r.txnCount !== 0)
    .map((r) => ({ Window: window, ServiceType: r.serviceType!, PaymentMethod: r.paymentMethod ?? null, Status: r.status as 'SUCCESS' | 'FAILED', Count: r.txnCount, Amount: sumMoney([r.gross]) }))
    .sort((a, b) => a.ServiceType - b.ServiceType || String(a.PaymentMethod).localeCompare(String(b.PaymentMethod)) || a.Status.localeCompare(b.Status));
}

/**
 * The ids of the 10 newest transactions in scope and currency: the 10 newest of each service type
 * (each an index range on (scope column, service_type, created_at, id) read backwards), merged.
 * Without the service type the planner found no index that yields created_at order in scope and
 * scanned the table (1.6 s at 2 M rows; 2.9 ms per service type).
 */
function latestIds(scope: Scope, currency: string) {
  const codes = sql.raw(SERVICE_TYPE_CODES.map((c) => `(${Number(c)})`).join(', '));
  const inScope = scopeCondition(scope, t) ?? sql`true`;
  return sql`SELECT x.id FROM (VALUES ${codes}) AS st(code) CROSS JOIN LATERAL (
    SELECT ${t.id} AS id, ${t.createdAt} AS created_at FROM ${t}
    WHERE ${inScope} AND ${t.serviceType} = st.code AND ${t.currency} = ${currency}
    ORDER BY ${t.createdAt} DESC, ${t.id} DESC LIMIT 10) x
  ORDER BY x.created_at DESC, x.id DESC LIMIT 10`;
}
