/**
 * The terminal settlement summary source (issue 10 Build 4, /sales-report/terminal-settlement):
 * settled batches (terminal_settlement_batches) joined to their per scheme × card type lines
 * (terminal_settlement_batch_lines, docs/transaction-model.md "Settlement batch lines"), grouped
 * by the MYT day / week / month of `settled_at` and one dimension, within the caller's scope.
 * Figures: batchCount (distinct batches: a batch with lines of two schemes is one batch in the
 * totals and one in each scheme's row; a batch without lines — no sale reached the host — counts,
 * under a null scheme / card type), saleCount/saleAmount, voidCount/voidAmount, netAmount (sums
 * of the lines). Batches are MYR only (terminals take ringgit): another currency answers nothing.
 *
 * Plan: the scope is one equality on the batch's owner column of the caller's level and the
 * settled range one range on settled_at — served by the (scope column, settled_at, id) indexes the
 * card-settlement list adds per level (part C, migration settlement_batch_list); before them only
 * a merchant HQ has an index (merchant_id, opened_at) and the other levels scan the batches
 * (EXPLAIN on PostgreSQL, 60,000 transactions / 4,369 batches: 1.7–14 ms). The lines are joined
 * by batch id (their primary key leads with it).
 */
import { getTableColumns } from 'drizzle-orm';
import { ORG_FILTER_COLUMN_OF_LEVEL } from './summary-orgs.ts';
import type { Database } from '../db/client.ts';
import { terminalSettlementBatches } from '../db/schema.ts';
import type { Scope } from '../platform/scope.ts';
import { scopePosition } from '../summaries/query.ts';
import type { SummarySourceQuery, SummarySourceRow } from './summary-sources.ts';

const MYT = 'Asia/Kuala_Lumpur';
const BATCH_COLUMNS = new Set(Object.values(getTableColumns(terminalSettlementBatches)).map((c) => c.name));
const ANCESTOR_COLUMNS = ['master_merchant_id', 'agency_id', 'agent_id', 'merchant_id', 'branch_id'] as const;

/** Group names → SQL expression (batch owner columns or line columns). */
const GROUP_EXPR: Readonly<Record<string, string>> = {
  cardScheme: 'l.card_scheme',
  cardType: 'l.card_type',
  masterMerchant: 'b.master_merchant_id',
  agency: 'b.agency_id',
  agent: 'b.agent_id',
  merchant: 'b.merchant_id',
  branch: 'b.branch_id',
};
export const SETTLEMENT_GROUPS = Object.keys(GROUP_EXPR);

/** Enum filter columns → the lines' column. */
const ENUM_EXPR: Readonly<Record<string, string>> = { card_scheme: 'l.card_scheme', card_type: 'l.card_type' };

const FIGURES = `count(DISTINCT b.id)::int AS batch_count,
  coalesce(sum(l.sale_count), 0)::int AS sale_count, coalesce(sum(l.sale_amount), 0.00)::numeric(20,2)::text AS sale_amount,
  coalesce(sum(l.void_count), 0)::int AS void_count, coalesce(sum(l.void_amount), 0.00)::numeric(20,2)::text AS void_amount,
  coalesce(sum(l.net_amount), 0.00)::numeric(20,2)::text AS net_amount`;

const figuresOf = (r: Record<string, unknown>) => ({
  batchCount: Number(r.batch_count),
  saleCount: Number(r.sale_count),
  saleAmount: String(r.sale_amount),
  voidCount: Number(r.void_count),
  voidAmount: String(r.void_amount),
  netAmount: String(r.net_amount),
});

/**
 * Reads the settlement figures of `q` for `scope` (see the file comment). Throws (a declaration
 * defect) for a group, enum filter or where column the source does not have.
 */
export async function readSettlementSummary(database: Database, scope: Scope, q: SummarySourceQuery): Promise<{ rows: SummarySourceRow[]; totals: Record<string, string | number> }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const position = scopePosition(scope);
  if (position === null) where.push('false');
  else if (position.level > 0) where.push(`b.${ANCESTOR_COLUMNS[position.level - 1]} = ${p(position.ids[position.level - 1])}`);
  for (const [column, value] of Object.entries(q.where)) {
    if (!BATCH_COLUMNS.has(column)) throw new Error(`settlement summary: unknown batch column ${column}`);
    where.push(`b.${column} = ANY(${p((Array.isArray(value) ? value : [value]).map(String))}::text[])`);
  }
  for (const [dim, ids] of Object.entries(q.orgs)) if (ids) where.push(`b.${ORG_FILTER_COLUMN_OF_LEVEL[dim as keyof typeof ORG_FILTER_COLUMN_OF_LEVEL]} = ANY(${p([...ids])}::int[])`);
  for (const [column, values] of Object.entries(q.enums)) {
    const expr = ENUM_EXPR[column];
    if (!expr) throw new Error(`settlement summary: no filter on ${column}`);
    where.push(`${expr} = ANY(${p(values.map(String))}::text[])`);
  }
  if (q.currency !== 'MYR') where.push('false');
  where.push(`b.settled_at >= (${p(q.from)}::date::timestamp AT TIME ZONE '${MYT}')`, `b.settled_at < ((${p(q.to)}::date + 1)::timestamp AT TIME ZONE '${MYT}')`);
  const day = `(b.settled_at AT TIME ZONE '${MYT}')::date`;
  const periodExpr = q.period === 'day' ? day : `date_trunc('${q.period}', ${day})`;
  const keys = [`to_char(${periodExpr}, 'YYYY-MM-DD') AS k_period`];
  for (const [name, g] of [['k_group', q.group], ['k_split', q.split]] as const) {
    if (g === null) continue;
    const expr = GROUP_EXPR[g];
    if (!expr) throw new Error(`settlement summary: cannot group by ${g}`);
    keys.push(`${expr} AS ${name}`);
  }
  const from = `FROM terminal_settlement_batches b LEFT JOIN terminal_settlement_batch_lines l ON l.batch_id = b.id WHERE ${where.join(' AND ')}`;
  const groupCols = keys.map((k) => k.split(' AS ')[1]!);
  const rows = await database.query<Record<string, unknown>>(`SELECT ${keys.join(', ')}, ${FIGURES} ${from} GROUP BY ${groupCols.join(', ')} ORDER BY ${groupCols.join(', ')}`, params);
  const [totals] = await database.query<Record<string, unknown>>(`SELECT ${FIGURES} ${from}`, params);
  const key = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'bigint' ? Number(v) : (v as string | number));
  return {
    rows: rows.map((r) => ({ period: String(r.k_period), group: key(r.k_group), split: key(r.k_split), figures: figuresOf(r) })),
    totals: figuresOf(totals ?? {}),
  };
}
