/**
 * The report engine's declarations (issue 10, guides practice 4). A report is declared once with
 * `defineReport`: where its rows come from, which columns the caller may scope on, its typed
 * filters, ONE column catalogue (Hyperswitch's `OrderEntity`) that drives the web table, the detail
 * drawer and the export headers, the sorts an index serves, and the permission of the view. From
 * that one declaration:
 * - the contract generates the request/response zod schemas (`reportSchemas`) and the routes
 *   (`reportRoutes`), so the generated fuzz, authorization and cross-tenant suites cover them;
 * - the server's one generic executor (`apps/server/src/reports/`) builds the SQL (scope, filters,
 *   keyset cursor, capped count, totals, group-by) from identifiers of the declaration only;
 * - the web app renders it with one `ReportPage` over the headless list controller it shares with
 *   `ResourceList`.
 *
 * Two kinds: a `list` report pages rows of a source (the live transaction views), a `summary`
 * report groups a summary source by period × dimension (the sales reports).
 */
import type { GroupType } from '@paydesk/domain';

/** How a value is written in a table cell, a detail line and an export cell. */
export type ReportColumnKind =
  /** Plain text (names, references). */
  | 'text'
  /** A code from an enumeration, shown by its label (`enumKey` names the ENUM_LABELS group). */
  | 'enum'
  /** A decimal money string in the row's currency (§3: symbol, thousands separators, 2 decimals). */
  | 'money'
  /** A whole count, grouped. */
  | 'count'
  /** A percentage 0–100 with 2 decimals. */
  | 'percent'
  /** An instant (ISO UTC on the wire), shown in Malaysian time as DD-MM-YYYY HH:mm:ss (§9). */
  | 'datetime'
  /** A Malaysian calendar day YYYY-MM-DD (summary periods, business days). */
  | 'date'
  /** A masked PAN (first 6 + last 4, never more). */
  | 'pan';

/** Where a column shows: the list table, the detail drawer, the export file. */
export type ReportPlace = 'list' | 'detail' | 'export';

export interface ReportColumn {
  /** API field of the row and the detail (PascalCase; §3 names where given: TxnAmount, MaskedPAN …). */
  key: string;
  /**
   * Where the value comes from on the server: a column of the report's source (snake_case), or a
   * name the executor resolves to a join: `org.master_merchant`, `org.agency`, `org.agent`,
   * `org.merchant`, `org.branch` (the organization's name). Never SQL text.
   */
  source: string;
  /** i18n key of the column title; the table header, the detail label and the export header use it. */
  labelKey: string;
  kind: ReportColumnKind;
  /** ENUM_LABELS group of an `enum` column (e.g. 'status', 'paymentMethod'). */
  enumKey?: string;
  /** Priority in a narrow table (issue 9): 1 always, 2 from 992 px, 3 wide screens only. Default 2. */
  priority?: 1 | 2 | 3;
  /** Where it shows; default list, detail and export. */
  in?: readonly ReportPlace[];
  /** A detail section key the field is grouped under (e.g. 'customer', 'terminal'); default 'main'. */
  section?: string;
  /** Offered as a sort. Only columns an index of the source leads with (after scope) may sort. */
  sortable?: boolean;
}

/** A filter of the report's `SearchData`. Each kind names its request fields exactly. */
export type ReportFilter =
  /** MYT date range over an instant column: `DateFrom`, `DateTo` (ISO with offset); presets are the web's. */
  | { kind: 'dateRange'; source: string; labelKey: string }
  /** Any of a fixed list of codes: `{key}: code[]`. */
  | { kind: 'enum'; key: string; source: string; values: readonly (string | number)[]; enumKey: string; labelKey: string }
  /**
   * The organization cascade within the caller's scope: `MasterMerchantId`, `AgencyId`, `AgentId`,
   * `MerchantId`, `BranchId` (each an org id; a picker depends on the one above it).
   */
  | { kind: 'org' }
  /** Money range on a money column: `AmountMin`, `AmountMax` (decimal strings, ringgit). */
  | { kind: 'moneyRange'; source: string; labelKey: string }
  /** The header currency (§3 selectedCurrency): `Currency`, ISO 4217. */
  | { kind: 'currency'; source: string }
  /**
   * An exact code: `{key}` must match `pattern` (e.g. Last4 /^\d{4}$/, MID, TID, batch number,
   * approval code); `prefix: true` also matches any value starting with it (TxnRefNo exact or
   * prefix), index-backed.
   */
  | { kind: 'code'; key: string; source: string; labelKey: string; pattern: RegExp; maxLength: number; message: string; prefix?: boolean };

/** Fixed conditions of the report's rows: `{source column: value or values}` (e.g. service_type = 1). */
export type ReportWhere = Readonly<Record<string, string | number | readonly (string | number)[]>>;

interface ReportBase {
  /** Unique name; the route names are `Report.{name}.{Op}`. */
  name: string;
  /** Web route of its screen (§2), e.g. '/transaction/ecommerce'. */
  path: string;
  /** API base under /api/portal (e.g. 'Transaction/Ecommerce' → /api/portal/Transaction/Ecommerce/Search). */
  api: string;
  /** Permission of the view (§6), e.g. 'transaction:ecommerce'. */
  permission: string;
  /** Permission of the export (default 'transaction:export'). */
  exportPermission?: string;
  /** i18n key of the screen title. */
  titleKey: string;
  /** Group types that may ever hold the view (default all). */
  groupTypes?: readonly GroupType[];
  /** The source: a table or view name of the server's report sources. */
  source: string;
  /** Rows this report is about (e.g. service type 1); applied before anything else, never optional. */
  where: ReportWhere;
  filters: readonly ReportFilter[];
}

/** A list report (a live transaction view): keyset pages of rows, a detail, an export. */
export interface ListReportDef extends ReportBase {
  kind: 'list';
  /** The record kind of its detail for the cross-tenant suite (route idOf), e.g. 'transaction'. */
  idOf: string;
  columns: readonly ReportColumn[];
  /** Default sort (a sortable column key) and order. */
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** The instant column keyset pages by when sorted by date (jump to date uses it). */
  dateColumn: string;
  /** The export file's name before its MYT time stamp (default: the path's segments joined by '-'). */
  exportName?: string;
}

/** A measure of a summary report. */
export interface ReportMeasure {
  key: string;
  labelKey: string;
  kind: 'money' | 'count' | 'percent';
}

/** A dimension a summary report can group by (besides the period). */
export interface ReportDimension {
  key: string;
  source: string;
  labelKey: string;
  kind: 'enum' | 'text';
  enumKey?: string;
}

/** A summary report (a sales report): period × dimension rows with measures, a chart, drill-down. */
export interface SummaryReportDef extends ReportBase {
  kind: 'summary';
  periods: readonly ('day' | 'week' | 'month')[];
  dimensions: readonly ReportDimension[];
  measures: readonly ReportMeasure[];
  /** The list report a summary row drills down to (its filters carry over). */
  drillTo: string;
}

export type ReportDef = ListReportDef | SummaryReportDef;

/** The largest count a list answers exactly; above it the answer is "more than CAP" (issue 10). */
export const REPORT_COUNT_CAP = 10_000;

/** Identity with type checking, so declarations read like resource declarations. */
export function defineReport<T extends ReportDef>(def: T): T {
  return def;
}

/** A list column's places (default all three). */
export const columnIn = (c: ReportColumn, place: ReportPlace): boolean => (c.in ?? ['list', 'detail', 'export']).includes(place);
