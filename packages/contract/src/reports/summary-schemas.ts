/**
 * Request and response schemas of a declared summary report (a sales report),
 * derived from its filters, dimensions, split and measures only, as `reportSchemas` does for lists.
 *
 * Shapes (PascalCase, the API's):
 * - `summary` request: `{SearchData, Period: 'day'|'week'|'month' (defaultPeriod), GroupBy: a
 *   dimension key | null (defaultGroupBy)}`. SearchData takes the declared filters' fields
 *   (filterShape), with `DateFrom` and `DateTo` REQUIRED: the report reads the whole MYT days of
 *   both instants, inclusive (times of day are ignored; see summaryDayRange).
 * - `summaryResponse`: `{Rows, Totals, Currency, Period, GroupBy}`. A row is `{Period (MYT date
 *   'YYYY-MM-DD' of the period start: the day, the week's Monday, the month's 1st), Group (enum code,
 *   org id, text, or null: no group asked, or a transaction without that value), GroupLabel (the
 *   org's name for an org dimension, else null), [split.key] (when declared), ...measures}`. Totals
 *   hold the measures over every row. Money: decimal strings in `Currency`'s major unit; counts:
 *   integers; percents: strings with 2 decimals; a rate or average of nothing is null.
 * - `export`: the summary request + `Format` xlsx|csv (xlsx) + `Language` en|ms|zh (en).
 */
import { z } from 'zod';
import { ENUM_LABEL_LANGUAGES, type EnumLabelLanguage } from '@paydesk/domain';
import { MoneyString } from '../common.ts';
import { SUMMARY_PERIODS, type ReportMeasure, type SummaryPeriod, type SummaryReportDef } from './define.ts';
import { filterShape, type ReportSearchData } from './schemas.ts';

/** The Summary request after validation (defaults applied). */
export interface SummaryRequest {
  SearchData: ReportSearchData & { DateFrom: string; DateTo: string };
  Period: SummaryPeriod;
  GroupBy: string | null;
}
/** The Summary request as a caller may write it. */
export type SummaryInput = Partial<Omit<SummaryRequest, 'SearchData'>> & { SearchData: Record<string, unknown> };

/** The measures of a row or the totals by measure key: money/percent strings, counts numbers, null for a rate of nothing. */
export type SummaryMeasures = Record<string, string | number | null>;

/** One summary row (see the file comment). The split field, when declared, is keyed by `split.key`. */
export type SummaryRow = {
  Period: string;
  Group: string | number | null;
  GroupLabel: string | null;
} & SummaryMeasures;

export interface SummaryResponse {
  Rows: SummaryRow[];
  Totals: SummaryMeasures;
  Currency: string;
  Period: SummaryPeriod;
  GroupBy: string | null;
}

export interface SummaryExportRequest extends SummaryRequest {
  Format: 'xlsx' | 'csv';
  Language: EnumLabelLanguage;
}
export type SummaryExportInput = SummaryInput & Partial<Pick<SummaryExportRequest, 'Format' | 'Language'>>;

/** The schemas of one summary report; an answer's schema takes (input) the type it serializes. */
export interface SummarySchemas {
  searchData: z.ZodType<SummaryRequest['SearchData']>;
  summary: z.ZodType<SummaryRequest, SummaryInput>;
  row: z.ZodType<SummaryRow, SummaryRow>;
  totals: z.ZodType<SummaryMeasures, SummaryMeasures>;
  summaryResponse: z.ZodType<SummaryResponse, SummaryResponse>;
  export: z.ZodType<SummaryExportRequest, SummaryExportInput>;
}

/** A measure's answer type. */
function measureSchema(m: ReportMeasure): z.ZodType {
  if (m.kind === 'count') return z.number().int();
  if (m.kind === 'money') return MoneyString.nullable();
  return z.string().regex(/^\d{1,3}\.\d{2}$/).nullable();
}

/** The GroupBy values of a report: its dimension keys. */
export const groupByKeys = (def: SummaryReportDef): string[] => def.dimensions.map((d) => d.key);

