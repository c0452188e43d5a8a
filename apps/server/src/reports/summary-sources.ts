/**
 * The sources of summary reports, by the declaration's `source`:
 * - 'sales_summary': the sales summaries through `readSummaryWithTotals` (summaries/query.ts), exact and
 *   indexed (the caller's scope and the org filters are equalities on the summaries' key columns);
 * - 'terminal_settlement': settled terminal card batches and their lines (summary-settlement.ts).
 * A source answers one period × group × split question within the caller's scope, its figures
 * keyed by the measures' `source` names (money as decimal strings, counts as numbers), and the
 * totals of the same question without groups. Identifiers in SQL come from the source, never the request.
 */
import type { ReportWhere, SummaryReportDef } from '@paydesk/contract';
import type { Database } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { readSummaryWithTotals, SUMMARY_GROUPS, type OrgDimension, type SummaryGroup, type SummaryQuery, type SummaryRow } from '../summaries/query.ts';
import { readSettlementSummary, SETTLEMENT_GROUPS } from './summary-settlement.ts';
import { UNATTENDED_CASH_SOURCE } from './summary-unattended.ts';

/** One question to a summary source (already validated and scoped by the executor). */
export interface SummarySourceQuery {
  /** Inclusive MYT days 'YYYY-MM-DD'. */
  from: string;
  to: string;
  period: 'day' | 'week' | 'month';
  /** The group's source name (a dimension's `source`) or null. */
  group: string | null;
  /** The split's source name or null. */
  split: string | null;
  /** Enum filters by source column (status, payment_method, card_scheme, card_type, service_type): codes. */
  enums: Readonly<Record<string, readonly (string | number)[]>>;
  /** Code filters by source column (e.g. tid): the exact value asked (only sources declaring `codeColumns` get any). */
  codes: Readonly<Record<string, string>>;
  /** Org filters by level (ids inside the caller's scope). */
  orgs: Partial<Record<OrgDimension, readonly number[]>>;
  /** ISO 4217. */
  currency: string;
  /** The declaration's fixed conditions. */
  where: ReportWhere;
  /** The MYT business day the read is planned against (SummaryQuery.today). */
  today?: string;
}

/** One answer row: period start (MYT 'YYYY-MM-DD'), group and split values, figures by measure source. */
export interface SummarySourceRow {
  period: string;
  group: string | number | null;
  split: string | number | null;
  figures: Record<string, string | number>;
}

export interface SummarySource {
  /** The group names the source can answer (a declaration naming another fails at start-up). */
  groups: readonly string[];
  /** The figure names it answers (measures' `source`, besides the derived successRate and avgTicket). */
  figures: readonly string[];
  /** The columns a declared `code` filter may name (default none: the sales summaries keep no codes). */
  codeColumns?: readonly string[];
  read: (database: Database, scope: Scope, q: SummarySourceQuery) => Promise<{ rows: SummarySourceRow[]; totals: Record<string, string | number> }>;
}

const SALES_FIGURES = ['txnCount', 'gross', 'successCount', 'successAmount', 'refundCount', 'refundAmount', 'mdrFee', 'net'] as const;

/** readSummary's filters of an enum source column. */
const SALES_ENUM_FIELD = { status: 'statuses', payment_method: 'paymentMethods', card_scheme: 'cardSchemes', service_type: 'serviceTypes' } as const;

/** Intersects two optional code lists (undefined = no condition). */
function both<T>(a: readonly T[] | undefined, b: readonly T[] | undefined): readonly T[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.filter((v) => b.includes(v));
}

/** The readSummary question of a summary source query (groups: period, then group and split). */
export function salesQuery(q: SummarySourceQuery, groupBy: SummaryGroup[]): SummaryQuery {
  const out: SummaryQuery = { from: q.from, to: q.to, currency: q.currency, groupBy, orgFilter: q.orgs, today: q.today };
  for (const [column, values] of Object.entries(q.enums)) {
    const field = SALES_ENUM_FIELD[column as keyof typeof SALES_ENUM_FIELD];
    if (!field) throw new Error(`sales summary: no filter on ${column}`);
    (out as unknown as Record<string, readonly unknown[]>)[field] = values;
  }
  for (const [column, value] of Object.entries(q.where)) {
    if (column !== 'service_type') throw new Error(`sales summary: a declaration's where may only name service_type, not ${column}`);
    out.serviceTypes = both(out.serviceTypes, (Array.isArray(value) ? value : [value]) as number[]);
  }
  return out;
}

