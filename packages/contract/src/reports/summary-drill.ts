/**
 * Drill-down from a sales report row to the live list of the rows it counts:
 * one pure function the web page (and the tests) call, so the link a user follows and the
 * property the tests prove are the same code.
 */
import { SALE_TXN_TYPES } from '@paydesk/domain';
import type { ListReportDef, ReportFilter, SummaryDrillTarget, SummaryReportDef } from './define.ts';
import { SUMMARY_DRILL_LISTS } from './defs/drill-targets.ts';
import { ORG_FILTER_FIELDS } from './schemas.ts';
import { periodEnd, summaryDayRange, type SummaryRequest, type SummaryRow } from './summary-schemas.ts';

/** The currency a summary reads when the request names none (§3: the portal's default currency). */
export const SUMMARY_DEFAULT_CURRENCY = 'MYR';

/** Where a summary row drills to. */
export interface SummaryDrill {
  /** Web path of the live list. */
  path: string;
  /** Its declaration (null when no list report is declared at that path yet). */
  report: ListReportDef | null;
  /** The list's SearchData, keys exactly as its schema takes them. */
  searchData: Record<string, unknown>;
  /**
   * True when the list holds exactly the rows the summary row counts (its TotalRecords equals the
   * row's TxnCount); false when the list cannot narrow to the row: a null group (no card scheme,
   * an HQ's branchless sales), a dimension or request filter the list does not take, a terminal
   * row not grouped by one view's methods (drilled to the card view), an undeclared target.
   */
  exact: boolean;
}

/** The request fields a list filter takes. */
function filterFields(f: ReportFilter): readonly string[] {
  switch (f.kind) {
    case 'dateRange':
      return ['DateFrom', 'DateTo'];
    case 'org':
      return ORG_FILTER_FIELDS;
    case 'moneyRange':
      return ['AmountMin', 'AmountMax'];
    case 'currency':
      return ['Currency'];
    default:
      return [f.key];
  }
}

/** The value of a drill key for a row: the row's group or split, or one shared by the request's filter values. */
function drillValue(def: SummaryReportDef, req: SummaryRequest, row: SummaryRow, by: string, target: Exclude<SummaryDrillTarget, string>): string | null {
  if (req.GroupBy === by) return row.Group === null ? null : String(row.Group);
  if (def.split?.key === by) return row[by] === null || row[by] === undefined ? null : String(row[by]);
  const filtered = req.SearchData[by];
  if (Array.isArray(filtered) && filtered.length) {
    // Every filtered value leads to the same place: that place is the row's.
    const first = target.paths[String(filtered[0])] ?? target.otherwise;
    if (filtered.every((v) => (target.paths[String(v)] ?? target.otherwise) === first)) return String(filtered[0]);
  }
  return null;
}

/**
 * The live list a summary row drills to and its SearchData, for `req` the
 * Summary request (validated) and `row` one of its rows; `currency` is the response's Currency.
 * - path: `def.drillTo`, choosing by the row's group / split (or the request's single-view filter);
 * - DateFrom/DateTo: the row's period (MYT days) clipped to the request's days, as instants
 *   00:00:00.000+08:00 … 23:59:59.999+08:00;
 * - the group value as the list's filter (`drillKey`: enum → [code], org → id), the request's
 *   other filters the list takes, Currency;
 * - what makes the list show the counted sale rows only: TxnType = SALE_TXN_TYPES where the list
 *   filters by type (terminal), PreauthOp = [CAPTURE] where it filters by operation (pre-auth).
 * `exact` says whether the list's TotalRecords is the row's TxnCount (see SummaryDrill).
 * Throws when the request's date range is invalid (the server refused such a request already).
 */
export function drillDown(def: SummaryReportDef, req: SummaryRequest, row: SummaryRow, currency: string = req.SearchData.Currency ?? SUMMARY_DEFAULT_CURRENCY): SummaryDrill {
  let exact = true;
  const consumed = new Set<string>();
  let target = def.drillTo;
  while (typeof target !== 'string') {
    const value = drillValue(def, req, row, target.by, target);
    consumed.add(target.by);
    if (value === null) {
      exact = false;
      target = target.otherwise;
    } else target = target.paths[value] ?? target.otherwise;
  }
  const path = target;
  const report: ListReportDef | null = SUMMARY_DRILL_LISTS.find((d) => d.path === path) ?? null;
  if (!report) exact = false;
  // The fields the list takes; an undeclared list is assumed to take dates, org, currency and the dimensions' keys.
  const takes = new Set(report ? report.filters.flatMap(filterFields) : ['DateFrom', 'DateTo', ...ORG_FILTER_FIELDS, 'Currency', ...def.dimensions.flatMap((d) => (d.drillKey ? [d.drillKey] : []))]);
  const enumKeys = new Set(report ? report.filters.flatMap((f) => (f.kind === 'enum' ? [f.key] : [])) : def.dimensions.flatMap((d) => (d.kind === 'enum' && d.drillKey ? [d.drillKey] : [])));

  const days = summaryDayRange(req.SearchData, req.Period);
  if ('field' in days) throw new Error(`drillDown: ${days.field} ${days.message}`);
  const from = row.Period > days.from ? row.Period : days.from;
  const end = periodEnd(row.Period, req.Period);
  const to = end < days.to ? end : days.to;
  const searchData: Record<string, unknown> = { DateFrom: `${from}T00:00:00.000+08:00`, DateTo: `${to}T23:59:59.999+08:00` };

  for (const [key, value] of Object.entries(req.SearchData)) {
    if (key === 'DateFrom' || key === 'DateTo' || key === 'Currency' || value === undefined) continue;
    if (takes.has(key)) searchData[key] = value;
    else if (!consumed.has(key)) exact = false;
  }
  if (takes.has('Currency')) searchData.Currency = currency;

  const dim = req.GroupBy ? def.dimensions.find((d) => d.key === req.GroupBy) : undefined;
  if (dim) {
    if (row.Group === null) exact = false;
    else if (dim.drillKey && takes.has(dim.drillKey)) searchData[dim.drillKey] = enumKeys.has(dim.drillKey) ? [row.Group] : row.Group;
    else if (!consumed.has(dim.key)) exact = false;
  }

  // The sale predicate (SALE_TXN_TYPES, and CAPTURE among pre-auth operations) in the list's own filters.
  const typeFilter = report?.filters.find((f) => f.kind === 'enum' && f.key === 'TxnType');
  if (typeFilter && typeFilter.kind === 'enum') searchData.TxnType = SALE_TXN_TYPES.filter((t) => typeFilter.values.includes(t));
  if (report?.filters.some((f) => f.kind === 'enum' && f.key === 'PreauthOp')) searchData.PreauthOp = ['CAPTURE'];
  return { path, report, searchData, exact };
}
