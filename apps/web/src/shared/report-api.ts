/**
 * The report engine's routes: `Report.{name}.Search | Get | Totals | Export` at
 * `/api/portal/{def.api}/…` (contract `reportPaths`), generated per declared report, called by
 * path through the app's API client (secure channel, §8 toasts) as the resource engine's are.
 * Search, Get and Totals are RTK Query endpoints tagged by report, so Refresh asks all three again.
 * The export is an argument of the shared `exportFile` mutation (store/file-api.ts).
 */
import { reportPaths, resolvePath, type ListReportDef, type ReportExportRequest, type ReportRow, type ReportSearchInput, type ReportSearchResponse, type ReportTotalsResponse } from '@paydesk/contract';
import { apiClient } from '../api/index.ts';
import { api, handled, type WriteOptions } from '../store/api.ts';
import type { ExportArgs } from '../store/file-api.ts';

type Def = Pick<ListReportDef, 'api'>;

/** The Search body as the page sends it: a page of `RowsPerPage` rows after `Cursor` (none: the first page). */
export type ReportSearchBody = Required<Pick<ReportSearchInput, 'RowsPerPage' | 'SearchData' | 'Sort'>> & Pick<ReportSearchInput, 'Cursor'>;

const REPORT_TAG = 'Report' as const;

/** The tag of every list, totals and detail of a report: invalidated, they are all asked again. */
export const reportTag = (def: Def) => ({ type: REPORT_TAG, id: def.api });

/** The api with the report endpoints and their tag type: desks inject their writes into it. */
export const reportApi = api.enhanceEndpoints({ addTagTypes: [REPORT_TAG] }).injectEndpoints({
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

/** A write on a report's record (a desk action): its body, and the report whose views it changes. */
export interface ReportWrite<B> {
  report: Def;
  body: B;
  options?: WriteOptions;
}

/** `invalidatesTags` of a desk action: the report's views are asked again once the action succeeded. */
export const afterReportWrite = (_result: unknown, error: unknown, { report }: { report: Def }) => (error ? [] : [reportTag(report)]);

/** Asks every list, totals and detail of a report again (Refresh). */
export const invalidateReport = (def: Def) => reportApi.util.invalidateTags([reportTag(def)]);

/**
 * The export of the filtered, sorted report (all its rows), headers in `Language`, for
 * `exportFile`: saved under the server's name, which the mutation answers.
 */
export const reportExport = (def: Def, body: Omit<ReportExportRequest, 'SearchData'> & { SearchData: Record<string, unknown> }): ExportArgs => ({
  path: reportPaths(def).Export.path,
  body,
});
