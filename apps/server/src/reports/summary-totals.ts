/**
 * Totals above the cap from the sales summaries: a report's filtered set larger than
 * REPORT_COUNT_CAP has no raw totals (counting it would read every row), but when every filter in
 * use is one the summaries keep, readSummary answers the same count and amount exactly from a
 * handful of summary rows. Anything else (a reference, an amount range, Last4, a kind filter, a
 * report `where` beyond the service type, a date not on MYT day edges) is not expressible and
 * the caller keeps `Available: false`.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ORG_FILTER_FIELDS, type ListReportDef, type OrgFilterField, type ReportSearchData } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { readSummary, type OrgDimension, type SummaryQuery } from '../summaries/query.ts';
import { reportConditions, whereClause } from './query.ts';
import { col, sourceOf } from './sources.ts';

/**
 * Service types whose rows are all sales by the transaction model (docs/transaction-model.md):
 * e-commerce, payment link, pay-by-card and recurring rows are SALE / MOTO / EPP and their voids.
 * Pre-auth (4: holds and operation rows) and terminal (2: REVERSE, PREAUTH, batch messages) hold
 * rows the sales summaries do not count, so their reports never answer from the summaries.
 */
export const SALES_ONLY_SERVICE_TYPES: readonly number[] = [1, 3, 5, 6];

const ORG_DIMENSION_OF: Record<OrgFilterField, OrgDimension> = {
  MasterMerchantId: 'masterMerchant',
  AgencyId: 'agency',
  AgentId: 'agent',
  MerchantId: 'merchant',
  BranchId: 'branch',
};

/** The report enum filters the summaries keep, by source column. */
const ENUM_FIELDS = { status: 'statuses', payment_method: 'paymentMethods', card_scheme: 'cardSchemes' } as const;

const dialect = new PgDialect();
const DAY_MS = 86_400_000;
const MYT_OFFSET_MS = 8 * 3_600_000;
/** The MYT calendar day of an instant (ms), 'YYYY-MM-DD'. */
const mytDay = (ms: number) => new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 10);
/** Bounds of "no date filter": whole months, so readSummary reads only the monthly rollup there. */
const NO_FROM = '2000-01-01';
const NO_TO = '2999-12-31';

/**
 * The summary question that answers report `def`'s totals for SearchData `f`, or null when `f`
 * uses a filter the summaries do not keep. Expressible: the report reads `transactions` with a
 * `where` of `service_type` only, every one in SALES_ONLY_SERVICE_TYPES; a Currency is given;
 * DateFrom (if any) is an MYT midnight and DateTo (if any) an MYT day's last millisecond
 * (23:59:59.999 +08:00, what the web sends); the Status, PaymentMethod and CardScheme enums; the
 * org cascade. `dateTo` is DateTo in ms (for the sub-millisecond tail, see summaryTotals).
 */
export function summaryQuestion(def: ListReportDef, f: ReportSearchData): { q: SummaryQuery; dateTo: number | null } | null {
  if (def.source !== 'transactions' || !f.Currency) return null;
  const where = Object.entries(def.where);
  if (where.length !== 1 || where[0]![0] !== 'service_type') return null;
  const types = [where[0]![1]].flat();
  if (!types.every((t) => typeof t === 'number' && SALES_ONLY_SERVICE_TYPES.includes(t))) return null;
  const q: SummaryQuery = { from: NO_FROM, to: NO_TO, currency: f.Currency, serviceTypes: types as number[], groupBy: [] };
  let dateTo: number | null = null;
  for (const filter of def.filters) {
    switch (filter.kind) {
      case 'dateRange': {
        if (filter.source !== 'created_at' && (f.DateFrom || f.DateTo)) return null;
        if (f.DateFrom) {
          const ms = Date.parse(f.DateFrom);
          if ((ms + MYT_OFFSET_MS) % DAY_MS !== 0) return null;
          q.from = mytDay(ms);
        }
        if (f.DateTo) {
          dateTo = Date.parse(f.DateTo);
          if ((dateTo + 1 + MYT_OFFSET_MS) % DAY_MS !== 0) return null;
          q.to = mytDay(dateTo);
        }
        break;
      }
      case 'enum': {
        const values = f[filter.key];
        if (!Array.isArray(values) || values.length === 0) break;
        const field = ENUM_FIELDS[filter.source as keyof typeof ENUM_FIELDS];
        if (!field) return null;
        q[field] = [...new Set(values.map(String))];
        break;
      }
      case 'org':
        for (const field of ORG_FILTER_FIELDS) {
          const id = f[field];
          if (typeof id === 'number') q.orgFilter = { ...q.orgFilter, [ORG_DIMENSION_OF[field]]: [id] };
        }
        break;
      case 'currency':
        break;
      // The summaries keep no amount and no code (TxnRefNo, Last4, TID …): in use, not expressible.
      case 'moneyRange':
        if (f.AmountMin || f.AmountMax) return null;
        break;
      case 'code':
        if (f[filter.key] !== undefined && f[filter.key] !== '') return null;
        break;
      // Nor an assignee (a desk's, never a transaction's).
      case 'assignee':
        if (f[filter.key] !== undefined) return null;
        break;
      default:
        // A filter kind this function does not know: never claim the summaries express it.
        return null;
    }
  }
  return q.from <= q.to ? { q, dateTo } : null;
}

/**
 * Report totals from the summaries (see summaryQuestion for when): `{Count, Amount}` of the
 * filtered set, exact; Amount a decimal string in the major unit of `f.Currency` (ringgit for
 * MYR). readSummary counts whole MYT days; the raw condition `created_at <= DateTo` stops at
 * 23:59:59.999, so the rows of the day's last sub-millisecond (a microsecond timestamp after
 * DateTo) are read from `transactions` (an index range) and taken off. Null when not expressible.
 * Throws AppError VAL400 for crossed ranges (reportConditions).
 */
export async function summaryTotals(database: Database, def: ListReportDef, scope: Scope, f: ReportSearchData): Promise<{ Count: number; Amount: string } | null> {
  const question = summaryQuestion(def, f);
  if (!question) return null;
  // Validates the ranges (VAL400) before anything is read, as the raw path does.
  const conds = reportConditions(def, scope, { ...f, DateFrom: undefined, DateTo: undefined });
  const [row] = await readSummary(database, scope, question.q);
  const count = row?.txnCount ?? 0;
  const amount = row?.gross ?? '0.00';
  if (question.dateTo === null) return { Count: count, Amount: amount };
  const src = sourceOf(def);
  const after = new Date(question.dateTo).toISOString();
  const end = new Date(question.dateTo + 1).toISOString();
  conds.push(sql`${col(src, 'created_at')} > ${after}::timestamptz`, sql`${col(src, 'created_at')} < ${end}::timestamptz`);
  const q = dialect.sqlToQuery(
    sql`SELECT (${count}::int - count(*))::int AS "n", (${amount}::numeric - coalesce(sum(${col(src, 'amount')}), 0))::numeric(20,2)::text AS "amount"
      FROM ${sql.identifier(src.table)} ${whereClause(conds)}`,
  );
  const [tail] = await database.query<{ n: number; amount: string }>(q.sql, q.params);
  return { Count: Number(tail!.n), Amount: String(tail!.amount) };
}
