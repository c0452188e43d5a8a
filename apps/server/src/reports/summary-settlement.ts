/**
 * The terminal settlement summary source (/sales-report/terminal-settlement):
 * settled batches grouped by the MYT day / week / month of `settled_at` and one or two dimensions,
 * within the caller's scope. Figures: batchCount (distinct batches: a batch with lines of two
 * schemes is one batch in the totals and one in each scheme's row; a batch without lines — no sale
 * reached the host — counts, under a null scheme / card type), saleCount/saleAmount,
 * voidCount/voidAmount, netAmount (sums of the lines). Batches are MYR only (terminals take
 * ringgit): another currency answers nothing.
 *
 * One statement answers, from parts over disjoint day ranges:
 * - the summaries (settlement_summary_daily at levels 0-3, _monthly at all six; db/schema/summaries.ts
 *   settlementSummaryColumns): one primary-key range at the deepest of the caller's, the filtered
 *   and the grouped hierarchy levels; whole months of a by-month question from the monthly table.
 *   The row kind follows the question: per scheme when it groups or filters by scheme, '*'
 *   otherwise (the same for the card type), so each batch is counted once per row;
 * - the raw tables (batches LEFT JOIN lines, count(DISTINCT batch)) for the days of a level-4/5
 *   question (a merchant HQ's or outlet's batches: one index range) and for a whole question whose
 *   distinct count the summaries cannot give: a filter of two or more schemes (or types) on a
 *   question not grouped by it — a batch with lines of both would be counted twice — or a declared
 *   `where` on a column the summaries do not keep. Plan there: the (scope column, settled_at, id)
 *   batch indexes per level (migration settlement_batch_list), lines by their primary key.
 * At 10 M transactions the raw read of a platform-wide 30 days took p50 368 / p95 391 ms.
 */
import { getTableColumns } from 'drizzle-orm';
import { ORG_FILTER_COLUMN_OF_LEVEL } from './summary-orgs.ts';
import type { Database } from '../db/client.ts';
import { terminalSettlementBatches } from '../db/schema/index.ts';
import type { Scope } from '../platform/scope.ts';
import { monthSplit } from '../summaries/month-split.ts';
import { ANCESTOR_COLUMNS, ORG_DIMENSIONS, scopePosition, summaryKeyConditions, type OrgDimension } from '../summaries/query.ts';
import { SETTLEMENT_DAILY_MAX_LEVEL } from '../summaries/rebuild.ts';
import type { SummarySourceQuery, SummarySourceRow } from './summary-sources.ts';

const MYT = 'Asia/Kuala_Lumpur';
const BATCH_COLUMNS = new Set(Object.values(getTableColumns(terminalSettlementBatches)).map((c) => c.name));
/** The batch columns the summaries keep, so a declared `where` on them can be read there. */
const SUMMARY_WHERE_COLUMNS = new Set(['status', 'currency']);

/** Group names → column: the org ids are the batch's and the summaries' own; scheme and type are the lines'. */
const GROUP_COLUMN: Readonly<Record<string, string>> = {
  cardScheme: 'card_scheme',
  cardType: 'card_type',
  ...Object.fromEntries(Object.entries(ORG_DIMENSIONS).map(([g, d]) => [g, d.column])),
};
export const SETTLEMENT_GROUPS = Object.keys(GROUP_COLUMN);
/** The line-side keys: their summary rows exist per value or as '*'. */
const LINE_KEYS = ['card_scheme', 'card_type'] as const;

type Figures = Record<string, string | number>;
type Answer = { period: string | null; group: unknown; split: unknown; figures: Figures }[];

const figuresOf = (r: Record<string, unknown>): Figures => ({
  batchCount: Number(r.batch_count ?? 0),
  saleCount: Number(r.sale_count ?? 0),
  saleAmount: String(r.sale_amount ?? '0.00'),
  voidCount: Number(r.void_count ?? 0),
  voidAmount: String(r.void_amount ?? '0.00'),
  netAmount: String(r.net_amount ?? '0.00'),
});

/** Builds parameter placeholders over one array. */
function params() {
  const list: unknown[] = [];
  return { list, p: (v: unknown) => (list.push(v), `$${list.length}`) };
}

/** The group columns of a question: the period, then the group's and the split's columns. */
function groupsOf(q: SummarySourceQuery): string[] {
  const out: string[] = ['period'];
  for (const g of [q.group, q.split]) {
    if (g === null) continue;
    const column = GROUP_COLUMN[g];
    if (!column) throw new Error(`settlement summary: cannot group by ${g}`);
    out.push(column);
  }
  return out;
}

/**
 * Whether the summaries can answer the question grouped by `groups` exactly, and at which level:
 * null when a multi-value scheme or type filter meets a question not grouped by it, or a `where`
 * names a column the summaries do not keep.
 */
