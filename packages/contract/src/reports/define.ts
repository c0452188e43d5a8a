/**
 * The report engine's declarations (guides practice 4). A report is declared once with
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
import type { ReportRelatedName } from './related.ts';

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
  /** Priority in a narrow table: 1 always, 2 from 992 px, 3 wide screens only. Default 2. */
  priority?: 1 | 2 | 3;
  /** Where it shows; default list, detail and export. */
  in?: readonly ReportPlace[];
  /** A detail section key the field is grouped under (e.g. 'customer', 'terminal'); default 'main'. */
  section?: string;
  /** Offered as a sort. Only columns an index of the source leads with (after scope) may sort. */
  sortable?: boolean;
  /**
   * A decimal `text` whose unit another column of the row decides (a risk alert's threshold and
   * observed value, by its rule): the screens write it as money in the row's currency, a
   * percentage, a number of transactions or of days. The column named must be in the same places.
   */
  unitBy?: { column: string; units: Readonly<Record<string, 'AMOUNT' | 'PERCENT' | 'COUNT' | 'DAYS'>> };
  /**
   * 'age': a `datetime` shown as the time elapsed since it ("3 d 4 h"; the instant itself in the
   * cell's title), e.g. how long a case has waited. Not for export: a file has no "now" (the
   * instant's own column carries it there).
   * 'json': a `text` column over a jsonb column (a log entry's masked attributes), answered as JSON
   * text and shown indented in the detail.
   */
  display?: 'age' | 'json';
  /**
   * Codes of an `enum` column the platform keeps to itself, each with the code a caller outside
   * the platform sees instead (a refund whose acknowledgement failed is, to the merchant, simply
   * refunded). Applied by the server to rows, details, exports and this column's enum filter.
   */
  outside?: Readonly<Record<string, string>>;
}

