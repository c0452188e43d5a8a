/**
 * The e-commerce list's filters live in the URL query string (shareable, back button). This
 * module reads and writes that query and turns it into the Search request; all pure.
 */
import type { BodyOf } from '@paydesk/contract';
import {
  BUSINESS_TIME_ZONE,
  CARD_SCHEMES,
  GROUP_TYPES,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  dayjs,
  parseMoney,
  validateField,
  type CardScheme,
  type GroupType,
  type OrgLevel,
  type PaymentMethod,
  type TransactionStatus,
} from '@paydesk/domain';

export type SortField = 'CreatedAt' | 'Amount';
export type SortOrder = 'asc' | 'desc';
export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface TxnQuery {
  /** Malaysian calendar days, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  status: TransactionStatus[];
  pm: PaymentMethod[];
  scheme: CardScheme[];
  mm?: number;
  agency?: number;
  agent?: number;
  merchant?: number;
  ref?: string;
  min?: string;
  max?: string;
  last4?: string;
  sort: SortField;
  order: SortOrder;
  size: PageSize;
}

export const DEFAULT_QUERY: TxnQuery = { status: [], pm: [], scheme: [], sort: 'CreatedAt', order: 'desc', size: 20 };

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An amount filter as typed: the §5 `decimal` shape (validateField) that is also an amount of
 * money (at most 2 decimals and 16 integer digits, `parseMoney`), e.g. "12", "12.5", ".5", "12.".
 */
export function isAmountFilter(value: string): boolean {
  return value.trim() !== '' && validateField('decimal', value) === true && parseMoney(value) !== null;
}

/** The last 4 digits of a card: §5 `number` (validateField), 4 long. */
export const LAST4_LENGTH = 4;
export function isLast4(value: string): boolean {
  return value.length === LAST4_LENGTH && validateField('number', value) === true;
}

/** The organization pickers, top down; `field` is the URL key. */
export const ORG_PICKERS = [
  { field: 'mm', level: 'MASTER_MERCHANT', labelKey: 'txn.masterMerchant' },
  { field: 'agency', level: 'AGENCY', labelKey: 'txn.agency' },
  { field: 'agent', level: 'AGENT', labelKey: 'txn.agent' },
  { field: 'merchant', level: 'MERCHANT_HQ', labelKey: 'txn.merchant' },
] as const satisfies readonly { field: keyof TxnQuery; level: OrgLevel; labelKey: string }[];
export type OrgField = (typeof ORG_PICKERS)[number]['field'];

/** Pickers above the caller's own level are not shown: they could only hold the caller's own parent. */
export function visiblePickers(caller: GroupType) {
  const rank = GROUP_TYPES.indexOf(caller);
  return ORG_PICKERS.filter((p) => GROUP_TYPES.indexOf(p.level) >= rank);
}

function list<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  if (!raw) return [];
  return Array.from(new Set(raw.split(',').filter((v): v is T => (allowed as readonly string[]).includes(v))));
}

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

function matching(raw: string | null, accept: (value: string) => boolean): string | undefined {
  const v = raw?.trim();
  return v && accept(v) ? v : undefined;
}

export function parseTxnQuery(params: URLSearchParams): TxnQuery {
  const size = Number(params.get('size'));
  const ref = params.get('ref')?.trim().slice(0, 64);
  return {
    from: matching(params.get('from'), (v) => DAY_PATTERN.test(v)),
    to: matching(params.get('to'), (v) => DAY_PATTERN.test(v)),
    status: list(params.get('status'), TRANSACTION_STATUSES),
    pm: list(params.get('pm'), PAYMENT_METHODS),
    scheme: list(params.get('scheme'), CARD_SCHEMES),
    mm: positiveInt(params.get('mm')),
    agency: positiveInt(params.get('agency')),
    agent: positiveInt(params.get('agent')),
    merchant: positiveInt(params.get('merchant')),
    ref: ref || undefined,
    min: matching(params.get('min'), isAmountFilter),
    max: matching(params.get('max'), isAmountFilter),
    last4: matching(params.get('last4'), isLast4),
    sort: params.get('sort') === 'Amount' ? 'Amount' : 'CreatedAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_QUERY.size,
  };
}

