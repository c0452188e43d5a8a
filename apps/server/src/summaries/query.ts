/**
 * The reusable reader of the sales summaries (issue 10 Build 4/5) for the dashboard and the sales
 * reports: one indexed range read per source at the hierarchy level the question needs; at the
 * deep levels the days outside whole months are one index range of the caller's transactions. See docs/ARCHITECTURE.md "Summaries" for the tables.
 */
import { ORG_LEVELS, TRANSACTION_STATUSES, type OrgLevel } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { monthSplit } from './month-split.ts';
import { DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL, STATUS_MEASURES } from './rebuild.ts';
import { saleRowSql } from './sales.ts';

/** The hierarchy dimensions a summary can be filtered and grouped by, with their level and column. */
export const ORG_DIMENSIONS = {
  masterMerchant: { level: 1, column: 'master_merchant_id' },
  agency: { level: 2, column: 'agency_id' },
  agent: { level: 3, column: 'agent_id' },
  merchant: { level: 4, column: 'merchant_id' },
  branch: { level: 5, column: 'branch_id' },
} as const;
export type OrgDimension = keyof typeof ORG_DIMENSIONS;

const PLAIN_DIMENSIONS = {
  day: 'business_day',
  week: 'week',
  month: 'month',
  serviceType: 'service_type',
  paymentMethod: 'payment_method',
  cardScheme: 'card_scheme',
  status: 'status',
} as const;
export type SummaryGroup = keyof typeof PLAIN_DIMENSIONS | OrgDimension;
export const SUMMARY_GROUPS = [...Object.keys(PLAIN_DIMENSIONS), ...Object.keys(ORG_DIMENSIONS)] as SummaryGroup[];

export interface SummaryQuery {
  /** First and last MYT business day, inclusive, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  serviceTypes?: readonly number[];
  paymentMethods?: readonly string[];
  /** Card schemes (VISA, MASTERCARD …); a transaction without a scheme never matches this filter. */
  cardSchemes?: readonly string[];
  /** Transaction statuses. Refunds count as SUCCESS (only a successful transaction is refunded). */
  statuses?: readonly string[];
  /** ISO 4217, upper case; figures are never summed across currencies. */
  currency: string;
  /** Organizations per hierarchy level (ids); inside the caller's scope only, the scope still applies. */
  orgFilter?: Partial<Record<OrgDimension, readonly number[]>>;
  groupBy: readonly SummaryGroup[];
}

/**
 * One summary row: the group keys asked for, then the measures. Money is a decimal string of
 * the currency's major unit (ringgit for MYR), 2 decimals. `day`, `week` (its Monday) and `month`
 * (its first day) are MYT dates 'YYYY-MM-DD'; `cardScheme` is null for transactions without one;
 * `branch` is null for an HQ's own (branchless) sales.
 */
export interface SummaryRow {
  day?: string;
  week?: string;
  month?: string;
  serviceType?: number;
  paymentMethod?: string;
  cardScheme?: string | null;
  status?: string;
  masterMerchant?: number;
  agency?: number;
  agent?: number;
  merchant?: number;
  branch?: number | null;
  /** Sale transactions (saleRowSql) of any (filtered) status, and their amount. */
  txnCount: number;
  gross: string;
  successCount: number;
  successAmount: string;
  /** Refund requests REFUNDED or COMPLETED, on the MYT day they reached that status. */
  refundCount: number;
  refundAmount: string;
  /** MDR fees of the counted transactions. */
  mdrFee: string;
  /** successAmount − refundAmount − mdrFee. */
  net: string;
}

const LEVEL_OF: Record<OrgLevel, number> = { MASTER_MERCHANT: 1, AGENCY: 2, AGENT: 3, MERCHANT_HQ: 4, MERCHANT_BRANCH: 5 };
/** The ancestor id columns of levels 1..5 (transactions, summaries and settlement batches share them). */
export const ANCESTOR_COLUMNS = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'branch_id'] as const;

/**
 * The caller's position in the summaries: its level (0 = platform) and the ids of its ancestors
 * and itself, read from the materialized path ("/1/4/17/"). Null when the caller sees nothing
 * (not SUPERADMIN and no company). Throws when the path does not match the level.
 */
export function scopePosition(scope: Scope): { level: number; ids: number[] } | null {
  if (scope.orgId === null || scope.orgLevel === null) return scope.groupType === 'SUPERADMIN' ? { level: 0, ids: [] } : null;
  const level = LEVEL_OF[scope.orgLevel];
  const ids = (scope.orgPath ?? '').split('/').filter(Boolean).map(Number);
  if (ids.length !== level || ids[level - 1] !== scope.orgId) {
    throw new Error(`scopePosition: path ${scope.orgPath} does not place ${ORG_LEVELS[level - 1]} ${scope.orgId}`);
  }
  return { level, ids };
}

