/**
 * The export history's list state in the URL (shared/list-controller.ts, offset mode): `status`
 * (one of the run statuses), `page`, `size`; defaults left out. Pure.
 */
import { EXPORT_RUN_STATUSES, type BodyOf, type ExportRunStatus } from '@paydesk/contract';

/** Page sizes of the list; the first is the default. */
export const MY_EXPORTS_PAGE_SIZES: readonly number[] = [20, 50, 100];

export interface MyExportsQuery {
  /** '' for every status. */
  status: ExportRunStatus | '';
  page: number;
  size: number;
}

/** The query a URL carries; an unknown status, page or size falls back to the default. */
export function parseMyExportsQuery(params: URLSearchParams): MyExportsQuery {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: (EXPORT_RUN_STATUSES as readonly string[]).includes(status) ? (status as ExportRunStatus) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: MY_EXPORTS_PAGE_SIZES.includes(size) ? size : MY_EXPORTS_PAGE_SIZES[0]!,
  };
}

/** The URL query of a list query, defaults left out (`parseMyExportsQuery(serializeMyExportsQuery(q))` equals `q`). */
export function serializeMyExportsQuery(q: MyExportsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.status !== '') params.set('status', q.status);
  if (q.page !== 1) params.set('page', String(q.page));
  if (q.size !== MY_EXPORTS_PAGE_SIZES[0]) params.set('size', String(q.size));
  return params;
}

/** The `exportHistory` body of a list query (§7 list shape; newest first, the server's default order). */
export function myExportsBody(q: MyExportsQuery): BodyOf<'exportHistory'> {
  return { PageIndex: q.page, RowsPerPage: q.size, SearchData: q.status ? { Status: q.status } : {} };
}
