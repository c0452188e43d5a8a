/**
 * Dashboard figures (issue 2 §9, issue 9) for the caller's subtree and one currency (the header's),
 * read from `daily_sales_summary` (kept current by trigger) and the refund table, never a scan of
 * raw transactions; the latest transactions are an index-ordered LIMIT read. Business days are
 * MYT. Sales figures, trend and mix count SUCCESS transactions only; there is no risk figure
 * (no risk module exists yet, and a figure without a source is not shown).
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, dayjs, sumMoney } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';
import { dailySalesSummary as s, refundRequests, transactions as t } from '../../db/schema.ts';
import { scopeCondition, type Scope } from '../../platform/scope.ts';
import { branchOrg, listColumns, merchantOrg, toListItem, type ListRow } from '../transactions/query.ts';

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
  const where = and(scopeCondition(scope, s), eq(s.currency, currency), gte(s.businessDay, from));
  // The three reads are independent: issued together, answered in one round of waiting.
  const summaryRead = database.db
    .select({
      day: s.businessDay,
      serviceType: s.serviceType,
      paymentMethod: s.paymentMethod,
      status: s.status,
      count: sql<number>`sum(${s.txnCount})::int`,
      amount: sql<string>`sum(${s.amount})::text`,
    })
    .from(s)
    .where(where)
    .groupBy(s.businessDay, s.serviceType, s.paymentMethod, s.status);
  const [rows, [pending], latest] = await Promise.all([
    summaryRead,
    // Pending refunds in the requested currency only, like every other figure (issue 9).
    database.db
      .select({ n: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${refundRequests.amount}), 0)::text` })
      .from(refundRequests)
      .where(and(scopeCondition(scope, refundRequests), eq(refundRequests.status, 'PENDING'), eq(refundRequests.currency, currency))),
    database.db
      .select(listColumns)
      .from(t)
      .leftJoin(merchantOrg, eq(merchantOrg.id, t.merchantId))
      .leftJoin(branchOrg, eq(branchOrg.id, t.branchId))
      .where(and(scopeCondition(scope, t), eq(t.currency, currency)))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(10) as Promise<ListRow[]>,
  ]);

  const success = rows.filter((r) => r.status === 'SUCCESS');
  const todayRows = success.filter((r) => r.day === day);
  const mtdRows = success.filter((r) => r.day >= monthStart);
  const attempts = rows.filter((r) => r.day >= monthStart && (r.status === 'SUCCESS' || r.status === 'FAILED'));
  const attemptCount = attempts.reduce((n, r) => n + Number(r.count), 0);
  const successCount = mtdRows.reduce((n, r) => n + Number(r.count), 0);

  const trend = new Map<string, { Day: string; ServiceType: number; amounts: string[]; Count: number }>();
  const mix = new Map<string, { amounts: string[]; Count: number }>();
  for (const r of success.filter((x) => x.day >= trendStart)) {
    const k = `${r.day}|${r.serviceType}`;
    const e = trend.get(k) ?? { Day: r.day, ServiceType: r.serviceType, amounts: [], Count: 0 };
    e.amounts.push(r.amount);
    e.Count += Number(r.count);
    trend.set(k, e);
    const m = mix.get(r.paymentMethod) ?? { amounts: [], Count: 0 };
    m.amounts.push(r.amount);
    m.Count += Number(r.count);
    mix.set(r.paymentMethod, m);
  }

  return {
    Currency: currency,
    BusinessDay: day,
    Today: { Amount: sumMoney(todayRows.map((r) => r.amount)), Count: todayRows.reduce((n, r) => n + Number(r.count), 0) },
    MonthToDate: { Amount: sumMoney(mtdRows.map((r) => r.amount)), Count: successCount },
    SuccessRate: attemptCount === 0 ? 0 : Math.round((successCount / attemptCount) * 1000) / 10,
    PendingRefunds: { Amount: sumMoney([pending?.amount ?? '0']), Count: Number(pending?.n ?? 0) },
    Trend: [...trend.values()]
      .map((e) => ({ Day: e.Day, ServiceType: e.ServiceType, Amount: sumMoney(e.amounts), Count: e.Count }))
      .sort((a, b) => a.Day.localeCompare(b.Day) || a.ServiceType - b.ServiceType),
    PaymentMethodMix: [...mix.entries()]
      .map(([PaymentMethod, m]) => ({ PaymentMethod, Amount: sumMoney(m.amounts), Count: m.Count }))
      .sort((a, b) => b.Count - a.Count),
    Latest: latest.map(toListItem),
  };
}
