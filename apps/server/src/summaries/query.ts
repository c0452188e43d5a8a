/**
 * The reusable reader of the sales summaries for the dashboard and the sales
 * reports: one indexed range read per source at the hierarchy level the question needs; at the
 * deep levels the days outside whole months are one index range of the caller's transactions. See docs/ARCHITECTURE.md "Summaries" for the tables.
 */
import { ORG_LEVELS, TRANSACTION_STATUSES, businessDay, type OrgLevel } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { monthCover, weekSplit, type MonthCover, type SignedDays } from './month-split.ts';
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
  /**
   * The MYT business day 'YYYY-MM-DD' the read is planned against (days after it are costed as
   * empty, monthCover); default today by the clock. It never changes an answer, only which
   * summary rows are read (fixed by scripts/report-queries.ts so the committed SQL is stable).
   */
  today?: string;
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
  /** Refunds done (refund requests past REFUND: refunded_at set), on the MYT day the money left. */
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
   * The summary tables read: the organization rollups (no payment method, no card scheme; with a
   * month-clipped weekly table) when the question neither filters nor groups by either, else the
   * sales summaries (no weekly table).
   */
  tables: {
    daily: 'sales_summary_daily' | 'sales_summary_org_daily';
    weekly: 'sales_summary_org_weekly' | null;
    monthly: 'sales_summary_monthly' | 'sales_summary_org_monthly';
  };
  /** Day ranges read from the daily table, added (sign 1) or subtracted from a whole month (−1). */
  dailyDays: SignedDays[];
  /** Day ranges of whole month-clipped weeks (weekSplit) read from the weekly table, signed likewise. */
  weeklyDays: SignedDays[];
  /** First days of the first and last month read from the monthly table. */
  months: [string, string] | null;
  /** Day ranges read from `transactions` (one index range on the caller's scope column), signed likewise. */
  rawDays: SignedDays[];
}

/**
 * The sources for a question at summary level `level` (0 platform … 5 outlet) whose finest period
 * group is `grain` (null: by month or no period): the daily table when it holds that level with
 * the keys asked (DAILY_MAX_LEVEL, DAILY_SCHEME_MAX_LEVEL), else raw transactions for the days;
 * unless the answer is grouped by day or week, whole calendar months come from the monthly table,
 * and so does a partial edge month when its whole row minus its days outside the range reads fewer
 * rows than the range's days in it (monthCover; days after `today`, the MYT business day, cost
 * nothing). A question that needs neither the card scheme nor the payment method (as filter or
 * group) reads the organization rollups (about a quarter of the rows at the merchant levels), and
 * unless grouped by day their whole month-clipped weeks from the weekly one (weekSplit: the six
 * edge days of a 30-day window are one or two rows per key, not six). `from`/`to` are inclusive
 * MYT days 'YYYY-MM-DD', from ≤ to.
 */
export function planRead(level: number, needsScheme: boolean, needsMethod: boolean, grain: 'day' | 'week' | null, from: string, to: string, today: string): ReadPlan {
  const daily = level <= DAILY_MAX_LEVEL && (!needsScheme || level <= DAILY_SCHEME_MAX_LEVEL);
  const byOrg = !needsScheme && !needsMethod;
  const weekly = byOrg && grain !== 'day';
  const cover: MonthCover = grain ? { days: [{ from, to, sign: 1 }], months: null } : monthCover(from, to, today, weekly);
  const plan: ReadPlan = {
    tables: byOrg
      ? { daily: 'sales_summary_org_daily', weekly: 'sales_summary_org_weekly', monthly: 'sales_summary_org_monthly' }
      : { daily: 'sales_summary_daily', weekly: null, monthly: 'sales_summary_monthly' },
    dailyDays: daily ? cover.days : [],
    weeklyDays: [],
    months: cover.months,
    rawDays: daily ? [] : cover.days,
  };
  if (weekly) {
    // The organization rollups hold every level by day, so none of these days is read raw.
    plan.dailyDays = [];
    for (const d of cover.days) {
      const split = weekSplit(d.from, d.to);
      if (split.weeks) plan.weeklyDays.push({ from: split.weeks[0], to: split.weeks[1], sign: d.sign });
      for (const [a, b] of split.days) plan.dailyDays.push({ from: a, to: b, sign: d.sign });
    }
  }
  return plan;
}

/**
 * The summary level readSummary reads `q` at for `scope` (the deepest of the caller's level and
 * the filtered and grouped hierarchy levels) and its sources (planRead, with `q.today` or else
 * today's MYT business day). Exported for the tests that check every source is exercised.
 */