/**
 * The key conditions of a read at summary `level` by a caller at `position` (scopePosition), for
 * every summary table keyed (level, master_merchant_id, agency_id, agent_id, merchant_id,
 * branch_id, …): the level, 0 for the ancestors below it (so the primary key seeks straight to the
 * period range) and the caller's ancestors above its own id (its own id is the scope condition the
 * raw tables share). `p` adds a parameter and returns its placeholder.
 */
export function summaryKeyConditions(level: number, position: { level: number; ids: number[] } | null, p: (v: unknown) => string): string[] {
  return [`level = ${level}`, ...ANCESTOR_COLUMNS.flatMap((c, i) => (i >= level ? [`${c} = 0`] : [])),
    ...(position?.ids.slice(0, -1).map((id, i) => `${ANCESTOR_COLUMNS[i]} = ${p(id)}`) ?? [])];
}

/** Where each part of a question is read from (see readSummary). */
export interface ReadPlan {
  /**
   * The summary tables read: the organization rollups (no payment method, no card scheme) when
   * the question neither filters nor groups by either, else the sales summaries.
   */
  tables: { daily: 'sales_summary_daily' | 'sales_summary_org_daily'; monthly: 'sales_summary_monthly' | 'sales_summary_org_monthly' };
  /** Day ranges read from the daily table. */
  dailyDays: [string, string][];
  /** First days of the first and last month read from the monthly table. */
  months: [string, string] | null;
  /** Day ranges read from `transactions` (one index range on the caller's scope column). */
  rawDays: [string, string][];
}

/**
 * The sources for a question at summary level `level` (0 platform … 5 outlet): the daily table
 * when it holds that level with the keys asked (DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL), else
 * raw transactions for the days; whole calendar months come from the monthly table unless the
 * answer is grouped by day or week. A question that needs neither the card scheme nor the payment
 * method (as filter or group) reads the organization rollups (about a quarter of the rows at the
 * merchant levels). `from`/`to` are inclusive MYT days 'YYYY-MM-DD', from ≤ to.
 */
export function planRead(level: number, needsScheme: boolean, needsMethod: boolean, byDay: boolean, from: string, to: string): ReadPlan {
  const daily = level <= DAILY_MAX_LEVEL && (!needsScheme || level <= DAILY_SCHEME_MAX_LEVEL);
  const split = byDay ? { days: [[from, to]] as [string, string][], months: null } : monthSplit(from, to);
  const byOrg = !needsScheme && !needsMethod;
  return {
    tables: byOrg ? { daily: 'sales_summary_org_daily', monthly: 'sales_summary_org_monthly' } : { daily: 'sales_summary_daily', monthly: 'sales_summary_monthly' },
    dailyDays: daily ? split.days : [],
    months: split.months,
    rawDays: daily ? [] : split.days,
  };
}

/**
 * The summary level readSummary reads `q` at for `scope` (the deepest of the caller's level and
 * the filtered and grouped hierarchy levels) and its sources (planRead). Exported for the tests
 * that check every source is exercised.
 */
export function summaryReadPlan(scope: Scope, q: SummaryQuery): { level: number; plan: ReadPlan } {
  let level = scopePosition(scope)?.level ?? 0;
  for (const g of q.groupBy) if (g in ORG_DIMENSIONS) level = Math.max(level, ORG_DIMENSIONS[g as OrgDimension].level);
  for (const [dim, ids] of Object.entries(q.orgFilter ?? {})) if (ids) level = Math.max(level, ORG_DIMENSIONS[dim as OrgDimension].level);
  const needsScheme = q.cardSchemes !== undefined || q.groupBy.includes('cardScheme');
  const needsMethod = q.paymentMethods !== undefined || q.groupBy.includes('paymentMethod');
  return { level, plan: planRead(level, needsScheme, needsMethod, q.groupBy.includes('day') || q.groupBy.includes('week'), q.from, q.to) };
}

const MYT = 'Asia/Kuala_Lumpur';

/**
 * Reads sales figures for `scope` from the summaries, grouped by `q.groupBy` (no group: one
 * totals row, also when nothing matched). Every figure counts sale rows only (saleRowSql: the
 * SALE_TXN_TYPES, never a pre-auth hold, a CAPTURE_VOID operation row, REVERSE or a batch message). The read level is the deepest of the caller's level,
 * the filtered and the grouped hierarchy levels; the scope and the org filter are equalities on
 * the ancestor ids that lead the primary keys. planRead picks the sources: daily rows at the upper
 * levels, whole months from the monthly rollup, and at the deeper levels the other days from
 * `transactions` (an index range on the scope column and created_at). The status is a measure
 * column group in the summaries; grouping by status unpivots it. Rows are ordered by the group
 * keys. Throws when `from` > `to` or a date is not 'YYYY-MM-DD' (callers validate first).
 */
