/**
 * A summary (sales) report's routes: `Report.{name}.Summary` (POST
 * `/api/portal/{api}/Summary`, rows per period × group with their measures and the totals) and
 * `Report.{name}.Export` (the same rows as an XLSX/CSV file), called by path through the app's API
 * client as the list reports' are. Summary answers are tagged by report, so Refresh asks again;
 * the export is an argument of the shared `exportFile` mutation (store/file-api.ts).
 */
import { reportPaths, type SummaryRequest, type SummaryResponse, type SummaryRow } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import type { ExportFormat } from '../../shared/export-menu.tsx';
import { api, type HandledError } from '../../store/api.ts';
import type { ExportArgs } from '../../store/file-api.ts';

/** The Summary body as the page sends it: `SearchData` (declared filters, DateFrom/DateTo and the header `Currency`), the period, the dimension or null. */
export type SummaryBody = SummaryRequest;
export type { SummaryResponse, SummaryRow };

const SUMMARY_TAG = 'ReportSummary' as const;

const summaryPath = (base: string, op: 'Summary' | 'Export') => reportPaths({ api: base })[op].path;

async function handled<T>(call: () => Promise<T>): Promise<{ data: T } | { error: HandledError }> {
  try {
    return { data: await call() };
  } catch {
    // The client has shown the toast (§8).
    return { error: { handled: true } };
  }
}

const summaryApi = api.enhanceEndpoints({ addTagTypes: [SUMMARY_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    reportSummary: build.query<SummaryResponse, { api: string; body: SummaryBody }>({
      queryFn: ({ api: base, body }, { signal }) => handled(() => apiClient().path.post<SummaryResponse>(summaryPath(base, 'Summary'), body, { signal })),
      providesTags: (_r, _e, { api: base }) => [{ type: SUMMARY_TAG, id: base }],
    }),
  }),
});

export const { useReportSummaryQuery } = summaryApi;

/** Asks the summary of a report again (Refresh). */
export const invalidateSummary = (base: string) => summaryApi.util.invalidateTags([{ type: SUMMARY_TAG, id: base }]);

/**
 * The summary's export (every row, a header line and a totals line), headers in `Language`, for
 * `exportFile`: saved under the server's name, which the mutation answers.
 */
export const summaryExport = (base: string, body: SummaryBody & { Format: ExportFormat; Language: 'en' | 'ms' | 'zh' }): ExportArgs => ({ path: summaryPath(base, 'Export'), body });
