/**
 * A summary (sales) report's state in the URL (shareable, back button): the declared
 * filters under the list reports' URL keys (shared/report-query.ts), the period (`period`, default the
 * declared `defaultPeriod`) and the dimension grouped by (`group`: a declared dimension key, or
 * `none`; default the declared `defaultGroupBy`). Defaults are left out of the URL. Pure. The date range defaults to the last 30 Malaysian days (today included) when the
 * URL has neither end, so a summary is never asked for all time.
 */
import type { ReportFilter, SummaryPeriod, SummaryReportDef, SummaryRequest } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';
import { malaysianToday, presetRanges } from '../../shared/date-presets.ts';
import { parseFilterValues, toReportSearchData, writeFilterValues, type QueryValue } from '../../shared/report-query.ts';
import { filterQueryOf } from '../../shared/summary-drill.ts';

/** The query of a summary report: filter values by URL key, the period and the dimension. */
export interface SummaryQuery {
  period: SummaryPeriod;
  /** A declared dimension key, or undefined: one row per period. */
  group: string | undefined;
  [urlKey: string]: QueryValue | null;
}

type Def = Pick<SummaryReportDef, 'filters' | 'periods' | 'dimensions' | 'defaultPeriod' | 'defaultGroupBy'>;

/** The `group` URL value of "no dimension" (absent means the declared default). */
export const NO_GROUP = 'none';

const DAY = 'YYYY-MM-DD';

/** The default range as MYT days YYYY-MM-DD: the last 30, `today` (a MYT day, default now) included. */
export function defaultRange(today: string = malaysianToday().format(DAY)): { from: string; to: string } {
  const [from, to] = presetRanges(dayjs(today, DAY)).last30;
  return { from: from.format(DAY), to: to.format(DAY) };
}

const hasDateRange = (filters: readonly ReportFilter[]) => filters.some((f) => f.kind === 'dateRange');

/** The query a URL carries; unknown periods and dimensions fall back to the defaults. */
export function parseSummaryQuery(def: Def, params: URLSearchParams, today?: string): SummaryQuery {
  const filters = parseFilterValues(def.filters, params);
  if (hasDateRange(def.filters) && !filters.from && !filters.to) Object.assign(filters, defaultRange(today));
  const period = def.periods.find((p) => p === params.get('period')) ?? def.defaultPeriod;
  const raw = params.get('group');
  const group = raw === NO_GROUP ? undefined : (def.dimensions.find((d) => d.key === raw)?.key ?? def.defaultGroupBy ?? undefined);
  return { ...filters, period, group };
}

/**
 * The query string: the filters, then `period` and `group` unless the declared defaults. The
 * default range (the last 30 days as of `today`, a MYT day, default now) is left out too, so the
 * link keeps meaning "the last 30 days".
 */
export function toSummarySearchParams(def: Def, q: SummaryQuery, today?: string): URLSearchParams {
  const range = defaultRange(today);
  const isDefaultRange = q.from === range.from && q.to === range.to;
  const p = writeFilterValues(def.filters, isDefaultRange ? { ...q, from: undefined, to: undefined } : q, new URLSearchParams());
  if (q.period !== def.defaultPeriod) p.set('period', q.period);
  if ((q.group ?? null) !== def.defaultGroupBy) p.set('group', q.group ?? NO_GROUP);
  return p;
}

/** The Summary request body (without the header currency, which the caller adds to SearchData). */
export function toSummaryBody(def: Def, q: SummaryQuery): SummaryRequest {
  // The range is always set (parseSummaryQuery defaults it), so DateFrom and DateTo are there.
  return { SearchData: toReportSearchData(def, q) as SummaryRequest['SearchData'], Period: q.period, GroupBy: q.group ?? null };
}

/**
 * The query of a Summary or Export request (`SearchData`, `Period`, `GroupBy` as sent): the
 * inverse of `toSummaryBody`, to reopen the report as it was asked (the export history). A period
 * or dimension the report no longer declares falls back to its default; GroupBy null is "no
 * dimension", absent the default; SearchData fields map as the list reports' (filterQueryOf).
 */
export function summaryQueryOf(def: Def, request: { SearchData: Readonly<Record<string, unknown>>; Period?: string | null; GroupBy?: string | null }): SummaryQuery {
  const period = def.periods.find((p) => p === request.Period) ?? def.defaultPeriod;
  const group = request.GroupBy === undefined ? (def.defaultGroupBy ?? undefined) : request.GroupBy === null ? undefined : (def.dimensions.find((d) => d.key === request.GroupBy)?.key ?? def.defaultGroupBy ?? undefined);
  return { ...filterQueryOf(def.filters, request.SearchData), period, group };
}
