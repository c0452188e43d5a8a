/**
 * A resource list's state in the URL query string (shareable, back button): the declared filters
 * by field name, `q` (keyword), `active` (1/0), `page`, `size`, `sort`, `order`. Pure: read the
 * query, write it (defaults left out), and turn it into the engine's Search body. ResourceList
 * hands `parseListQuery` and `toSearchParams` to the shared list controller (offset mode).
 */
import type { ResourceDef } from '@paydesk/contract';
import type { SearchBody } from './resource-api.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The length the engine accepts for a text filter or keyword. */
export const FILTER_MAX = 100;

export type SortOrder = 'asc' | 'desc';

/** A range filter's bounds (inclusive; either may be absent). */
export interface RangeValue {
  From?: string;
  To?: string;
}

/** The URL form of a range: 'from..to' (either side may be empty). */
const RANGE_SEPARATOR = '..';

export interface ListQuery {
  /** Values of the declared filters: a string (eq, contains), a list (in) or bounds (range). */
  filters: Record<string, string | string[] | RangeValue>;
  keyword?: string;
  active?: 0 | 1;
  page: number;
  size: number;
  sort: string;
  order: SortOrder;
}

/** Fields the engine sorts by: the system dates and Id, and the declared sortable fields. */
export function sortFields(def: ResourceDef): string[] {
  return ['Id', 'CreatedAt', 'UpdatedAt', ...Object.entries(def.fields).filter(([, f]) => f.sortable).map(([k]) => k)];
}

export const filterFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => f.filter && !f.secret);

export function defaultQuery(def: ResourceDef): ListQuery {
  return { filters: {}, page: 1, size: DEFAULT_PAGE_SIZE, sort: def.defaultSort.Field, order: def.defaultSort.Order };
}

function positiveInt(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

const text = (raw: string | null) => raw?.trim().slice(0, FILTER_MAX) || undefined;

export function parseListQuery(def: ResourceDef, params: URLSearchParams): ListQuery {
  const base = defaultQuery(def);
  const filters: ListQuery['filters'] = {};
  for (const [name, f] of filterFields(def)) {
    const raw = params.get(name);
    if (f.filter === 'in') {
      const values = raw?.split(',').map((v) => v.trim()).filter(Boolean) ?? [];
      if (values.length) filters[name] = Array.from(new Set(values)).slice(0, 50);
    } else if (f.filter === 'range') {
      const [from, to] = (raw ?? '').split(RANGE_SEPARATOR);
      const range = { ...(text(from ?? null) ? { From: text(from ?? null) } : {}), ...(text(to ?? null) ? { To: text(to ?? null) } : {}) };
      if (range.From || range.To) filters[name] = range;
    } else {
      const v = text(raw);
      if (v) filters[name] = v;
    }
  }
  const active = params.get('active');
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    filters,
    keyword: text(params.get('q')),
    active: active === '1' ? 1 : active === '0' ? 0 : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : base.size,
    sort: sort && sortFields(def).includes(sort) ? sort : base.sort,
    order: order === 'asc' || order === 'desc' ? order : base.order,
  };
}

export function toSearchParams(def: ResourceDef, q: ListQuery): URLSearchParams {
  const base = defaultQuery(def);
  const p = new URLSearchParams();
  for (const [name] of filterFields(def)) {
    const v = q.filters[name];
    const s = Array.isArray(v) ? v.join(',') : typeof v === 'object' ? (v.From || v.To ? `${v.From ?? ''}${RANGE_SEPARATOR}${v.To ?? ''}` : '') : v;
    if (s) p.set(name, s);
  }
  if (q.keyword) p.set('q', q.keyword);
  if (q.active !== undefined) p.set('active', String(q.active));
  if (q.page !== 1) p.set('page', String(q.page));
  if (q.size !== base.size) p.set('size', String(q.size));
  if (q.sort !== base.sort || q.order !== base.order) {
    p.set('sort', q.sort);
    p.set('order', q.order);
  }
  return p;
}

export function toSearchData(q: ListQuery): Record<string, unknown> {
  const data: Record<string, unknown> = { ...q.filters };
  if (q.keyword) data.Keyword = q.keyword;
  if (q.active !== undefined) data.IsActive = q.active;
  return data;
}

export function toSearchBody(q: ListQuery): SearchBody {
  return { PageIndex: q.page, RowsPerPage: q.size, SearchData: toSearchData(q), Sort: { Field: q.sort, Order: q.order } };
}

/**
 * The list query of a Search or Export request's `SearchData` and `Sort` (the inverse of
 * `toSearchBody`, on page 1 at the default size), to reopen a list as it was asked (the export
 * history): each declared filter's value as text (a range's bounds, an `in` filter's values),
 * `Keyword` and `IsActive`; anything else (OrgId, a field no longer filtered) is left out, and a
 * sort the list no longer offers gives way to its default.
 */
export function listQueryOfRequest(def: ResourceDef, searchData: Readonly<Record<string, unknown>>, sort?: { Field: string; Order: SortOrder } | null): ListQuery {
  const base = defaultQuery(def);
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, FILTER_MAX) : undefined);
  const filters: ListQuery['filters'] = {};
  for (const [name, f] of filterFields(def)) {
    const v = searchData[name];
    if (f.filter === 'in') {
      const values = (Array.isArray(v) ? v : [v]).map(str).filter((x): x is string => Boolean(x));
      if (values.length) filters[name] = values;
    } else if (f.filter === 'range') {
      const r = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
      const range = { ...(str(r.From) ? { From: str(r.From) } : {}), ...(str(r.To) ? { To: str(r.To) } : {}) };
      if (range.From || range.To) filters[name] = range;
    } else if (str(v)) filters[name] = str(v)!;
  }
  const keyword = str(searchData.Keyword);
  const sorted = sort && sortFields(def).includes(sort.Field) ? { sort: sort.Field, order: sort.Order } : {};
  return {
    ...base,
    filters,
    ...(keyword ? { keyword } : {}),
    ...(searchData.IsActive === 0 || searchData.IsActive === 1 ? { active: searchData.IsActive } : {}),
    ...sorted,
  };
}