/** The SALES_FIGURES of a row (a literal: this runs once per answer row, up to 5,000 of them). */
const figuresOf = (r: SummaryRow): Record<(typeof SALES_FIGURES)[number], string | number> => ({
  txnCount: r.txnCount, gross: r.gross, successCount: r.successCount, successAmount: r.successAmount,
  refundCount: r.refundCount, refundAmount: r.refundAmount, mdrFee: r.mdrFee, net: r.net,
});

/** Every source by name. */
export const SUMMARY_SOURCES: Readonly<Record<string, SummarySource>> = {
  sales_summary: {
    groups: SUMMARY_GROUPS,
    figures: SALES_FIGURES,
    async read(database, scope, q) {
      const groupBy = [q.period, ...(q.group ? [q.group] : []), ...(q.split ? [q.split] : [])] as SummaryGroup[];
      // Rows and totals in one statement (one round trip; the totals are the groups' sums).
      const { rows, totals } = await readSummaryWithTotals(database, scope, salesQuery(q, groupBy));
      const val = (r: SummaryRow, g: string | null) => (g === null ? null : ((r as unknown as Record<string, string | number | null>)[g] ?? null));
      return {
        rows: rows.map((r) => ({ period: String(r[q.period]), group: val(r, q.group), split: val(r, q.split), figures: figuresOf(r) })),
        totals: figuresOf(totals),
      };
    },
  },
  terminal_settlement: {
    groups: SETTLEMENT_GROUPS,
    figures: ['batchCount', 'saleCount', 'saleAmount', 'voidCount', 'voidAmount', 'netAmount'],
    read: readSettlementSummary,
  },
  // Unattended terminals' cash events: a GROUP BY over their indexed table.
  unattended_cash: UNATTENDED_CASH_SOURCE,
};

/** The source of a summary report; throws (a declaration defect) for an unknown one. */
export function summarySourceOf(def: { name: string; source: string }): SummarySource {
  const src = SUMMARY_SOURCES[def.source];
  if (!src) throw new Error(`summary report ${def.name}: unknown source ${def.source}`);
  return src;
}

/**
 * Checks a summary declaration against its source once (app start, tests): the source exists,
 * every dimension and the split name a group it answers, every measure a figure it answers (or a
 * derived one), the drill targets and periods are declared. Throws an Error naming the defect.
 */
export function checkSummaryReport(def: SummaryReportDef): void {
  const src = summarySourceOf(def);
  for (const d of [...def.dimensions, ...(def.split ? [def.split] : [])]) {
    if (!src.groups.includes(d.source)) throw new Error(`summary report ${def.name}: source ${def.source} cannot group by ${d.source} (${d.key})`);
  }
  for (const m of def.measures) {
    if (!src.figures.includes(m.source) && !DERIVED.includes(m.source)) throw new Error(`summary report ${def.name}: measure ${m.key} has unknown figure ${m.source}`);
  }
  for (const f of def.filters) {
    if (f.kind === 'code' && !src.codeColumns?.includes(f.source)) throw new Error(`summary report ${def.name}: source ${def.source} takes no code filter on ${f.source}`);
  }
  if (def.defaultGroupBy !== null && !def.dimensions.some((d) => d.key === def.defaultGroupBy)) throw new Error(`summary report ${def.name}: default GroupBy ${def.defaultGroupBy} is not a dimension`);
  if (!def.periods.includes(def.defaultPeriod)) throw new Error(`summary report ${def.name}: default period ${def.defaultPeriod} is not offered`);
}

/** Figures the executor derives from the sales figures (summary-executor.ts derivedFigure). */
const DERIVED = ['successRate', 'avgTicket'];