/** Builds the schemas of a summary report from its declaration (see the file comment). */
export function summarySchemas(def: SummaryReportDef): SummarySchemas {
  const shape = Object.assign({}, ...def.filters.map(filterShape)) as Record<string, z.ZodType>;
  if (!def.filters.some((f) => f.kind === 'dateRange')) throw new Error(`summary report ${def.name} declares no dateRange filter`);
  const searchData = z.object({ ...shape, DateFrom: z.iso.datetime({ offset: true }), DateTo: z.iso.datetime({ offset: true }) });
  const keys = groupByKeys(def);
  const groupBy: z.ZodType<string | null> = keys.length ? z.enum(keys as [string, ...string[]]).nullable() : z.null();
  const summary = z.object({
    SearchData: searchData,
    Period: z.enum(def.periods as unknown as [SummaryPeriod, ...SummaryPeriod[]]).default(def.defaultPeriod),
    GroupBy: groupBy.default(def.defaultGroupBy),
  });
  const measures = Object.fromEntries(def.measures.map((m) => [m.key, measureSchema(m)]));
  const split = def.split ? { [def.split.key]: z.union([z.string(), z.number()]).nullable() } : {};
  const row = z.object({ Period: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), Group: z.union([z.string(), z.number()]).nullable(), GroupLabel: z.string().nullable(), ...split, ...measures });
  const totals = z.object(measures);
  const summaryResponse = z.object({
    Rows: z.array(row),
    Totals: totals,
    Currency: z.string(),
    Period: z.enum(SUMMARY_PERIODS),
    GroupBy: z.string().nullable(),
  });
  const exportRequest = summary.extend({
    Format: z.enum(['xlsx', 'csv']).default('xlsx'),
    Language: z.enum(ENUM_LABEL_LANGUAGES).default('en'),
  });
  return { searchData, summary, row, totals, summaryResponse, export: exportRequest } as unknown as SummarySchemas;
}

/** MYT is UTC+08:00 all year (no daylight saving). */
const MYT_OFFSET_MS = 8 * 3600_000;

/** The MYT calendar day 'YYYY-MM-DD' of an ISO instant. */
export const mytDay = (iso: string): string => new Date(Date.parse(iso) + MYT_OFFSET_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' plus `n` days (calendar arithmetic in UTC, no time zone involved). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The most rows one Summary answers (period × group × split). A question above it is refused
 * (VAL400 'GroupBy') rather than cut: a chart or an export of a truncated summary would mislead.
 */
export const SUMMARY_MAX_ROWS = 5_000;

/** The longest day range a summary answers (about three years), and for daily periods one year. */
export const SUMMARY_MAX_DAYS = 1_100;
export const SUMMARY_MAX_DAYS_BY_DAY = 366;

/**
 * The MYT days a summary request reads: `{from, to}` 'YYYY-MM-DD', inclusive, the days of
 * `DateFrom` and `DateTo`. Returns an error `{field, message}` instead when a day is outside the
 * years 1000–9999, from > to, or the range is longer than SUMMARY_MAX_DAYS (SUMMARY_MAX_DAYS_BY_DAY for daily periods); the server answers
 * it as VAL400 naming the field.
 */
export function summaryDayRange(sd: { DateFrom: string; DateTo: string }, period: SummaryPeriod): { from: string; to: string } | { field: string; message: string } {
  const from = mytDay(sd.DateFrom);
  const to = mytDay(sd.DateTo);
  // Years 1000–9999 only: a day the calendar arithmetic and the database both read the same way.
  for (const [field, day] of [['SearchData.DateFrom', from], ['SearchData.DateTo', to]] as const) {
    if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(day)) return { field, message: 'must be a date between the years 1000 and 9999' };
  }
  if (from > to) return { field: 'SearchData.DateFrom', message: 'must not be after DateTo' };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  const max = period === 'day' ? SUMMARY_MAX_DAYS_BY_DAY : SUMMARY_MAX_DAYS;
  if (days > max) return { field: 'SearchData.DateFrom', message: `the range may cover at most ${max} days for ${period} periods` };
  return { from, to };
}

/** The last MYT day of the period that starts on `start` (a day, a Monday, a month's 1st). */
export function periodEnd(start: string, period: SummaryPeriod): string {
  if (period === 'day') return start;
  if (period === 'week') return addDays(start, 6);
  const d = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}