function summaryLevel(scope: Scope, q: SummarySourceQuery, groups: string[]): number | null {
  for (const key of LINE_KEYS) if ((q.enums[key]?.length ?? 0) > 1 && !groups.includes(key)) return null;
  if (Object.keys(q.where).some((c) => !SUMMARY_WHERE_COLUMNS.has(c))) return null;
  let level = scopePosition(scope)?.level ?? 0;
  for (const d of Object.values(ORG_DIMENSIONS)) if (groups.includes(d.column)) level = Math.max(level, d.level);
  for (const [dim, ids] of Object.entries(q.orgs)) if (ids) level = Math.max(level, ORG_DIMENSIONS[dim as OrgDimension].level);
  return level;
}

/** Scope, org filter, currency and declared `where` conditions (batches and summaries share the column names). */
function sharedConditions(scope: Scope, q: SummarySourceQuery, p: (v: unknown) => string, alias: string): string[] {
  const out: string[] = [];
  const position = scopePosition(scope);
  if (position === null) out.push('false');
  else if (position.level > 0) out.push(`${alias}${ANCESTOR_COLUMNS[position.level - 1]} = ${p(position.ids[position.level - 1])}`);
  for (const [dim, ids] of Object.entries(q.orgs)) if (ids) out.push(`${alias}${ORG_FILTER_COLUMN_OF_LEVEL[dim as OrgDimension]} = ANY(${p([...ids])}::int[])`);
  out.push(`${alias}currency = ${p(q.currency)}`);
  for (const [column, value] of Object.entries(q.where)) {
    if (!BATCH_COLUMNS.has(column)) throw new Error(`settlement summary: unknown batch column ${column}`);
    out.push(`${alias}${column} = ANY(${p((Array.isArray(value) ? value : [value]).map(String))}::text[])`);
  }
  for (const column of Object.keys(q.enums)) if (!(LINE_KEYS as readonly string[]).includes(column)) throw new Error(`settlement summary: no filter on ${column}`);
  return out;
}

/**
 * The question as one statement over parts of disjoint day ranges, each a summary range or a raw
 * range of batches ⋈ lines (see the file comment): `level` null reads everything raw. Each part
 * yields the period, the group columns (the summaries' stand-ins for "none": '' for no line and
 * branch 0 for the HQ's own terminals; a raw part writes the same) and the figures; the outer
 * query sums them per group. Distinct batch counts add up across parts because a batch has one
 * settled day. `withTotals` (only when no group is a line key: then the groups partition the
 * batches and the totals are the sums over them) adds the totals row in the same statement
 * (GROUPING SETS with the empty set; flagged is_total = 1, keys null). Read through
 * Database.summaryRead (prepared, no parallel workers), as the sales summaries are.
 */
