/**
 * The oracle of the sales report tests: the answer a summary report must give,
 * computed by plain GROUP BYs over `transactions` (sale rows), `refund_requests` and the settlement
 * tables, with nothing from the engine but the declaration. Rows keyed by [Period, Group, split].
 */
import { CASH_DENOMINATIONS, SALE_TXN_TYPES, cashCountColumn } from '@paydesk/domain';
import type { SummaryReportDef, SummaryRequest } from '@paydesk/contract';
import type { Database } from '../../src/db/client.ts';

/** The sale predicate over alias `t` (docs/transaction-model.md, SALE_TXN_TYPES). */
export const salePredicate = (t = 't') => `(${t}.txn_type IN (${SALE_TXN_TYPES.map((x) => `'${x}'`).join(', ')}) AND (${t}.preauth_op IS NULL OR ${t}.preauth_op = 'CAPTURE'))`;

/** A scope of the oracle: the platform (null) or an organization's id column and id. */
export type OracleScope = { column: string; id: number } | null;

const MYT_DAY = (c: string) => `(${c} AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
/** A day literal; the day comes from the test's own request, checked anyway before it is inlined. */
function MYT_DATE(d: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new Error(`not a day: ${d}`);
  return `'${d}'::date`;
}

/** Source expressions of dimensions and filters on the transactions side (`t`) and the refunds side (`r`, joined `t`). */
const TXN_EXPR: Record<string, [string, string]> = {
  status: ['t.status', `'SUCCESS'`],
  paymentMethod: ['t.payment_method', 't.payment_method'],
  cardScheme: ['t.card_scheme', 't.card_scheme'],
  serviceType: ['t.service_type', 'r.service_type'],
  masterMerchant: ['t.master_merchant_id', 'r.master_merchant_id'],
  agency: ['t.agency_id', 'r.agency_id'],
  agent: ['t.agent_id', 'r.agent_id'],
  merchant: ['t.merchant_id', 'r.merchant_id'],
  branch: ['t.branch_id', 'r.branch_id'],
};
const FILTER_SOURCE: Record<string, string> = { status: 'status', payment_method: 'paymentMethod', card_scheme: 'cardScheme', service_type: 'serviceType' };
const ORG_FIELD_SOURCE: Record<string, string> = { MasterMerchantId: 'masterMerchant', AgencyId: 'agency', AgentId: 'agent', MerchantId: 'merchant', BranchId: 'branch' };

const periodExpr = (period: string, day: string) => `to_char(${period === 'day' ? day : `date_trunc('${period}', ${day})`}, 'YYYY-MM-DD')`;
const lit = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);

export interface OracleAnswer {
  rows: Map<string, Record<string, string | number | null>>;
  totals: Record<string, string | number | null>;
}

/** The expected answer of a sales report (source 'sales_summary') for a request and a scope. */
export async function salesOracle(db: Database, def: SummaryReportDef, req: SummaryRequest, scope: OracleScope, from: string, to: string): Promise<OracleAnswer> {
  const dim = def.dimensions.find((d) => d.key === req.GroupBy);
  const side = (i: 0 | 1) => {
    const alias = i === 0 ? 't' : 'r';
    const day = MYT_DAY(i === 0 ? 't.created_at' : 'r.refunded_at');
    // The transactions' day range on created_at itself, so an index range reads it (bench/reports.bench.ts
    // times this oracle as the raw GROUP BY; `day BETWEEN` would scan the table whatever the scope).
    const range = i === 0
      ? `t.created_at >= (${MYT_DATE(from)}::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') AND t.created_at < ((${MYT_DATE(to)} + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')`
      : `${day} BETWEEN ${MYT_DATE(from)} AND ${MYT_DATE(to)}`;
    const c = [range, `${alias}.currency = ${lit(req.SearchData.Currency ?? 'MYR')}`];
    if (scope) c.push(`${alias}.${scope.column} = ${scope.id}`);
    for (const [col, v] of Object.entries(def.where)) c.push(`${alias}.${col} IN (${(Array.isArray(v) ? v : [v]).map(lit).join(', ')})`);
    for (const f of def.filters) {
      if (f.kind === 'enum') {
        const v = req.SearchData[f.key];
        if (Array.isArray(v) && v.length) c.push(`${TXN_EXPR[FILTER_SOURCE[f.source]!]![i]} IN (${v.map((x) => lit(x as string | number)).join(', ')})`);
      }
    }
    for (const [field, src] of Object.entries(ORG_FIELD_SOURCE)) {
      const v = req.SearchData[field];
      if (typeof v === 'number') c.push(`${TXN_EXPR[src]![i]} = ${v}`);
    }
    const keys = [`${periodExpr(req.Period, day)} AS k_p`, `${dim ? TXN_EXPR[dim.source]![i] : 'NULL'} AS k_g`, `${def.split ? TXN_EXPR[def.split.source]![i] : 'NULL'} AS k_s`];
    return { c, keys };
  };
  const a = side(0);
  const b = side(1);
  const statuses = req.SearchData.Status as string[] | undefined;
  const refundsIn = !statuses?.length || statuses.includes('SUCCESS');
  const sales = `SELECT ${a.keys.join(', ')}, 1 AS n, t.amount, t.mdr_fee, t.status, 0 AS rn, 0::numeric AS ra FROM transactions t WHERE ${salePredicate()} AND ${a.c.join(' AND ')}`;
  const refunds = `SELECT ${b.keys.join(', ')}, 0, 0::numeric, 0::numeric, 'SUCCESS', 1, r.amount FROM refund_requests r LEFT JOIN transactions t ON t.id = r.transaction_id
    WHERE r.refunded_at IS NOT NULL AND ${refundsIn ? 'true' : 'false'} AND ${b.c.join(' AND ')}`;
  const measures = `count(*) FILTER (WHERE n = 1)::int AS "TxnCount", coalesce(sum(amount), 0)::numeric(20,2)::text AS "Gross",
    count(*) FILTER (WHERE n = 1 AND status = 'SUCCESS')::int AS "SuccessCount", coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS' AND n = 1), 0)::numeric(20,2)::text AS "SuccessAmount",
    coalesce(sum(rn), 0)::int AS "RefundCount", coalesce(sum(ra), 0)::numeric(20,2)::text AS "RefundAmount", coalesce(sum(mdr_fee), 0)::numeric(20,2)::text AS "MdrFee",
    (coalesce(sum(amount) FILTER (WHERE status = 'SUCCESS' AND n = 1), 0) - coalesce(sum(ra), 0) - coalesce(sum(mdr_fee), 0))::numeric(20,2)::text AS "Net",
    CASE WHEN count(*) FILTER (WHERE n = 1) = 0 THEN NULL ELSE round(count(*) FILTER (WHERE n = 1 AND status = 'SUCCESS') * 100.0 / count(*) FILTER (WHERE n = 1), 2)::numeric(20,2)::text END AS "SuccessRate",
    CASE WHEN count(*) FILTER (WHERE n = 1 AND status = 'SUCCESS') = 0 THEN NULL
      ELSE round(sum(amount) FILTER (WHERE status = 'SUCCESS' AND n = 1) / count(*) FILTER (WHERE n = 1 AND status = 'SUCCESS'), 2)::numeric(20,2)::text END AS "AvgTicket"`;
  const rows = await db.query<Record<string, unknown>>(`SELECT k_p, k_g, k_s, ${measures} FROM (${sales} UNION ALL ${refunds}) x GROUP BY k_p, k_g, k_s`);
  const [totals] = await db.query<Record<string, unknown>>(`SELECT ${measures} FROM (${sales} UNION ALL ${refunds}) x`);
  return { rows: new Map(rows.map((r) => [rowKey(r.k_p, r.k_g, r.k_s), pick(def, r)])), totals: pick(def, totals!) };
}

/** The expected answer of the settlement report for a request and a scope. */
export async function settlementOracle(db: Database, def: SummaryReportDef, req: SummaryRequest, scope: OracleScope, from: string, to: string): Promise<OracleAnswer> {
  const dim = def.dimensions.find((d) => d.key === req.GroupBy);
  const expr: Record<string, string> = { cardScheme: 'l.card_scheme', cardType: 'l.card_type', merchant: 'b.merchant_id', branch: 'b.branch_id', agency: 'b.agency_id' };
  const c = [
    `b.settled_at >= (${MYT_DATE(from)}::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') AND b.settled_at < ((${MYT_DATE(to)} + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')`,
    `b.status IN ('SETTLED', 'UPLOADED')`,
  ];
  if ((req.SearchData.Currency ?? 'MYR') !== 'MYR') c.push('false');
  if (scope) c.push(`b.${scope.column} = ${scope.id}`);
  for (const [key, column] of [['CardScheme', 'l.card_scheme'], ['CardType', 'l.card_type']] as const) {
    const v = req.SearchData[key];
    if (Array.isArray(v) && v.length) c.push(`${column} IN (${v.map((x) => lit(x as string)).join(', ')})`);
  }
  for (const [field, col] of [['MerchantId', 'merchant_id'], ['BranchId', 'branch_id'], ['AgencyId', 'agency_id'], ['AgentId', 'agent_id'], ['MasterMerchantId', 'master_merchant_id']] as const) {
    const v = req.SearchData[field];
    if (typeof v === 'number') c.push(`b.${col} = ${v}`);
  }
  const measures = `count(DISTINCT b.id)::int AS "BatchCount", coalesce(sum(l.sale_count), 0)::int AS "SaleCount", coalesce(sum(l.sale_amount), 0)::numeric(20,2)::text AS "SaleAmount",
    coalesce(sum(l.void_count), 0)::int AS "VoidCount", coalesce(sum(l.void_amount), 0)::numeric(20,2)::text AS "VoidAmount", coalesce(sum(l.net_amount), 0)::numeric(20,2)::text AS "NetAmount"`;
  const base = `FROM terminal_settlement_batches b LEFT JOIN terminal_settlement_batch_lines l ON l.batch_id = b.id WHERE ${c.join(' AND ')}`;
  const rows = await db.query<Record<string, unknown>>(
    `SELECT ${periodExpr(req.Period, MYT_DAY('b.settled_at'))} AS k_p, ${dim ? expr[dim.source] : 'NULL'} AS k_g, NULL AS k_s, ${measures} ${base} GROUP BY 1, 2`,
  );
  const [totals] = await db.query<Record<string, unknown>>(`SELECT ${measures} ${base}`);
  return { rows: new Map(rows.map((r) => [rowKey(r.k_p, r.k_g, r.k_s), pick(def, r)])), totals: pick(def, totals!) };
}

/**
 * The expected answer of the unattended cash report (source 'unattended_cash'):
 * a plain GROUP BY of the events whose amounts are computed here from the counts × the domain's
 * face values (not read from the table's generated columns), with the TID code filter.
 */
export async function unattendedOracle(db: Database, def: SummaryReportDef, req: SummaryRequest, scope: OracleScope, from: string, to: string): Promise<OracleAnswer> {
  const dim = def.dimensions.find((d) => d.key === req.GroupBy);
  const expr: Record<string, string> = { tid: 'e.tid', merchant: 'e.merchant_id', branch: 'e.branch_id' };
  const c = [
    `e.occurred_at >= (${MYT_DATE(from)}::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') AND e.occurred_at < ((${MYT_DATE(to)} + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')`,
    `e.currency = ${lit(req.SearchData.Currency ?? 'MYR')}`,
  ];
  if (scope) c.push(`e.${scope.column} = ${scope.id}`);
  if (typeof req.SearchData.TID === 'string' && req.SearchData.TID !== '') c.push(`e.tid = ${lit(req.SearchData.TID)}`);
  for (const [field, col] of [['MerchantId', 'merchant_id'], ['BranchId', 'branch_id'], ['AgencyId', 'agency_id'], ['AgentId', 'agent_id'], ['MasterMerchantId', 'master_merchant_id']] as const) {
    const v = req.SearchData[field];
    if (typeof v === 'number') c.push(`e.${col} = ${v}`);
  }
  const ringgit = (dir: 'in' | 'out') => CASH_DENOMINATIONS.map((d) => `e.${cashCountColumn(d, dir)} * ${d.sen} / 100.0`).join(' + ');
  const figure: Record<string, string> = {
    eventCount: 'count(*)::int',
    cashIn: `coalesce(sum(${ringgit('in')}), 0)::numeric(20,2)::text`,
    cashOut: `coalesce(sum(${ringgit('out')}), 0)::numeric(20,2)::text`,
    netAmount: `coalesce(sum((${ringgit('in')}) - (${ringgit('out')})), 0)::numeric(20,2)::text`,
  };
  const measures = def.measures.map((m) => `${figure[m.source] ?? `coalesce(sum(e.${m.source}), 0)::int`} AS "${m.key}"`).join(', ');
  const base = `FROM unattended_cash_events e WHERE ${c.join(' AND ')}`;
  const rows = await db.query<Record<string, unknown>>(`SELECT ${periodExpr(req.Period, MYT_DAY('e.occurred_at'))} AS k_p, ${dim ? expr[dim.source] : 'NULL'} AS k_g, NULL AS k_s, ${measures} ${base} GROUP BY 1, 2`);
  const [totals] = await db.query<Record<string, unknown>>(`SELECT ${measures} ${base}`);
  return { rows: new Map(rows.map((r) => [rowKey(r.k_p, r.k_g, r.k_s), pick(def, r)])), totals: pick(def, totals!) };
}

/** The key of a row: period, group and split as JSON (numbers as numbers). */
export const rowKey = (p: unknown, g: unknown, s: unknown): string =>
  JSON.stringify([String(p), g === null || g === undefined ? null : typeof g === 'bigint' || /^\d+$/.test(String(g)) ? Number(g) : String(g), s === null || s === undefined ? null : Number.isNaN(Number(s)) ? String(s) : Number(s)]);

/** The declared measures of an oracle row, money and percents normalised to 2 decimals. */
function pick(def: SummaryReportDef, r: Record<string, unknown>): Record<string, string | number | null> {
  return Object.fromEntries(def.measures.map((m) => [m.key, norm(m.kind, r[m.key])]));
}

/** A measure value for comparison: counts as numbers, decimals as fixed 2-decimal text, null kept. */
export const norm = (kind: string, v: unknown): string | number | null => (v === null || v === undefined ? null : kind === 'count' ? Number(v) : Number(v).toFixed(2));
