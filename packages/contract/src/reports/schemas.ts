/**
 * Request and response schemas of a declared list report, derived from its filters and
 * its column catalogue only, so the server validates and the web form checks with the same zod
 * objects and a new report needs no schema of its own.
 *
 * Shapes (names are the API's, PascalCase):
 * - `searchData`: per filter kind — dateRange → `DateFrom`/`DateTo` (ISO 8601 with offset);
 *   enum → `{key}`: up to 20 of the declared codes; org → `MasterMerchantId`, `AgencyId`,
 *   `AgentId`, `MerchantId`, `BranchId` (DbId); moneyRange → `AmountMin`/`AmountMax` (decimal
 *   ringgit strings); currency → `Currency` (ISO 4217); code → `{key}` matching its pattern.
 * - `search`: `{RowsPerPage 1..200 (20), Cursor?, SearchData ({}), Sort {Field, Order} (defaultSort)}`.
 * - `searchResponse`: `{Items, TotalRecords, TotalCapped, NextCursor, RowsPerPage}`; TotalRecords
 *   is exact up to REPORT_COUNT_CAP, above it equals the cap with TotalCapped true.
 * - `row`: `Id` + the 'list' columns (+ `Currency` when a money column needs it); `detail`: `Id` +
 *   the 'detail' columns + `Currency` (+ `Related` with the declared sections, reports/related.ts;
 *   + `{detailLines.key}`: an array of its columns when declared). Every column value may be null.
 * - `totals`: `{SearchData}` → `{Available, Count, Amount, Currency}`; `export`: `{SearchData, Sort,
 *   Format xlsx|csv, Language en|ms|zh}`.
 */
import { z } from 'zod';
import { ENUM_LABEL_LANGUAGES, RULE_MESSAGES, type EnumLabelLanguage } from '@paydesk/domain';
import { DbId, MoneyString, SortOrder } from '../common.ts';
import { relatedSchema } from './related.ts';
import { ASSIGNEE_FILTER_VALUES, columnIn, type ListReportDef, type ReportColumn, type ReportColumnKind, type ReportFilter } from './define.ts';

/** The organization cascade's request fields, top to bottom (filter kind 'org'). */
export const ORG_FILTER_FIELDS = ['MasterMerchantId', 'AgencyId', 'AgentId', 'MerchantId', 'BranchId'] as const;
export type OrgFilterField = (typeof ORG_FILTER_FIELDS)[number];

/** The most codes one enum filter takes. */
export const REPORT_ENUM_MAX = 20;

/** A report's SearchData after validation: the fixed-name fields, plus enum arrays and codes by key. */
export type ReportSearchData = {
  DateFrom?: string;
  DateTo?: string;
  AmountMin?: string;
  AmountMax?: string;
  Currency?: string;
} & Partial<Record<OrgFilterField, number>> &
  Record<string, string | number | readonly (string | number)[] | undefined>;

export interface ReportSort {
  Field: string;
  Order: 'asc' | 'desc';
}

/** The Search request after validation (defaults applied). */
export interface ReportSearchRequest {
  RowsPerPage: number;
  Cursor?: string;
  SearchData: ReportSearchData;
  Sort: ReportSort;
}
/** The Search request as a caller may write it (defaults omitted). */
export type ReportSearchInput = Partial<Omit<ReportSearchRequest, 'SearchData'>> & { SearchData?: Record<string, unknown> };

/** A list row or a detail: `Id` and column values by key (money as decimal strings, instants as ISO UTC). */
export type ReportRow = { Id: number } & Record<string, string | number | null>;

export interface ReportSearchResponse {
  Items: ReportRow[];
  TotalRecords: number;
  TotalCapped: boolean;
  NextCursor: string | null;
  RowsPerPage: number;
}

export interface ReportTotalsRequest {
  SearchData: ReportSearchData;
}
/**
 * Exact count and sum of the filtered set, or `Available: false` when it is above the cap (or mixes
 * currencies). Above the cap a set the sales summaries express (whole MYT days, status, method,
 * scheme, org, a Currency, a sales-only service type) is still answered, exactly, from them.
 */
export interface ReportTotalsResponse {
  Available: boolean;
  Count: number;
  /** Decimal string in the major unit of `Currency` ('0.00' when not available). */
  Amount: string;
  Currency: string | null;
  /**
   * The SUCCESS rows among them (what a sales figure counts), so the line says what it counts:
   * null for a report whose rows have no SUCCESS status (a refund desk), or when not available.
   */
  Successful: { Count: number; Amount: string } | null;
}

