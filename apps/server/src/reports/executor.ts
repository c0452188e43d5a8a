/**
 * The one generic executor of list reports: Search (keyset page + capped count), Get
 * (one row inside scope and the report's `where`), Totals (exact count and amount up to the cap,
 * above it from the sales summaries when they express the filters: summary-totals.ts)
 * and the export's row source, for any declared list report, from its declaration only.
 * SQL is built by query.ts and run as text with positional parameters on either driver.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  REPORT_COUNT_CAP,
  reportDetailColumns,
  reportRowColumns,
  type ListReportDef,
  type ReportColumn,
  type ReportDetailLines,
  type ReportRow,
  type ReportSearchData,
  type ReportSearchRequest,
  type ReportSearchResponse,
  type ReportSort,
  type ReportTotalsResponse,
} from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import { notFound } from '../platform/errors.ts';
import type { Scope } from '../platform/scope.ts';
import { afterKey, cappedCount, decodeCursor, encodeCursor, forAudience, fromClause, orderClause, reportConditions, selectClause, SORT_ALIAS, whereClause } from './query.ts';
import { col, lineCol, sourceOf } from './sources.ts';
import { summaryTotals } from './summary-totals.ts';

const dialect = new PgDialect();

/** Runs a built statement; rows keyed by the select list's aliases. */
export async function run<T = Record<string, unknown>>(database: Database, statement: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(statement);
  return database.query<T>(q.sql, q.params);
}

/** A database value as the API writes it: instants ISO UTC, money 2-decimal strings, counts numbers, text strings. */
function apiValue(c: ReportColumn, v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (c.kind === 'datetime') return new Date(v as string).toISOString();
  if (c.kind === 'money') return typeof v === 'number' ? v.toFixed(2) : String(v);
  if (c.kind === 'count') return Number(v);
  // A reference held as a number (a transaction's or an alert's id) is text: no thousands separator, no arithmetic.
  if (c.kind === 'text' || c.kind === 'pan') return typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (typeof v === 'bigint') return Number(v);
  return v as string | number;
}

/** A database row as the API's row of `columns`. */
export function toApiRow(columns: readonly ReportColumn[], r: Record<string, unknown>): ReportRow {
  const out: ReportRow = { Id: Number(r.Id) } as ReportRow;
  for (const c of columns) out[c.key] = apiValue(c, r[c.key]);
  return out;
}

/** The page query: SELECT list columns … WHERE conditions [after the cursor] ORDER BY sort LIMIT n. */
export function pageQuery(def: ListReportDef, columns: readonly ReportColumn[], conds: SQL[], sort: ReportSort, limit?: number): SQL {
  const src = sourceOf(def);
  const lim = limit === undefined ? sql`` : sql`LIMIT ${limit}`;
  return sql`${selectClause(def, columns, sort)} ${fromClause(src, columns)} ${whereClause(conds)} ${orderClause(def, sort)} ${lim}`;
}

/** Rows counted up to `limit` (the index stops reading there). */
export async function countUpTo(database: Database, def: ListReportDef, conds: SQL[], limit: number): Promise<number> {
  const [row] = await run<{ n: number }>(database, cappedCount(def, conds, limit));
  return Number(row?.n ?? 0);
}

/**
 * One keyset page of a report for a caller (§2 lists). `req` is the validated Search
 * request. Answers `{Items, TotalRecords, TotalCapped, NextCursor, RowsPerPage}`: TotalRecords is
 * exact up to REPORT_COUNT_CAP (10,000), else the cap with TotalCapped true.
 * Throws AppError VAL400 for a forged cursor ('Cursor') or crossed ranges (DateFrom, AmountMin).
 */
export async function searchReport(database: Database, def: ListReportDef, scope: Scope, req: ReportSearchRequest): Promise<ReportSearchResponse> {
  const conds = reportConditions(def, scope, req.SearchData);
  const columns = forAudience(scope, reportRowColumns(def));
  const after = req.Cursor ? decodeCursor(def, req.Sort, req.Cursor) : undefined;
  const pageConds = after ? [...conds, afterKey(def, req.Sort, after.v, after.id)] : conds;
  const rows = await run(database, pageQuery(def, columns, pageConds, req.Sort, req.RowsPerPage + 1));
  const n = await countUpTo(database, def, conds, REPORT_COUNT_CAP + 1);
  const page = rows.slice(0, req.RowsPerPage);
  const last = page[page.length - 1];
  return {
    Items: page.map((r) => toApiRow(columns, r)),
    TotalRecords: Math.min(n, REPORT_COUNT_CAP),
    TotalCapped: n > REPORT_COUNT_CAP,
    NextCursor: rows.length > req.RowsPerPage && last ? encodeCursor(req.Sort, String(last[SORT_ALIAS]), Number(last.Id)) : null,
    RowsPerPage: req.RowsPerPage,
  };
}

/**
 * One row's detail (every 'detail' column and Currency), only inside the caller's scope AND the
 * report's `where`: a row of another tenant or of another report (e.g. another service type) is
 * NF404, not 403, so foreign ids are not confirmed to exist.
 */
