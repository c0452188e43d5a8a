/**
 * The report engine's routes (issue 10): `Report.{name}.Search | Get | Totals | Export` at
 * `/api/portal/{def.api}/…` (contract `reportPaths`), generated per declared report, called by
 * path through the app's API client (secure channel, §8 toasts) as the resource engine's are.
 * Search, Get and Totals are RTK Query endpoints tagged by report, so Refresh asks all three again.
 */
import { reportPaths, resolvePath, type ListReportDef, type ReportExportRequest, type ReportRow, type ReportSearchInput, type ReportSearchResponse, type ReportTotalsResponse } from '@paydesk/contract';
import { apiClient } from '../api/index.ts';
import { api, type HandledError } from '../store/api.ts';

type Def = Pick<ListReportDef, 'api'>;

/** The Search body as the page sends it: a page of `RowsPerPage` rows after `Cursor` (none: the first page). */
export type ReportSearchBody = Required<Pick<ReportSearchInput, 'RowsPerPage' | 'SearchData' | 'Sort'>> & Pick<ReportSearchInput, 'Cursor'>;

const REPORT_TAG = 'Report' as const;

/** A call by path whose failure has had its toast (or was silent): RTK Query sees `{handled: true}`. */
async function handled<T>(call: () => Promise<T>): Promise<{ data: T } | { error: HandledError }> {
  try {
    return { data: await call() };
  } catch {
    return { error: { handled: true } };
  }
}

const reportApi = api.enhanceEndpoints({ addTagTypes: [REPORT_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    reportSearch: build.query<ReportSearchResponse, { api: string; body: ReportSearchBody }>({
      queryFn: ({ api: base, body }, { signal }) => handled(() => apiClient().path.post<ReportSearchResponse>(reportPaths({ api: base }).Search.path, body, { signal })),
      providesTags: (_r, _e, { api: base }) => [{ type: REPORT_TAG, id: base }],
    }),
    reportTotals: build.query<ReportTotalsResponse, { api: string; body: { SearchData: Record<string, unknown> } }>({
      // No toast: the totals line is an extra; without it the list is still whole.
      queryFn: ({ api: base, body }, { signal }) =>
        handled(() => apiClient().path.post<ReportTotalsResponse>(reportPaths({ api: base }).Totals.path, body, { signal, silent: true })),
      providesTags: (_r, _e, { api: base }) => [{ type: REPORT_TAG, id: base }],
    }),
    reportGet: build.query<ReportRow, { api: string; id: number }>({
      queryFn: ({ api: base, id }, { signal }) => handled(() => apiClient().path.get<ReportRow>(resolvePath(reportPaths({ api: base }).Get.path, { Id: id }), { signal })),
      providesTags: (_r, _e, { api: base }) => [{ type: REPORT_TAG, id: base }],
    }),
  }),
});

export const { useReportSearchQuery, useReportTotalsQuery, useReportGetQuery } = reportApi;

/** Asks every list, totals and detail of a report again (Refresh). */
export const invalidateReport = (def: Def) => reportApi.util.invalidateTags([{ type: REPORT_TAG, id: def.api }]);

/**
 * Saves the export file of the filtered, sorted report (all its rows), headers in `Language`
 * (issue 9); resolves with the file's name. A failure has had its toast.
 */
export const exportReport = (def: Def, body: Omit<ReportExportRequest, 'SearchData'> & { SearchData: Record<string, unknown> }) =>
  apiClient().path.postFile(reportPaths(def).Export.path, body);