/** The query string of a query, defaults left out so URLs stay short. */
export function toSearchParams(q: TxnQuery): URLSearchParams {
  const p = new URLSearchParams();
  const set = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== '') p.set(k, String(v));
  };
  set('from', q.from);
  set('to', q.to);
  set('status', q.status.join(','));
  set('pm', q.pm.join(','));
  set('scheme', q.scheme.join(','));
  for (const { field } of ORG_PICKERS) set(field, q[field]);
  set('ref', q.ref);
  set('min', q.min);
  set('max', q.max);
  set('last4', q.last4);
  if (q.sort !== DEFAULT_QUERY.sort) set('sort', q.sort);
  if (q.order !== DEFAULT_QUERY.order) set('order', q.order);
  if (q.size !== DEFAULT_QUERY.size) set('size', q.size);
  return p;
}

/** Start and end of Malaysian days as UTC instants. */
export function dayStart(day: string): string {
  return dayjs.tz(`${day} 00:00:00`, BUSINESS_TIME_ZONE).toISOString();
}
export function dayEnd(day: string): string {
  return dayjs.tz(`${day} 23:59:59.999`, BUSINESS_TIME_ZONE).toISOString();
}

type SearchData = NonNullable<BodyOf<'ecommerceSearch'>['SearchData']>;

export function toSearchData(q: TxnQuery): SearchData {
  const d: SearchData = {};
  if (q.from) d.DateFrom = dayStart(q.from);
  if (q.to) d.DateTo = dayEnd(q.to);
  if (q.status.length) d.Status = q.status;
  if (q.pm.length) d.PaymentMethod = q.pm;
  if (q.scheme.length) d.CardScheme = q.scheme;
  if (q.mm) d.MasterMerchantId = q.mm;
  if (q.agency) d.AgencyId = q.agency;
  if (q.agent) d.AgentId = q.agent;
  if (q.merchant) d.MerchantId = q.merchant;
  if (q.ref) d.TxnRefNo = q.ref;
  // The request takes money strings ("0.50" for a typed ".5").
  if (q.min) d.AmountMin = parseMoney(q.min) ?? q.min;
  if (q.max) d.AmountMax = parseMoney(q.max) ?? q.max;
  if (q.last4) d.Last4 = q.last4;
  return d;
}

/** The nearest chosen organization above a picker: it narrows that picker's options. */
export function parentFor(q: Pick<TxnQuery, OrgField>, field: OrgField): number | undefined {
  const index = ORG_PICKERS.findIndex((p) => p.field === field);
  for (let i = index - 1; i >= 0; i--) {
    const v = q[ORG_PICKERS[i]!.field];
    if (v) return v;
  }
  return undefined;
}

/** Fields below a picker, cleared when it changes. */
export function fieldsBelow(field: OrgField): OrgField[] {
  const index = ORG_PICKERS.findIndex((p) => p.field === field);
  return ORG_PICKERS.slice(index + 1).map((p) => p.field);
}

/** Whether a query narrows the list (any filter set; sort and page size do not count). */
export function hasFilters(q: TxnQuery): boolean {
  const { sort: _sort, order: _order, size: _size, status, pm, scheme, ...rest } = q;
  return status.length > 0 || pm.length > 0 || scheme.length > 0 || Object.values(rest).some((v) => v !== undefined && v !== '');
}

/**
 * "Jump to date" on a keyset list in date order (issue 9): the query whose first page starts on
 * the Malaysian day `day` (YYYY-MM-DD). Newest first: the range ends that day (a start after it is
 * dropped); oldest first: the range starts that day (an end before it is dropped). Other filters,
 * sort and size are kept. A list sorted by amount has no date to jump to: the query is returned
 * unchanged.
 */
export function jumpToDate(q: TxnQuery, day: string): TxnQuery {
  if (q.sort !== 'CreatedAt' || !DAY_PATTERN.test(day)) return q;
  if (q.order === 'desc') return { ...q, to: day, from: q.from !== undefined && q.from > day ? undefined : q.from };
  return { ...q, from: day, to: q.to !== undefined && q.to < day ? undefined : q.to };
}