export async function readSummary(database: Database, scope: Scope, q: SummaryQuery): Promise<SummaryRow[]> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q.from) || !/^\d{4}-\d{2}-\d{2}$/.test(q.to) || q.from > q.to) {
    throw new Error(`readSummary: bad day range ${q.from}..${q.to}`);
  }
  const groups = [...new Set(q.groupBy)];
  const position = scopePosition(scope);
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };

  const { level, plan } = summaryReadPlan(scope, q);

  // Conditions every source shares (the raw table has the same column names). The scope is the
  // caller's own id column: on `transactions` that picks the index that leads with it (with all
  // the ancestor ids the planner multiplied their selectivities and took the master merchant's).
  const shared: string[] = [];
  if (position === null) shared.push('false');
  else if (position.level > 0) shared.push(`${ANCESTOR_COLUMNS[position.level - 1]} = ${p(position.ids[position.level - 1])}`);
  for (const [dim, ids] of Object.entries(q.orgFilter ?? {})) {
    if (ids) shared.push(`${ORG_DIMENSIONS[dim as OrgDimension].column} = ANY(${p([...ids])}::int[])`);
  }
  shared.push(`currency = ${p(q.currency)}`);
  if (q.serviceTypes) shared.push(`service_type = ANY(${p([...q.serviceTypes])}::int2[])`);
  if (q.paymentMethods) shared.push(`payment_method = ANY(${p([...q.paymentMethods])}::text[])`);
  if (q.cardSchemes) shared.push(`card_scheme = ANY(${p([...q.cardSchemes])}::text[])`);
  // Summary rows: the read level, and 0 for the ancestors below it, which lets the primary key
  // seek straight to the day range (without it a platform read scanned every level-0 row).
  // The caller's ancestors lead the summary keys: equalities on them make one key range. Built
  // per use: a parameter no part references has no type and PostgreSQL refuses the statement.
  const summaryOnly = () => summaryKeyConditions(level, position, p);
  const statuses = TRANSACTION_STATUSES.filter((s) => !q.statuses || q.statuses.includes(s));
  const refundsIncluded = statuses.includes('SUCCESS');

  const keyExpr = (g: SummaryGroup, day: string, month: string | null): string => {
    // Dates leave as text: node-postgres would turn a date into a local-midnight Date.
    if (g === 'day') return `to_char(${day}, 'YYYY-MM-DD')`;
    if (g === 'week') return `to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;
    if (g === 'month') return `to_char(${month ?? `date_trunc('month', ${day})`}, 'YYYY-MM-DD')`;
    if (g in ORG_DIMENSIONS) return ORG_DIMENSIONS[g as OrgDimension].column;
    return PLAIN_DIMENSIONS[g as keyof typeof PLAIN_DIMENSIONS];
  };
  const keys = (day: string, month: string | null, status: string) => groups.map((g, i) => `${g === 'status' ? status : keyExpr(g, day, month)} AS k${i}`);
  const success = (n: string, a: string, status: string) =>
    `CASE WHEN ${status} = 'SUCCESS' THEN ${n} ELSE 0 END AS sn, CASE WHEN ${status} = 'SUCCESS' THEN ${a} ELSE 0 END AS sa`;

  /** One summary table's rows, measures of the asked statuses (unpivoted when grouped by status). */
  const summaryPart = (table: string, day: string, month: string | null, range: string) => {
    const where = [...shared, ...summaryOnly(), range].join(' AND ');
    if (groups.includes('status')) {
      const values = STATUS_MEASURES.filter((m) => statuses.includes(m.status))
        .map((m) => `('${m.status}', ${m.count}, ${m.amount}, ${m.mdrFee})`).join(', ');
      return `SELECT ${[...keys(day, month, 'v.status'), 'v.n', 'v.amount', 'v.mdr_fee', success('v.n', 'v.amount', 'v.status'), '0 AS rn', '0::numeric AS ra'].join(', ')}
      FROM ${table} CROSS JOIN LATERAL (VALUES ${values}) AS v(status, n, amount, mdr_fee) WHERE ${where}`;
    }
    const picked = STATUS_MEASURES.filter((m) => statuses.includes(m.status));
    const sum = (col: 'count' | 'amount' | 'mdrFee') => picked.map((m) => m[col]).join(' + ');
    const s = STATUS_MEASURES.find((m) => m.status === 'SUCCESS')!;
    return `SELECT ${[...keys(day, month, `'SUCCESS'`), `${sum('count')} AS n`, `${sum('amount')} AS amount`, `${sum('mdrFee')} AS mdr_fee`,
      refundsIncluded ? `${s.count} AS sn, ${s.amount} AS sa` : '0 AS sn, 0::numeric AS sa', '0 AS rn', '0::numeric AS ra'].join(', ')}
      FROM ${table} WHERE ${where}`;
  };

  const parts: string[] = [];
  for (const [a, b] of plan.dailyDays) {
    parts.push(summaryPart(plan.tables.daily, 'business_day', null, `business_day BETWEEN ${p(a)}::date AND ${p(b)}::date`));
  }
  if (plan.months) {
    const [a, b] = plan.months;
    parts.push(summaryPart(plan.tables.monthly, 'month', 'month', `month BETWEEN ${p(a)}::date AND ${p(b)}::date`));
  }
  for (const [a, b] of plan.rawDays) {
    const day = `(created_at AT TIME ZONE '${MYT}')::date`;
    // Sale rows only, as the summaries count them (saleRowSql).
    const where = [...shared, saleRowSql(), q.statuses ? `status = ANY(${p(statuses)}::text[])` : 'true',
      `created_at >= (${p(a)}::date::timestamp AT TIME ZONE '${MYT}')`, `created_at < ((${p(b)}::date + 1)::timestamp AT TIME ZONE '${MYT}')`];
    const rawKeys = keys(day, null, 'status').map((k) => k.replace(/^branch_id AS/, 'coalesce(branch_id, 0) AS').replace(/^card_scheme AS/, `coalesce(card_scheme, '') AS`));
    parts.push(`SELECT ${[...rawKeys, '1 AS n', 'amount', 'mdr_fee', success('1', 'amount', 'status'), '0 AS rn', '0::numeric AS ra'].join(', ')}
      FROM transactions WHERE ${where.join(' AND ')}`);
  }
  if (refundsIncluded) {
    parts.push(`SELECT ${[...keys('business_day', null, `'SUCCESS'`), '0 AS n', '0::numeric AS amount', '0::numeric AS mdr_fee', '0 AS sn', '0::numeric AS sa', 'refund_count AS rn', 'refund_amount AS ra'].join(', ')}
      FROM refund_summary_daily WHERE ${[...shared, ...summaryOnly(), `business_day BETWEEN ${p(q.from)}::date AND ${p(q.to)}::date`].join(' AND ')}`);
  }
  if (parts.length === 0) parts.push(`SELECT ${[...groups.map((_, i) => `NULL AS k${i}`), '0 AS n', '0::numeric AS amount', '0::numeric AS mdr_fee', '0 AS sn', '0::numeric AS sa', '0 AS rn', '0::numeric AS ra'].join(', ')} WHERE false`);
  const groupCols = groups.map((_, i) => `k${i}`);
  const text = `
SELECT ${[...groupCols,
    'coalesce(sum(n), 0)::int AS txn_count',
    'coalesce(sum(amount), 0.00)::text AS gross',
    'coalesce(sum(sn), 0)::int AS success_count',
    'coalesce(sum(sa), 0.00)::text AS success_amount',
    'coalesce(sum(rn), 0)::int AS refund_count',
    'coalesce(sum(ra), 0.00)::text AS refund_amount',
    'coalesce(sum(mdr_fee), 0.00)::text AS mdr_fee',
    '(coalesce(sum(sa), 0) - coalesce(sum(ra), 0) - coalesce(sum(mdr_fee), 0))::text AS net',
  ].join(', ')}
FROM (${parts.join('\nUNION ALL\n')}) s
${groupCols.length ? `GROUP BY ${groupCols.join(', ')} HAVING sum(n) <> 0 OR sum(rn) <> 0 OR sum(amount) <> 0 OR sum(ra) <> 0 OR sum(mdr_fee) <> 0
ORDER BY ${groupCols.join(', ')}` : ''}`;
  const rows = await database.query<Record<string, unknown>>(text, params);
  return rows.map((r) => toSummaryRow(r, groups));
}

function toSummaryRow(r: Record<string, unknown>, groups: readonly SummaryGroup[]): SummaryRow {
  const out: SummaryRow = {
    txnCount: Number(r.txn_count),
    gross: String(r.gross),
    successCount: Number(r.success_count),
    successAmount: String(r.success_amount),
    refundCount: Number(r.refund_count),
    refundAmount: String(r.refund_amount),
    mdrFee: String(r.mdr_fee),
    net: String(r.net),
  };
  groups.forEach((g, i) => {
    const v = r[`k${i}`];
    if (g === 'day' || g === 'week' || g === 'month') out[g] = String(v);
    else if (g === 'cardScheme') out.cardScheme = v === '' ? null : String(v);
    else if (g === 'branch') out.branch = Number(v) === 0 ? null : Number(v);
    else if (g === 'paymentMethod' || g === 'status') out[g] = String(v);
    else out[g] = Number(v);
  });
  return out;
}