async function answer(database: Database, scope: Scope, q: SummarySourceQuery, groups: string[], withTotals = false): Promise<{ rows: Answer; totals: Figures | null }> {
  const level = summaryLevel(scope, q, groups);
  const { list, p } = params();
  const keyCols = groups.filter((g) => g !== 'period');
  const periodOf = (day: string) => (q.period === 'day' ? day : `date_trunc('${q.period}', ${day})`);
  const periodKey = (day: string) => (groups.includes('period') ? [`to_char(${periodOf(day)}, 'YYYY-MM-DD') AS period`] : []);

  const summaryPart = (table: string, dayCol: string, [a, b]: [string, string]) => {
    const where = [...sharedConditions(scope, q, p, ''), ...summaryKeyConditions(level!, scopePosition(scope), p)];
    for (const key of LINE_KEYS) {
      const values = q.enums[key];
      if (values) where.push(`${key} = ANY(${p(values.map(String))}::text[])`);
      else where.push(groups.includes(key) ? `${key} <> '*'` : `${key} = '*'`);
    }
    where.push(`${dayCol} BETWEEN ${p(a)}::date AND ${p(b)}::date`);
    return `SELECT ${[...periodKey(dayCol), ...keyCols, 'batch_count', 'sale_count', 'sale_amount', 'void_count', 'void_amount', 'net_amount'].join(', ')}
      FROM ${table} WHERE ${where.join(' AND ')}`;
  };
  const rawPart = ([a, b]: [string, string]) => {
    const where = sharedConditions(scope, q, p, 'b.');
    for (const key of LINE_KEYS) {
      const values = q.enums[key];
      if (values) where.push(`l.${key} = ANY(${p(values.map(String))}::text[])`);
    }
    where.push(`b.settled_at >= (${p(a)}::date::timestamp AT TIME ZONE '${MYT}')`, `b.settled_at < ((${p(b)}::date + 1)::timestamp AT TIME ZONE '${MYT}')`);
    const keys = keyCols.map((c) => ((LINE_KEYS as readonly string[]).includes(c) ? `coalesce(l.${c}, '') AS ${c}` : `coalesce(b.${c}, 0) AS ${c}`));
    const cols = [...periodKey(`(b.settled_at AT TIME ZONE '${MYT}')::date`), ...keys];
    return `SELECT ${[...cols, `count(DISTINCT b.id) AS batch_count, sum(l.sale_count) AS sale_count, sum(l.sale_amount) AS sale_amount,
      sum(l.void_count) AS void_count, sum(l.void_amount) AS void_amount, sum(l.net_amount) AS net_amount`].join(', ')}
      FROM terminal_settlement_batches b LEFT JOIN terminal_settlement_batch_lines l ON l.batch_id = b.id WHERE ${where.join(' AND ')}
      ${cols.length ? `GROUP BY ${cols.map((_, i) => i + 1).join(', ')}` : ''}`;
  };

  const parts: string[] = [];
  if (level === null) parts.push(rawPart([q.from, q.to]));
  else {
    const split = q.period === 'month' ? monthSplit(q.from, q.to) : { days: [[q.from, q.to]] as [string, string][], months: null };
    for (const range of split.days) parts.push(level <= SETTLEMENT_DAILY_MAX_LEVEL ? summaryPart('settlement_summary_daily', 'settled_day', range) : rawPart(range));
    if (split.months) parts.push(summaryPart('settlement_summary_monthly', 'month', split.months));
  }
  // GROUP BY names the input column, ORDER BY the output one: the stand-ins leave as null and sort
  // last, as the raw LEFT JOIN gives them.
  const none = (c: string) => (c === 'period' ? c : `nullif(${c}, ${(LINE_KEYS as readonly string[]).includes(c) ? `''` : '0'}) AS ${c}`);
  const totals = withTotals && groups.length > 0;
  const grouping = totals ? `GROUPING SETS ((${groups.join(', ')}), ())` : groups.join(', ');
  const text = `SELECT ${[...(totals ? [`GROUPING(${groups[0]}) AS is_total`] : []), ...groups.map(none), `coalesce(sum(batch_count), 0)::int AS batch_count, coalesce(sum(sale_count), 0)::int AS sale_count,
  coalesce(sum(sale_amount), 0.00)::numeric(20,2)::text AS sale_amount, coalesce(sum(void_count), 0)::int AS void_count,
  coalesce(sum(void_amount), 0.00)::numeric(20,2)::text AS void_amount, coalesce(sum(net_amount), 0.00)::numeric(20,2)::text AS net_amount`].join(', ')}
FROM (${parts.join('\nUNION ALL\n')}) s
${groups.length ? `GROUP BY ${grouping} HAVING ${totals ? `GROUPING(${groups[0]}) = 1 OR ` : ''}sum(batch_count) <> 0 ORDER BY ${groups.join(', ')}` : ''}`;
  const all = await database.summaryRead<Record<string, unknown>>(text, list);
  const totalsRow = totals ? all.find((r) => Number(r.is_total) === 1) : undefined;
  if (totals && !totalsRow) throw new Error('settlement summary: the totals row is missing');
  return {
    rows: all.filter((r) => !totals || Number(r.is_total) === 0).map((r) => ({
      period: r.period === undefined ? null : String(r.period),
      group: keyCols[0] ? (r[keyCols[0]] ?? null) : null,
      split: keyCols[1] ? (r[keyCols[1]] ?? null) : null,
      figures: figuresOf(r),
    })),
    totals: totalsRow ? figuresOf(totalsRow) : null,
  };
}

/**
 * Reads the settlement figures of `q` for `scope` (see the file comment): rows by period, group and
 * split, and the totals of the same question without groups (each from the summaries when they
 * can answer it exactly; in the same statement unless grouped by card scheme or type). Throws (a declaration defect) for a group, enum filter or where column
 * the source does not have.
 */
export async function readSettlementSummary(database: Database, scope: Scope, q: SummarySourceQuery): Promise<{ rows: SummarySourceRow[]; totals: Figures }> {
  const groups = groupsOf(q);
  // Grouped by a line key, a batch with lines of two schemes is in two rows but once in the totals:
  // they are then a second read of the '*' rows.
  const oneRead = !groups.some((g) => (LINE_KEYS as readonly string[]).includes(g));
  const { rows, totals: inline } = await answer(database, scope, q, groups, oneRead);
  const totals = inline ?? (await answer(database, scope, q, [])).rows[0]?.figures;
  const key = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'bigint' ? Number(v) : (v as string | number));
  return {
    rows: rows.map((r) => ({ period: String(r.period), group: key(r.group), split: key(r.split), figures: r.figures })),
    totals: totals ?? figuresOf({}),
  };
}