export function summaryReadPlan(scope: Scope, q: SummaryQuery): { level: number; plan: ReadPlan } {
  let level = scopePosition(scope)?.level ?? 0;
  for (const g of q.groupBy) if (g in ORG_DIMENSIONS) level = Math.max(level, ORG_DIMENSIONS[g as OrgDimension].level);
  for (const [dim, ids] of Object.entries(q.orgFilter ?? {})) if (ids) level = Math.max(level, ORG_DIMENSIONS[dim as OrgDimension].level);
  const needsScheme = q.cardSchemes !== undefined || q.groupBy.includes('cardScheme');
  const needsMethod = q.paymentMethods !== undefined || q.groupBy.includes('paymentMethod');
  const grain = q.groupBy.includes('day') ? 'day' : q.groupBy.includes('week') ? 'week' : null;
  return { level, plan: planRead(level, needsScheme, needsMethod, grain, q.from, q.to, q.today ?? businessDay(Date.now())) };
}

const MYT = 'Asia/Kuala_Lumpur';

/**
 * A money expression (numeric, 2 places: ringgit and sen) as int8 sen. The parts of a summary
 * read carry money as sen so the outer aggregation sums integers: at 10 M transactions the hash
 * aggregation of a platform-wide 30-day merchant report (8.7 k rows into 4.3 k groups) took 34 ms
 * over numeric and 17 ms over int8 (docs/ARCHITECTURE.md "Summaries"). Exact for any summary row
 * below 92 × 10^15 ringgit (int8 overflow is an error, never a wrong figure).
 */
const sen = (expr: string) => `((${expr}) * 100)::int8`;
/** An aggregate of sen (numeric, null when nothing was summed) as the answer's ringgit text with 2 decimals. */
const ringgit = (senSum: string) => `(coalesce(${senSum}, 0) / 100)::numeric(20,2)::text`;

/** The period groups: dates inside the statement, 'YYYY-MM-DD' text in the answer. */
const isPeriod = (g: SummaryGroup): g is 'day' | 'week' | 'month' => g === 'day' || g === 'week' || g === 'month';

/**
 * Reads sales figures for `scope` from the summaries, grouped by `q.groupBy` (no group: one
 * totals row, also when nothing matched). Every figure counts sale rows only (saleRowSql: the
 * SALE_TXN_TYPES, never a pre-auth hold, a CAPTURE_VOID operation row, REVERSE or a batch message). The read level is the deepest of the caller's level,
 * the filtered and the grouped hierarchy levels; the scope and the org filter are equalities on
 * the ancestor ids that lead the primary keys. planRead picks the sources: whole months from the
 * monthly rollup, whole month-clipped weeks from the weekly organization rollup, the other days
 * from the daily rows where they hold the level and keys, else from `transactions` (an index range
 * on the scope column and created_at). The status is a measure
 * column group in the summaries; grouping by status unpivots it. Rows are ordered by the group
 * keys. Throws when `from` > `to` or a date is not 'YYYY-MM-DD' (callers validate first).
 */
export async function readSummary(database: Database, scope: Scope, q: SummaryQuery): Promise<SummaryRow[]> {
  const params: unknown[] = [];
  const text = summaryStatement(scope, q, paramsOf(params));
  const rows = await database.summaryRead<Record<string, unknown>>(text, params);
  return rows.map((r) => toSummaryRow(r, [...new Set(q.groupBy)]));
}

/**
 * readSummary's rows of `q` and, in the same statement (one round trip, one read of the summary
 * rows: GROUPING SETS with the empty set), the totals of the same question without groups. The
 * groups partition the rows read, so the totals are the sums over the groups (the rows dropped as
 * all zero add nothing). Shapes, order and errors as readSummary; `totals` is one row, zeros when
 * nothing matched.
 */
export async function readSummaryWithTotals(database: Database, scope: Scope, q: SummaryQuery): Promise<{ rows: SummaryRow[]; totals: SummaryRow }> {
  const groups = [...new Set(q.groupBy)];
  if (!groups.length) {
    const rows = await readSummary(database, scope, q);
    return { rows, totals: rows[0]! };
  }
  const params: unknown[] = [];
  const all = await database.summaryRead<Record<string, unknown>>(summaryStatement(scope, q, paramsOf(params), true), params);
  const totals = all.find((r) => Number(r.is_total) === 1);
  if (!totals) throw new Error('readSummaryWithTotals: the totals row is missing');
  return { rows: all.filter((r) => Number(r.is_total) === 0).map((r) => toSummaryRow(r, groups)), totals: toSummaryRow(totals, []) };
}