export interface ReportExportRequest {
  SearchData: ReportSearchData;
  Sort: ReportSort;
  Format: 'xlsx' | 'csv';
  Language: EnumLabelLanguage;
}
export type ReportExportInput = Partial<Omit<ReportExportRequest, 'SearchData'>> & { SearchData?: Record<string, unknown> };

/** The schemas of one list report; an answer's schema takes (input) the type it serializes. */
/** The longest a Tail stream stays open (s); the web opens the next one as it ends. */
export const REPORT_TAIL_MAX_SECONDS = 55;

/**
 * A Tail request: the list's filters (its date range ignored: a tail starts now), how long the
 * stream stays open, 0–55 s (0: one read, then it ends), and `After`, the last event id received.
 */
export interface ReportTailRequest {
  SearchData: ReportSearchData;
  Seconds: number;
  /** The last event id of the stream before (a reconnection): the tail goes on after it. */
  After?: string;
}

export interface ReportSchemas {
  searchData: z.ZodType<ReportSearchData>;
  tail: z.ZodType<ReportTailRequest, { SearchData?: Record<string, unknown>; Seconds?: number; After?: string }>;
  search: z.ZodType<ReportSearchRequest, ReportSearchInput>;
  row: z.ZodType<ReportRow, ReportRow>;
  searchResponse: z.ZodType<ReportSearchResponse, ReportSearchResponse>;
  idParams: z.ZodType<{ Id: number }, { Id: number | string }>;
  detail: z.ZodType<ReportRow, ReportRow>;
  totals: z.ZodType<ReportTotalsRequest, { SearchData?: Record<string, unknown> }>;
  totalsResponse: z.ZodType<ReportTotalsResponse, ReportTotalsResponse>;
  export: z.ZodType<ReportExportRequest, ReportExportInput>;
}

/** The request fields of one filter. */
export function filterShape(f: ReportFilter): Record<string, z.ZodType> {
  switch (f.kind) {
    case 'dateRange':
      return { DateFrom: z.iso.datetime({ offset: true }).optional(), DateTo: z.iso.datetime({ offset: true }).optional() };
    case 'enum': {
      const values = f.values;
      const item: z.ZodType = values.every((v) => typeof v === 'string')
        ? z.enum(values as [string, ...string[]])
        : z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<string | number>, z.ZodLiteral<string | number>]);
      return { [f.key]: z.array(item).max(REPORT_ENUM_MAX).optional() };
    }
    case 'org':
      return Object.fromEntries(ORG_FILTER_FIELDS.map((k) => [k, DbId.optional()]));
    case 'moneyRange':
      return { AmountMin: MoneyString.optional(), AmountMax: MoneyString.optional() };
    case 'currency':
      return { Currency: z.string().regex(/^[A-Z]{3}$/, RULE_MESSAGES.currencyFilter).optional() };
    case 'code':
      return { [f.key]: z.string().trim().max(f.maxLength).regex(f.pattern, f.message).optional() };
    case 'assignee':
      return { [f.key]: z.enum(ASSIGNEE_FILTER_VALUES).optional() };
  }
}

/** The answer type of a column kind (always nullable: a joined name or an optional field may be absent). */
function valueSchema(kind: ReportColumnKind): z.ZodType {
  switch (kind) {
    case 'money':
      return MoneyString.nullable();
    case 'count':
      return z.number().int().nullable();
    case 'percent':
      return z.number().nullable();
    case 'enum':
      return z.union([z.string(), z.number()]).nullable();
    default:
      return z.string().nullable();
  }
}

const rowShape = (columns: readonly ReportColumn[]) => Object.fromEntries(columns.map((c) => [c.key, valueSchema(c.kind)]));

/** The keys a report may sort on (declared `sortable`). */
export const sortableKeys = (def: ListReportDef): [string, ...string[]] => {
  const keys = def.columns.filter((c) => c.sortable).map((c) => c.key);
  if (!keys.length) throw new Error(`report ${def.name} declares no sortable column`);
  return keys as [string, ...string[]];
};

/** The `Currency` column of a report, if it declares one (money cells need it to be read). */
const currencyColumn = (def: ListReportDef): ReportColumn | undefined => def.columns.find((c) => c.key === 'Currency');

