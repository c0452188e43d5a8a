/**
 * A list report's state in the URL query string (shareable, back button), generated
 * from the declaration's filters. Pure: read the query (invalid values dropped), write it
 * (defaults left out), and turn it into the report's `SearchData` (spec §3 field names; money as
 * ringgit decimal strings, days as MYT calendar days turned into UTC instants).
 *
 * URL keys: `from`/`to` (MYT days, YYYY-MM-DD; on a timed range also minutes, YYYY-MM-DDTHH:mm) for the date range, `mm`/`agency`/`agent`/
 * `merchant`/`branch` for the organization cascade, `min`/`max` for the money range, and each enum
 * or code filter's key with its first letter lower-cased (`status`, `last4`; an acronym all in
 * lower case: `mid`), except the short names the hand-written e-commerce list shared (`pm`,
 * `scheme`, `ref`), kept so its links work.
 */
import { ASSIGNEE_FILTER_VALUES, type ListReportDef, type ReportFilter } from '@paydesk/contract';
import type { Dayjs } from 'dayjs';
import { BUSINESS_TIME_ZONE, FIELD_PATTERNS, GROUP_TYPES, dayjs, parseMoney, type GroupType, type OrgLevel } from '@paydesk/domain';

export type SortOrder = 'asc' | 'desc';
export const REPORT_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_REPORT_PAGE_SIZE = 20;

/** A filter's value in the query: text, an org id, or the codes of a multi-select. */
export type QueryValue = string | number | readonly string[] | undefined;

/** The query of a list report: filter values by URL key, then sort (a column key), order, size. */
export interface ReportQuery {
  sort: string;
  order: SortOrder;
  size: number;
  [urlKey: string]: QueryValue;
}

/** The organization pickers, top down: URL key, request field, level, label key. */
export const ORG_PICKERS = [
  { field: 'mm', request: 'MasterMerchantId', level: 'MASTER_MERCHANT', labelKey: 'txn.masterMerchant' },
  { field: 'agency', request: 'AgencyId', level: 'AGENCY', labelKey: 'txn.agency' },
  { field: 'agent', request: 'AgentId', level: 'AGENT', labelKey: 'txn.agent' },
  { field: 'merchant', request: 'MerchantId', level: 'MERCHANT_HQ', labelKey: 'txn.merchant' },
  { field: 'branch', request: 'BranchId', level: 'MERCHANT_BRANCH', labelKey: 'txn.branch' },
] as const satisfies readonly { field: string; request: string; level: OrgLevel; labelKey: string }[];
export type OrgField = (typeof ORG_PICKERS)[number]['field'];

/** The URL keys the hand-written e-commerce list used (links from the dashboard and bookmarks keep working). */
const SHORT_KEYS: Readonly<Record<string, string>> = { PaymentMethod: 'pm', CardScheme: 'scheme', TxnRefNo: 'ref' };

/** The URL key of an enum or code filter: `Status` → `status`, `MID` → `mid` (an acronym in lower case). */
export const urlKeyOf = (key: string): string => SHORT_KEYS[key] ?? (/^[A-Z0-9]+$/.test(key) ? key.toLowerCase() : key.charAt(0).toLowerCase() + key.slice(1));

