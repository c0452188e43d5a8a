/**
 * The profile list's query as the URL holds it (shared/list-controller.ts,
 * offset mode): keyword `q`, onboarding `status` (§4), `parent` (an organization id of the level
 * above), `kind` (the merchant screen: HQ or BRANCH), `sort` / `order`, `page` and `size`.
 * Invalid values are dropped and defaults left out of the URL, so a pasted link never fails.
 */
import { PROFILE_SORT_FIELDS } from '@paydesk/contract';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '@paydesk/domain';
import type { ProfileSearchBody } from './profile-api.ts';

export type ProfileSortField = (typeof PROFILE_SORT_FIELDS)[number];

export interface ProfileQuery {
  keyword?: string;
  status?: OnboardingStatus;
  parentId?: number;
  kind?: 'HQ' | 'BRANCH';
  sort: ProfileSortField;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

/** Rows per page a user may choose; the first is the default. */
export const PROFILE_PAGE_SIZES = [20, 50, 100] as const;

export const DEFAULT_PROFILE_QUERY: ProfileQuery = { sort: 'Name', order: 'asc', page: 1, size: PROFILE_PAGE_SIZES[0] };

const positive = (v: string | null): number | undefined => {
  const n = v !== null && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The query of a URL (never throws; invalid values dropped, defaults filled in). */
export function parseProfileQuery(params: URLSearchParams): ProfileQuery {
  const keyword = params.get('q')?.trim().slice(0, 100);
  const status = params.get('status');
  const kind = params.get('kind');
  const sort = params.get('sort');
  const size = positive(params.get('size'));
  return {
    keyword: keyword ? keyword : undefined,
    status: ONBOARDING_STATUSES.includes(status as OnboardingStatus) ? (status as OnboardingStatus) : undefined,
    parentId: positive(params.get('parent')),
    kind: kind === 'HQ' || kind === 'BRANCH' ? kind : undefined,
    sort: PROFILE_SORT_FIELDS.includes(sort as ProfileSortField) ? (sort as ProfileSortField) : DEFAULT_PROFILE_QUERY.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.min(positive(params.get('page')) ?? 1, 100_000),
    size: PROFILE_PAGE_SIZES.includes(size as (typeof PROFILE_PAGE_SIZES)[number]) ? size! : DEFAULT_PROFILE_QUERY.size,
  };
}

/** The URL query of a query, defaults left out (`parseProfileQuery(toProfileParams(q))` equals `q`). */
export function toProfileParams(q: ProfileQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.keyword) p.set('q', q.keyword);
  if (q.status) p.set('status', q.status);
  if (q.parentId !== undefined) p.set('parent', String(q.parentId));
  if (q.kind) p.set('kind', q.kind);
  if (q.sort !== DEFAULT_PROFILE_QUERY.sort) p.set('sort', q.sort);
  if (q.order !== DEFAULT_PROFILE_QUERY.order) p.set('order', q.order);
  if (q.page !== 1) p.set('page', String(q.page));
  if (q.size !== DEFAULT_PROFILE_QUERY.size) p.set('size', String(q.size));
  return p;
}

/** Whether the query narrows the list (the empty text then says "…match the filters"). */
export const isProfileFiltered = (q: ProfileQuery): boolean => q.keyword !== undefined || q.status !== undefined || q.parentId !== undefined || q.kind !== undefined;

/** The Search request of a query. */
export function toProfileSearchBody(q: ProfileQuery): ProfileSearchBody {
  return {
    PageIndex: q.page,
    RowsPerPage: q.size,
    Keyword: q.keyword,
    OnboardingStatus: q.status,
    ParentId: q.parentId,
    Level: q.kind,
    SortField: q.sort,
    SortOrder: q.order,
  };
}