/** Builds the schemas of a list report from its declaration (see the file comment for the shapes). */
export function reportSchemas(def: ListReportDef): ReportSchemas {
  const searchData = z.object(Object.assign({}, ...def.filters.map(filterShape)) as Record<string, z.ZodType>);
  const sort = z.object({ Field: z.enum(sortableKeys(def)), Order: SortOrder });
  const defaultSort = { Field: def.defaultSort.key, Order: def.defaultSort.order };
  const search = z.object({
    RowsPerPage: z.coerce.number().int().min(1).max(200).default(20),
    Cursor: z.string().max(200).optional(),
    SearchData: searchData.default({}),
    Sort: sort.default(defaultSort),
  });
  const row = z.object({ Id: z.number().int(), ...rowShape(reportRowColumns(def)) });
  // `Related` only when the report declares sections; zod strips it otherwise.
  const related = def.related?.length ? { Related: relatedSchema(def.related) } : {};
  const lines = def.detailLines;
  const detail = z.object({
    Id: z.number().int(),
    ...rowShape(reportDetailColumns(def)),
    ...(lines ? { [lines.key]: z.array(z.object(rowShape(lines.columns))) } : {}),
    ...related,
  });
  const searchResponse = z.object({
    Items: z.array(row),
    TotalRecords: z.number().int(),
    TotalCapped: z.boolean(),
    NextCursor: z.string().nullable(),
    RowsPerPage: z.number().int(),
  });
  const totals = z.object({ SearchData: searchData.default({}) });
  const totalsResponse = z.object({
    Available: z.boolean(),
    Count: z.number().int(),
    Amount: MoneyString,
    Currency: z.string().nullable(),
    Successful: z.object({ Count: z.number().int(), Amount: MoneyString }).nullable(),
  });
  const exportRequest = z.object({
    SearchData: searchData.default({}),
    Sort: sort.default(defaultSort),
    Format: z.enum(['xlsx', 'csv']).default('xlsx'),
    Language: z.enum(ENUM_LABEL_LANGUAGES).default('en'),
  });
  const tail = z.object({
    SearchData: searchData.default({}),
    Seconds: z.number().int().min(0).max(REPORT_TAIL_MAX_SECONDS).default(0),
    After: z.string().regex(/^\d{1,18}$/, RULE_MESSAGES.tailCursor).optional(),
  });
  return {
    searchData,
    tail,
    search,
    row,
    searchResponse,
    idParams: z.object({ Id: DbId }),
    detail,
    totals,
    totalsResponse,
    export: exportRequest,
  } as unknown as ReportSchemas;
}

/** The columns a report's list rows carry (list columns, plus Currency beside an amount: a money cell is meaningless without its currency, §3). */
export function reportRowColumns(def: ListReportDef): readonly ReportColumn[] {
  const listCols = def.columns.filter((c) => columnIn(c, 'list'));
  const cur = currencyColumn(def);
  return listCols.some((c) => c.kind === 'money') && cur && !listCols.includes(cur) ? [...listCols, cur] : listCols;
}

/** A row of a detail's sub-table (`detailLines`): values by column key. */
export type ReportLineRow = Record<string, string | number | null>;

/** The sub-table rows of a detail (empty when the report declares none). */
export function reportDetailLines(def: Pick<ListReportDef, 'detailLines'>, detail: ReportRow): ReportLineRow[] {
  const v = def.detailLines ? (detail as unknown as Record<string, unknown>)[def.detailLines.key] : undefined;
  return Array.isArray(v) ? (v as ReportLineRow[]) : [];
}

/**
 * The SearchData of the child report a row of `def` expands to (`def.expand`): each child filter
 * key with the row's value of its mapped column (e.g. `{TID, BatchNo}` of a batch row); `{}` when
 * the report does not expand.
 */
export function expandSearchData(def: Pick<ListReportDef, 'expand'>, row: ReportRow): Record<string, string | number | null> {
  return Object.fromEntries(Object.entries(def.expand?.filters ?? {}).map(([childKey, rowKey]) => [childKey, row[rowKey] ?? null]));
}

/** The columns a report's detail carries (detail columns, plus Currency). */
export function reportDetailColumns(def: ListReportDef): readonly ReportColumn[] {
  const cur = currencyColumn(def);
  return def.columns.filter((c) => columnIn(c, 'detail') || c === cur);
}