/** Every URL key a filter owns (the currency has none: it comes from the header). */
export function filterUrlKeys(f: ReportFilter): string[] {
  switch (f.kind) {
    case 'dateRange':
      return ['from', 'to'];
    case 'org':
      return ORG_PICKERS.map((p) => p.field);
    case 'moneyRange':
      return ['min', 'max'];
    case 'enum':
    case 'code':
    case 'assignee':
      return [urlKeyOf(f.key)];
    case 'currency':
      return [];
  }
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A minute of a timed date range (`recentMinutes`) in the URL: MYT, e.g. 2026-12-01T09:30. */
const MINUTE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** The URL form of a minute (MYT). */
export const MINUTE_FORMAT = 'YYYY-MM-DDTHH:mm';
const isRangeEnd = (v: string) => DAY_PATTERN.test(v) || MINUTE_PATTERN.test(v);
/** Codes, references and one value of a multi-select are never longer (a bound on what a URL may carry). */
const TEXT_MAX = 64;

/**
 * An amount filter as typed: the §5 `decimal` shape (FIELD_PATTERNS, the pattern validateField
 * applies, read without the validator's phone metadata) that is also an amount of money (at most
 * 2 decimals and 16 integer digits, `parseMoney`), e.g. "12", "12.5", ".5", "12.".
 */
export function isAmountFilter(value: string): boolean {
  return FIELD_PATTERNS.decimal.test(value) && parseMoney(value) !== null;
}

/** Whether a typed code satisfies its filter (pattern and length of the declaration). */
export function isCodeValue(f: Extract<ReportFilter, { kind: 'code' }>, value: string): boolean {
  return value.length <= f.maxLength && f.pattern.test(value);
}

/** The query with no filter, in the report's default order. */
export function defaultReportQuery(def: Pick<ListReportDef, 'defaultSort'>): ReportQuery {
  return { sort: def.defaultSort.key, order: def.defaultSort.order, size: DEFAULT_REPORT_PAGE_SIZE };
}

/** Column keys the report may sort by (declared sortable). */
export const sortKeys = (def: Pick<ListReportDef, 'columns'>): string[] => def.columns.filter((c) => c.sortable).map((c) => c.key);

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

function matching(raw: string | null, accept: (value: string) => boolean): string | undefined {
  const v = raw?.trim();
  return v && accept(v) ? v : undefined;
}

/**
 * The filter values a URL carries, by URL key (any report kind: list or summary); a value a
 * filter would refuse is dropped, not sent.
 */
export function parseFilterValues(filters: readonly ReportFilter[], params: URLSearchParams): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const f of filters) {
    switch (f.kind) {
      case 'dateRange': {
        const accept = f.recentMinutes ? isRangeEnd : (v: string) => DAY_PATTERN.test(v);
        q.from = matching(params.get('from'), accept);
        q.to = matching(params.get('to'), accept);
        break;
      }
      case 'org':
        for (const p of ORG_PICKERS) q[p.field] = positiveInt(params.get(p.field));
        break;
      case 'moneyRange':
        q.min = matching(params.get('min'), isAmountFilter);
        q.max = matching(params.get('max'), isAmountFilter);
        break;
      case 'enum': {
        const allowed = f.values.map(String);
        const raw = params.get(urlKeyOf(f.key));
        q[urlKeyOf(f.key)] = raw ? Array.from(new Set(raw.split(',').filter((v) => allowed.includes(v)))) : [];
        break;
      }
      case 'code':
        q[urlKeyOf(f.key)] = matching(params.get(urlKeyOf(f.key))?.slice(0, TEXT_MAX) ?? null, (v) => isCodeValue(f, v));
        break;
      case 'assignee':
        q[urlKeyOf(f.key)] = matching(params.get(urlKeyOf(f.key)), (v) => (ASSIGNEE_FILTER_VALUES as readonly string[]).includes(v));
        break;
      case 'currency':
        break;
    }
  }
  return q;
}

/** Writes the filter values of `q` into `p` (empty values left out so URLs stay short). */
export function writeFilterValues(filters: readonly ReportFilter[], q: Readonly<Record<string, unknown>>, p: URLSearchParams): URLSearchParams {
  for (const key of filters.flatMap(filterUrlKeys)) {
    const v = q[key];
    const s = Array.isArray(v) ? v.join(',') : v === undefined || v === null ? '' : String(v as string | number);
    if (s !== '') p.set(key, s);
  }
  return p;
}

/**
 * The query a URL carries; a value a filter would refuse is dropped, not sent. A timed date range
 * (`recentMinutes`, a log screen) with neither end in the URL starts `recentMinutes` before `now`
 * (MYT, to the minute), so the screen opens on the recent past and the range shows it.
 */
export function parseReportQuery(def: Pick<ListReportDef, 'filters' | 'columns' | 'defaultSort'>, params: URLSearchParams, now: Dayjs = dayjs()): ReportQuery {
  const q: ReportQuery = { ...defaultReportQuery(def), ...parseFilterValues(def.filters, params) };
  const timed = def.filters.find((f) => f.kind === 'dateRange' && f.recentMinutes);
  if (timed?.kind === 'dateRange' && q.from === undefined && q.to === undefined) {
    q.from = now.subtract(timed.recentMinutes!, 'minute').tz(BUSINESS_TIME_ZONE).format(MINUTE_FORMAT);
  }
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  const order = params.get('order');
  if ((REPORT_PAGE_SIZES as readonly number[]).includes(size)) q.size = size;
  if (sort && sortKeys(def).includes(sort)) q.sort = sort;
  if (order === 'asc' || order === 'desc') q.order = order;
  return q;
}

/** The query string of a query, defaults and empty values left out so URLs stay short. */
export function toReportSearchParams(def: Pick<ListReportDef, 'filters' | 'defaultSort'>, q: ReportQuery): URLSearchParams {
  const base = defaultReportQuery(def);
  const p = writeFilterValues(def.filters, q, new URLSearchParams());
  if (q.sort !== base.sort) p.set('sort', q.sort);
  if (q.order !== base.order) p.set('order', q.order);
  if (q.size !== base.size) p.set('size', String(q.size));
  return p;
}

