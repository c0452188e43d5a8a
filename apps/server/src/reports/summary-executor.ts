/**
 * The one executor of summary reports (the sales reports): validates a Summary
 * request against its declaration, maps SearchData to a question of the report's summary source
 * (summary-sources.ts) within the caller's scope, resolves org names, and derives the rates.
 * Nothing here is per report: everything comes from the declaration.
 */
import {
  SUMMARY_DEFAULT_CURRENCY,
  SUMMARY_MAX_ROWS,
  summaryDayRange,
  type ReportDimension,
  type ReportMeasure,
  type SummaryMeasures,
  type SummaryReportDef,
  type SummaryRequest,
  type SummaryResponse,
  type SummaryRow,
} from '@paydesk/contract';
import { businessDay, divideMoney, percentOf } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { badInput } from '../platform/errors.ts';
import type { Scope } from '../platform/scope.ts';
import { orgNames, scopedOrgFilter } from './summary-orgs.ts';
import { summarySourceOf, type SummarySourceQuery } from './summary-sources.ts';

/**
 * The derived measures: successRate = successCount / txnCount × 100 as a string with 2 decimals
 * (null when txnCount is 0); avgTicket = successAmount / successCount rounded half up to the sen
 * (null when successCount is 0). Decimal arithmetic (domain money.ts), never floats.
 */
export function derivedFigure(source: string, f: Record<string, string | number>): string | null {
  if (source === 'successRate') return percentOf(Number(f.successCount ?? 0), Number(f.txnCount ?? 0));
  if (source === 'avgTicket') return divideMoney(String(f.successAmount ?? '0'), Number(f.successCount ?? 0));
  throw new Error(`no derived figure ${source}`);
}

/** A row's (or the totals') measures from the source's figures. */
export function measuresOf(measures: readonly ReportMeasure[], f: Record<string, string | number>): SummaryMeasures {
  const out: SummaryMeasures = {};
  for (const m of measures) {
    const v = m.source in f ? f[m.source]! : derivedFigure(m.source, f);
    out[m.key] = v === null ? null : m.kind === 'count' ? Number(v) : String(v);
  }
  return out;
}

/**
 * The source question of a validated request, planned against the MYT day of `now` (ms); throws
 * VAL400 naming the field for a bad range or an org outside the scope.
 */
export async function sourceQuery(database: Database, def: SummaryReportDef, scope: Scope, req: SummaryRequest, now = Date.now()): Promise<SummarySourceQuery> {
  const days = summaryDayRange(req.SearchData, req.Period);
  if ('field' in days) throw badInput(days.field, days.message);
  const dim = req.GroupBy === null ? undefined : def.dimensions.find((d) => d.key === req.GroupBy);
  if (req.GroupBy !== null && !dim) throw badInput('GroupBy', `must be one of ${def.dimensions.map((d) => d.key).join(', ')}`);
  const enums: Record<string, readonly (string | number)[]> = {};
  const codes: Record<string, string> = {};
  for (const f of def.filters) {
    if (f.kind !== 'enum' && f.kind !== 'code') continue;
    const v = req.SearchData[f.key];
    if (f.kind === 'enum' && Array.isArray(v) && v.length) enums[f.source] = [...new Set(v as (string | number)[])];
    // A code filter (e.g. the TID), as the list takes it: exact, an empty value meaning none.
    if (f.kind === 'code' && typeof v === 'string' && v !== '') codes[f.source] = v;
  }
  return {
    from: days.from,
    to: days.to,
    period: req.Period,
    group: dim?.source ?? null,
    split: def.split?.source ?? null,
    enums,
    codes,
    orgs: await scopedOrgFilter(database, scope, req.SearchData),
    currency: req.SearchData.Currency ?? SUMMARY_DEFAULT_CURRENCY,
    where: def.where,
    today: businessDay(now),
  };
}

/**
 * Answers a Summary request: `{Rows, Totals, Currency, Period, GroupBy}` for
 * the caller's subtree (shapes: contract summary-schemas.ts). Rows are ordered by period, then
 * group, then split; an org dimension's GroupLabel is the organization's name. Throws AppError
 * VAL400 naming the field: DateFrom after DateTo or a range too long for the period, an org
 * filter outside the caller's scope or of the wrong level, an undeclared GroupBy, an answer of
 * more than SUMMARY_MAX_ROWS rows ('GroupBy'). `now` (ms, the clock by default) only decides which
 * summary rows are read (summaries/query.ts SummaryQuery.today), never the answer.
 */
export async function runSummary(database: Database, def: SummaryReportDef, scope: Scope, req: SummaryRequest, now = Date.now()): Promise<SummaryResponse> {
  const q = await sourceQuery(database, def, scope, req, now);
  const { rows, totals } = await summarySourceOf(def).read(database, scope, q);
  if (rows.length > SUMMARY_MAX_ROWS) throw badInput('GroupBy', `the answer would hold ${rows.length} rows, more than ${SUMMARY_MAX_ROWS}: choose a longer period, another grouping or a narrower filter`);
  const dim: ReportDimension | undefined = def.dimensions.find((d) => d.key === req.GroupBy);
  const names = dim?.kind === 'org' ? await orgNames(database, rows.flatMap((r) => (r.group === null ? [] : [Number(r.group)]))) : new Map<number, string>();
  return {
    Rows: rows.map((r) => {
      const row = {
        Period: r.period,
        Group: r.group,
        GroupLabel: dim?.kind === 'org' && r.group !== null ? (names.get(Number(r.group)) ?? null) : null,
        ...(def.split ? { [def.split.key]: r.split } : {}),
        ...measuresOf(def.measures, r.figures),
      };
      return row as SummaryRow;
    }),
    Totals: measuresOf(def.measures, totals),
    Currency: q.currency,
    Period: req.Period,
    GroupBy: req.GroupBy,
  };
}