/** A placeholder maker over `params`: pushes a value and returns its `$n`. */
function paramsOf(params: unknown[]): (v: unknown) => string {
  return (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
}

/**
 * The statement of readSummary (columns k0…kn in group order, then the measures; ordered by the
 * groups), its parameters added through `p`; `withTotals` (with groups only) adds the totals row
 * (GROUPING SETS, flagged by the column is_total = 1, keys null). Period keys stay dates until
 * after the aggregation (to_char once per answer row, not once per summary row read). Throws for
 * a bad day range.
 */
function summaryStatement(scope: Scope, q: SummaryQuery, p: (v: unknown) => string, withTotals = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q.from) || !/^\d{4}-\d{2}-\d{2}$/.test(q.to) || q.from > q.to) {
    throw new Error(`readSummary: bad day range ${q.from}..${q.to}`);
  }
  const groups = [...new Set(q.groupBy)];
  const position = scopePosition(scope);

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

  // Period keys are dates here (date_trunc of a date is a timestamp: cast back); they leave as
  // text after the aggregation (node-postgres would turn a date into a local-midnight Date).
  const keyExpr = (g: SummaryGroup, day: string, month: string | null): string => {
    if (g === 'day') return day;
    if (g === 'week') return `date_trunc('week', ${day})::date`;
    if (g === 'month') return month ?? `date_trunc('month', ${day})::date`;
    if (g in ORG_DIMENSIONS) return ORG_DIMENSIONS[g as OrgDimension].column;
    return PLAIN_DIMENSIONS[g as keyof typeof PLAIN_DIMENSIONS];
  };
  const keys = (day: string, month: string | null, status: string) => groups.map((g, i) => `${g === 'status' ? status : keyExpr(g, day, month)} AS g${i}`);
  const success = (n: string, a: string, status: string) =>
    `CASE WHEN ${status} = 'SUCCESS' THEN ${n} ELSE 0 END AS sn, CASE WHEN ${status} = 'SUCCESS' THEN ${a} ELSE 0 END AS sa`;

  /**
   * One summary table's rows, measures of the asked statuses (unpivoted when grouped by status),
   * negated for a range subtracted from a whole month (sign −1).
   */
  const summaryPart = (table: string, day: string, month: string | null, range: string, sign: 1 | -1 = 1) => {
    const where = [...shared, ...summaryOnly(), range].join(' AND ');
    const m = sign === 1 ? '' : '-';
    if (groups.includes('status')) {
      const values = STATUS_MEASURES.filter((x) => statuses.includes(x.status))
        .map((x) => `('${x.status}', ${m}${x.count}, ${sen(m + x.amount)}, ${sen(m + x.mdrFee)})`).join(', ');
      return `SELECT ${[...keys(day, month, 'v.status'), 'v.n', 'v.amount', 'v.mdr_fee', success('v.n', 'v.amount', 'v.status'), '0 AS rn', '0::int8 AS ra'].join(', ')}
      FROM ${table} CROSS JOIN LATERAL (VALUES ${values}) AS v(status, n, amount, mdr_fee) WHERE ${where}`;
    }
    const picked = STATUS_MEASURES.filter((x) => statuses.includes(x.status));
    const sum = (col: 'count' | 'amount' | 'mdrFee') => `${m}(${picked.map((x) => x[col]).join(' + ')})`;
    const s = STATUS_MEASURES.find((x) => x.status === 'SUCCESS')!;
    return `SELECT ${[...keys(day, month, `'SUCCESS'`), `${sum('count')} AS n`, `${sen(sum('amount'))} AS amount`, `${sen(sum('mdrFee'))} AS mdr_fee`,
      refundsIncluded ? `${m}${s.count} AS sn, ${sen(m + s.amount)} AS sa` : '0 AS sn, 0::int8 AS sa', '0 AS rn', '0::int8 AS ra'].join(', ')}
      FROM ${table} WHERE ${where}`;
  };

  const parts: string[] = [];
  for (const d of plan.dailyDays) {
    parts.push(summaryPart(plan.tables.daily, 'business_day', null, `business_day BETWEEN ${p(d.from)}::date AND ${p(d.to)}::date`, d.sign));
  }
  for (const d of plan.weeklyDays) {
    parts.push(summaryPart(plan.tables.weekly!, 'week_start', null, `week_start BETWEEN ${p(d.from)}::date AND ${p(d.to)}::date`, d.sign));
  }
  if (plan.months) {
    const [a, b] = plan.months;
    parts.push(summaryPart(plan.tables.monthly, 'month', 'month', `month BETWEEN ${p(a)}::date AND ${p(b)}::date`));
  }
  for (const d of plan.rawDays) {
    const day = `(created_at AT TIME ZONE '${MYT}')::date`;
    // Sale rows only, as the summaries count them (saleRowSql).
    const where = [...shared, saleRowSql(), q.statuses ? `status = ANY(${p(statuses)}::text[])` : 'true',
      `created_at >= (${p(d.from)}::date::timestamp AT TIME ZONE '${MYT}')`, `created_at < ((${p(d.to)}::date + 1)::timestamp AT TIME ZONE '${MYT}')`];
    const rawKeys = keys(day, null, 'status').map((k) => k.replace(/^branch_id AS/, 'coalesce(branch_id, 0) AS').replace(/^card_scheme AS/, `coalesce(card_scheme, '') AS`));
    const m = d.sign === 1 ? '' : '-';
    parts.push(`SELECT ${[...rawKeys, `${d.sign} AS n`, `${sen(`${m}amount`)} AS amount`, `${sen(`${m}mdr_fee`)} AS mdr_fee`, success(String(d.sign), sen(`${m}amount`), 'status'), '0 AS rn', '0::int8 AS ra'].join(', ')}
      FROM transactions WHERE ${where.join(' AND ')}`);
  }
  if (refundsIncluded) {
    parts.push(`SELECT ${[...keys('business_day', null, `'SUCCESS'`), '0 AS n', '0::int8 AS amount', '0::int8 AS mdr_fee', '0 AS sn', '0::int8 AS sa', 'refund_count AS rn', `${sen('refund_amount')} AS ra`].join(', ')}
      FROM refund_summary_daily WHERE ${[...shared, ...summaryOnly(), `business_day BETWEEN ${p(q.from)}::date AND ${p(q.to)}::date`].join(' AND ')}`);
  }
  if (parts.length === 0) parts.push(`SELECT ${[...groups.map((g, i) => (isPeriod(g) ? `NULL::date AS g${i}` : `NULL AS g${i}`)), '0 AS n', '0::int8 AS amount', '0::int8 AS mdr_fee', '0 AS sn', '0::int8 AS sa', '0 AS rn', '0::int8 AS ra'].join(', ')} WHERE false`);
  const groupCols = groups.map((_, i) => `g${i}`);
  const outKeys = groups.map((g, i) => (isPeriod(g) ? `to_char(g${i}, 'YYYY-MM-DD') AS k${i}` : `g${i} AS k${i}`));
  const nonZero = 'sum(n) <> 0 OR sum(rn) <> 0 OR sum(amount) <> 0 OR sum(ra) <> 0 OR sum(mdr_fee) <> 0';
  const totals = withTotals && groupCols.length > 0;
  return `
SELECT ${[...(totals ? ['GROUPING(g0) AS is_total'] : []), ...outKeys,
    'coalesce(sum(n), 0)::int AS txn_count',
    `${ringgit('sum(amount)')} AS gross`,
    'coalesce(sum(sn), 0)::int AS success_count',
    `${ringgit('sum(sa)')} AS success_amount`,
    'coalesce(sum(rn), 0)::int AS refund_count',
    `${ringgit('sum(ra)')} AS refund_amount`,
    `${ringgit('sum(mdr_fee)')} AS mdr_fee`,
    `${ringgit('coalesce(sum(sa), 0) - coalesce(sum(ra), 0) - coalesce(sum(mdr_fee), 0)')} AS net`,
  ].join(', ')}
FROM (${parts.join('\nUNION ALL\n')}) s
${groupCols.length ? `GROUP BY ${totals ? `GROUPING SETS ((${groupCols.join(', ')}), ())` : groupCols.join(', ')} HAVING ${totals ? `GROUPING(g0) = 1 OR ${nonZero}` : nonZero}
ORDER BY ${groupCols.join(', ')}` : ''}`;
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
    if (isPeriod(g)) out[g] = String(v);
    else if (g === 'cardScheme') out.cardScheme = v === '' ? null : String(v);
    else if (g === 'branch') out.branch = Number(v) === 0 ? null : Number(v);
    else if (g === 'paymentMethod' || g === 'status') out[g] = String(v);
    else out[g] = Number(v);
  });
  return out;
}