/** Start and end of Malaysian days (or of a minute, `YYYY-MM-DDTHH:mm`) as UTC instants (ISO). */
export function dayStart(day: string): string {
  return MINUTE_PATTERN.test(day) ? dayjs.tz(`${day.replace('T', ' ')}:00`, BUSINESS_TIME_ZONE).toISOString() : dayjs.tz(`${day} 00:00:00`, BUSINESS_TIME_ZONE).toISOString();
}
export function dayEnd(day: string): string {
  return MINUTE_PATTERN.test(day) ? dayjs.tz(`${day.replace('T', ' ')}:59.999`, BUSINESS_TIME_ZONE).toISOString() : dayjs.tz(`${day} 23:59:59.999`, BUSINESS_TIME_ZONE).toISOString();
}

/**
 * The report's `SearchData` for a query (the request fields: DateFrom/DateTo, each enum key
 * with its codes, MasterMerchantId … BranchId, AmountMin/AmountMax as money strings, each code
 * key). The currency is the header's and is added by the caller.
 */
export function toReportSearchData(def: { filters: readonly ReportFilter[] }, q: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const d: Record<string, unknown> = {};
  const text = (key: string) => {
    const v = q[key];
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  for (const f of def.filters) {
    switch (f.kind) {
      case 'dateRange': {
        const from = text('from');
        const to = text('to');
        if (from) d.DateFrom = dayStart(from);
        if (to) d.DateTo = dayEnd(to);
        break;
      }
      case 'org':
        for (const p of ORG_PICKERS) if (q[p.field]) d[p.request] = Number(q[p.field]);
        break;
      case 'moneyRange': {
        // The request takes money strings ("0.50" for a typed ".5").
        const min = text('min');
        const max = text('max');
        if (min) d.AmountMin = parseMoney(min) ?? min;
        if (max) d.AmountMax = parseMoney(max) ?? max;
        break;
      }
      case 'enum': {
        const v = q[urlKeyOf(f.key)];
        // The declared codes, in their own type (a service type is a number, a status a string).
        if (Array.isArray(v) && v.length) d[f.key] = f.values.filter((code) => v.includes(String(code)));
        break;
      }
      case 'code':
      case 'assignee': {
        const v = text(urlKeyOf(f.key));
        if (v) d[f.key] = v;
        break;
      }
      case 'currency':
        break;
    }
  }
  return d;
}

/** Whether a query narrows the list (any filter set; sort, order and page size do not count). */
export function hasReportFilters(q: ReportQuery): boolean {
  const { sort: _sort, order: _order, size: _size, ...rest } = q;
  return Object.values(rest).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''));
}

/**
 * "Jump to date" on a keyset list in date order: the query whose first page starts on
 * the Malaysian day `day` (YYYY-MM-DD). Newest first: the range ends that day (a start after it is
 * dropped); oldest first: the range starts that day (an end before it is dropped). Other filters,
 * sort and size are kept. Sorted by anything but `dateSort` (the date column's key), the query is
 * returned unchanged.
 */
export function jumpToDate(q: ReportQuery, day: string, dateSort: string): ReportQuery {
  if (q.sort !== dateSort || !DAY_PATTERN.test(day)) return q;
  const from = typeof q.from === 'string' ? q.from : undefined;
  const to = typeof q.to === 'string' ? q.to : undefined;
  if (q.order === 'desc') return { ...q, to: day, from: from !== undefined && from > day ? undefined : from };
  return { ...q, from: day, to: to !== undefined && to < day ? undefined : to };
}

/** Pickers above the caller's own level are not shown: they could only hold the caller's own parent. */
export function visiblePickers(caller: GroupType) {
  const rank = GROUP_TYPES.indexOf(caller);
  return ORG_PICKERS.filter((p) => GROUP_TYPES.indexOf(p.level) >= rank);
}

/** The nearest chosen organization above a picker: it narrows that picker's options. */
export function parentFor(q: Partial<Record<OrgField, QueryValue>>, field: OrgField): number | undefined {
  const index = ORG_PICKERS.findIndex((p) => p.field === field);
  for (let i = index - 1; i >= 0; i--) {
    const v = q[ORG_PICKERS[i]!.field];
    if (v) return Number(v);
  }
  return undefined;
}

/** Fields below a picker, cleared when it changes. */
export function fieldsBelow(field: OrgField): OrgField[] {
  const index = ORG_PICKERS.findIndex((p) => p.field === field);
  return ORG_PICKERS.slice(index + 1).map((p) => p.field);
}