/** A filter of the report's `SearchData`. Each kind names its request fields exactly. */
export type ReportFilter =
  /**
   * MYT date range over an instant column: `DateFrom`, `DateTo` (ISO with offset); presets are the
   * web's. With `recentMinutes` (a log screen) the range is to the minute, and a screen opened with
   * neither end chosen shows the last `recentMinutes` minutes (the web writes that start).
   */
  | { kind: 'dateRange'; source: string; labelKey: string; recentMinutes?: number }
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
   * prefix), index-backed; `contains: true` matches any value holding it, case folded (free text:
   * a log message) — not index-backed, so only on a source whose date range bounds the rows read
   * (the log store's day partitions). A `source` naming a join of the report source (`user.actor`)
   * matches the joined name and keeps the rows whose foreign key points at a match.
   */
  | { kind: 'code'; key: string; source: string; labelKey: string; pattern: RegExp; maxLength: number; message: string; prefix?: boolean; contains?: boolean }
  /**
   * Whose record it is, relative to the caller, over a column of user ids (a risk alert's
   * assignee): `{key}: 'ME'` (the caller's own: "my queue") or `'NOBODY'` (unassigned); absent:
   * anyone's. Relative, so a saved view or a link of "my queue" is each user's own queue.
   */
  | { kind: 'assignee'; key: string; source: string; labelKey: string };

/** The values of an `assignee` filter (ReportFilter). */
export const ASSIGNEE_FILTER_VALUES = ['ME', 'NOBODY'] as const;
export type AssigneeFilterValue = (typeof ASSIGNEE_FILTER_VALUES)[number];

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

/**
 * A declared sub-table of a list report's detail: the rows of another table that
 * belong to the detail's record by a foreign key (e.g. a settlement batch's per-card-scheme ×
 * card-type lines). The detail answers them as `{key}: row[]` in `orderBy` order. They inherit the
 * record's scope: the executor reads them only after the record itself was found inside it.
 */
export interface ReportDetailLines {
  /** Detail field holding the array (PascalCase), e.g. 'Lines'. */
  key: string;
  /** The line table: a line source of the server's registry (sources.ts REPORT_LINE_SOURCES). */
  source: string;
  /** Column of the line table holding the record's id. */
  foreignKey: string;
  /** i18n key of the sub-table's title. */
  labelKey: string;
  /** Its columns, from the same catalogue idea as the report's (plain columns of the line table). */
  columns: readonly ReportColumn[];
  /** Line table columns the lines are ordered by (ascending). */
  orderBy: readonly string[];
}

/**
 * Rows of a list report that expand to a page of another list report (the
 * batch-grouped card view): the child report is called with its own API and permission, with
 * `filters` mapping each child SearchData key to the key of this report's row column whose value
 * it takes (e.g. `{ TID: 'TID', BatchNo: 'BatchNo' }`).
 */
export interface ReportExpand {
  /** Name of the child list report. */
  report: string;
  /** Child SearchData key → this report's row column key. */
  filters: Readonly<Record<string, string>>;
}

/** A list report (a live transaction view): keyset pages of rows, a detail, an export. */
export interface ListReportDef extends ReportBase {
  kind: 'list';
  /** The record kind of its detail for the cross-tenant suite (route idOf), e.g. 'transaction'. */
  idOf: string;
  columns: readonly ReportColumn[];
  /** Default sort (a sortable column key) and order. */
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** The money column (key) Totals sums; default the first money column. */
  amountKey?: string;
  /** The instant column keyset pages by when sorted by date (jump to date uses it). */
  dateColumn: string;
  /** The export file's name before its MYT time stamp (default: the path's segments joined by '-'). */
  exportName?: string;
  /**
   * Related sections its detail answers under `Related` (reports/related.ts): the pre-auth chain,
   * the payment link, the recurring schedule, the timeline. Optional: a source without them
   * (e.g. settlement batches) declares none and its Get answers no `Related`.
   */
  related?: readonly ReportRelatedName[];
  /**
   * The list can be followed live (the log screens): its Tail route streams the rows stored after
   * it opened that match the filters, as server-sent events (server reports/tail.ts).
   */
  liveTail?: true;
  /**
   * Reading the report is itself audited (PCI DSS 10.2.1: access to logs): each Search and each
   * Get writes one audit row of this action and target kind, with the filter or the id read.
   */
  readAudit?: { action: string; target: string };
  /** i18n keys of the empty list's text, filtered and not; default the transactions' ('txn.empty', 'txn.emptyNone'). */
  emptyKeys?: { filtered: string; none: string };
  /** i18n key (REPORT_LABELS) of the detail drawer's title; default the web's 'txn.detail' ("Transaction detail"). */
  detailTitleKey?: string;
  /** A sub-table of the detail (e.g. a batch's lines). */
  detailLines?: ReportDetailLines;
  /** Rows expand to a page of another list report (web: expandable rows). */
  expand?: ReportExpand;
}

/** The periods a summary report groups by: MYT day, ISO week (Monday) or calendar month. */
export const SUMMARY_PERIODS = ['day', 'week', 'month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

/**
 * A measure of a summary report: a field of every summary row and of the totals. `source` names
 * the figure of the summary source (readSummary: txnCount, gross, successCount, successAmount,
 * refundCount, refundAmount, mdrFee, net, and the derived successRate = successCount / txnCount ×
 * 100 and avgTicket = successAmount / successCount; settlement: batchCount, saleCount,
 * saleAmount, voidCount, voidAmount, netAmount). Money is a decimal string, a percent a string
 * with 2 decimals, a count a number; a rate or average of nothing is null.
 */
export interface ReportMeasure {
  key: string;
  source: string;
  labelKey: string;
  kind: 'money' | 'count' | 'percent';
}

/**
 * A dimension a summary report can group by besides the period. The request's `GroupBy` is its
 * `key`; the row's `Group` is its value: an enum code (`kind: 'enum'`, labelled by ENUM_LABELS
 * `enumKey`), an organization id (`kind: 'org'`, with the org's name in `GroupLabel`) or a text.
 */
export interface ReportDimension {
  /** GroupBy value (PascalCase), e.g. 'Status', 'PaymentMethod', 'Merchant'. */
  key: string;
  /** The source's group name (readSummary: status, paymentMethod, cardScheme, serviceType, masterMerchant … branch; settlement: cardScheme, cardType, org levels). */
  source: string;
  labelKey: string;
  kind: 'enum' | 'org' | 'text';
  enumKey?: string;
  /**
   * The drilled list's SearchData field the group value becomes: an enum filter key (the value as
   * a one-element array) or an org field (MerchantId …). Absent: the list cannot narrow to it.
   */
  drillKey?: string;
}

/**
 * Where a summary row drills down to: a list report's web path, or a choice by the value of the
 * row's split or group (`by`, a dimension key or the split key): `paths[value]`, else `otherwise`.
 */
export type SummaryDrillTarget = string | { by: string; paths: Readonly<Record<string, SummaryDrillTarget>>; otherwise: SummaryDrillTarget };

/** A summary report (a sales report): period × dimension rows with measures, a chart, drill-down. */
export interface SummaryReportDef extends ReportBase {
  kind: 'summary';
  periods: readonly SummaryPeriod[];
  defaultPeriod: SummaryPeriod;
  dimensions: readonly ReportDimension[];
  /** The dimension the screen opens grouped by (a dimension key) or null (periods only). */
  defaultGroupBy: string | null;
  /**
   * A key every row is also split by, whatever the GroupBy (the org sales reports split by
   * service type so each row drills to one live view). Rows carry it as a field named `split.key`.
   */
  split?: ReportDimension;
  measures: readonly ReportMeasure[];
  /** The list report a summary row drills down to (see drillDown). */
  drillTo: SummaryDrillTarget;
  /** The export file's name before its MYT time stamp (default: the path's segments joined by '-'). */
  exportName?: string;
}

export type ReportDef = ListReportDef | SummaryReportDef;

/** The largest count a list answers exactly; above it the answer is "more than CAP". */
export const REPORT_COUNT_CAP = 10_000;

/** Identity with type checking, so declarations read like resource declarations. */
export function defineReport<T extends ReportDef>(def: T): T {
  return def;
}

/** A list column's places (default all three). */
export const columnIn = (c: ReportColumn, place: ReportPlace): boolean => (c.in ?? ['list', 'detail', 'export']).includes(place);

/**
 * Whether a list report serves Totals (count and amount of the filtered set): it needs a money
 * column to sum and a currency filter to keep one currency (e.g. /risk has neither: no Totals).
 */
export const hasTotals = (def: Pick<ListReportDef, 'kind' | 'columns' | 'filters'>): boolean =>
  def.kind === 'list' && def.columns.some((c) => c.kind === 'money') && def.filters.some((f) => f.kind === 'currency');