export async function getReportRow(database: Database, def: ListReportDef, scope: Scope, id: number): Promise<ReportRow> {
  const src = sourceOf(def);
  const columns = forAudience(scope, reportDetailColumns(def));
  const conds = [sql`${col(src, src.id)} = ${id}`, ...reportConditions(def, scope, {})];
  const [row] = await run(database, sql`${selectClause(def, columns)} ${fromClause(src, columns)} ${whereClause(conds)}`);
  if (!row) throw notFound(def.idOf.charAt(0).toUpperCase() + def.idOf.slice(1));
  const detail = toApiRow(columns, row);
  // The declared sub-table, read by the id of the record just found inside the scope.
  if (def.detailLines) (detail as Record<string, unknown>)[def.detailLines.key] = await detailLines(database, def.detailLines, id);
  return detail;
}

/** The rows of a detail's sub-table (`detailLines`) of record `id`, in its declared order, as API values. */
export async function detailLines(database: Database, lines: ReportDetailLines, id: number): Promise<Record<string, string | number | null>[]> {
  const rows = await run(database, detailLinesQuery(lines, id));
  return rows.map((r) => Object.fromEntries(lines.columns.map((c) => [c.key, apiValue(c, r[c.key])])));
}

/** The SQL of a detail's sub-table: its columns by key, `WHERE foreign key = id ORDER BY orderBy` (the line table's primary key serves it). */
export function detailLinesQuery(lines: ReportDetailLines, id: number): SQL {
  const select = sql.join(lines.columns.map((c) => sql`${lineCol(lines.source, c.source)} AS ${sql.identifier(c.key)}`), sql`, `);
  const order = sql.join(lines.orderBy.map((name) => lineCol(lines.source, name)), sql`, `);
  return sql`SELECT ${select} FROM ${sql.identifier(lines.source)} WHERE ${lineCol(lines.source, lines.foreignKey)} = ${id} ORDER BY ${order}`;
}

/** The SQL of Totals: count, amount, currencies of at most cap + 1 rows of the filtered set. */
export function totalsQuery(def: ListReportDef, conds: SQL[]): SQL {
  const src = sourceOf(def);
  const money = def.columns.find((c) => c.kind === 'money' && src.columns.has(c.source) && (!def.amountKey || c.key === def.amountKey));
  const currency = def.filters.find((f) => f.kind === 'currency');
  if (!money || !currency) throw new Error(`report ${def.name} has no money column or currency filter for totals`);
  return sql`SELECT count(*)::int AS "n", coalesce(sum("amount"), 0)::numeric(20,2)::text AS "amount", count(DISTINCT "currency")::int AS "currencies", min("currency") AS "currency"
    FROM (SELECT ${col(src, money.source)} AS "amount", ${col(src, currency.source)} AS "currency" ${fromClause(src, [])} ${whereClause(conds)} LIMIT ${REPORT_COUNT_CAP + 1}) AS "capped"`;
}

/**
 * The totals row of a filtered report: `Available` with the exact count and amount when the set
 * holds at most REPORT_COUNT_CAP rows of one currency (the filter's Currency, or the only one in
 * the set). Above the cap, when every filter in use is one the sales summaries keep (date range
 * on MYT day edges, status, payment method, card scheme, org cascade, a Currency, and a report
 * `where` of sales-only service types: summaryTotals), the exact count and amount come from
 * readSummary instead. Otherwise `Available: false` (Count exact when only the currencies are
 * mixed, 0 above the cap; Amount '0.00'). Exact or nothing: the engine never estimates.
 * `Successful` is the same for the SUCCESS rows among them (null for a report without that status).
 */
export async function reportTotals(database: Database, def: ListReportDef, scope: Scope, f: ReportSearchData): Promise<ReportTotalsResponse> {
  const all = await filteredTotals(database, def, scope, f);
  // What the line counts, said: the SUCCESS rows among the filtered ones (the same reader, narrowed).
  const statuses = def.filters.find((x) => x.kind === 'enum' && x.key === 'Status');
  if (!all.Available || !statuses || statuses.kind !== 'enum' || !statuses.values.includes('SUCCESS')) return { ...all, Successful: null };
  const chosen = (f.Status as string[] | undefined) ?? [];
  if (chosen.length === 1 && chosen[0] === 'SUCCESS') return { ...all, Successful: { Count: all.Count, Amount: all.Amount } };
  if (chosen.length > 0 && !chosen.includes('SUCCESS')) return { ...all, Successful: { Count: 0, Amount: '0.00' } };
  const ok = await filteredTotals(database, def, scope, { ...f, Status: ['SUCCESS'] } as ReportSearchData);
  return { ...all, Successful: ok.Available ? { Count: ok.Count, Amount: ok.Amount } : null };
}

/** reportTotals without the successful part (see there). */
async function filteredTotals(database: Database, def: ListReportDef, scope: Scope, f: ReportSearchData): Promise<Omit<ReportTotalsResponse, 'Successful'>> {
  const conds = reportConditions(def, scope, f);
  const [r] = await run<{ n: number; amount: string; currencies: number; currency: string | null }>(database, totalsQuery(def, conds));
  const n = Number(r?.n ?? 0);
  if (n > REPORT_COUNT_CAP) {
    const fromSummaries = await summaryTotals(database, def, scope, f);
    if (fromSummaries) return { Available: true, ...fromSummaries, Currency: f.Currency ?? null };
    return { Available: false, Count: 0, Amount: '0.00', Currency: null };
  }
  if (Number(r?.currencies ?? 0) > 1) return { Available: false, Count: n, Amount: '0.00', Currency: null };
  return { Available: true, Count: n, Amount: String(r?.amount ?? '0.00'), Currency: (r?.currency ?? f.Currency ?? null)?.trim() ?? null };
}
