/**
 * The workflow engine's one write: a row command of any declared workflow (contract workflows/),
 * sent as its route through the app's base query (secure channel, §8 toasts: a refusal has had its
 * toast when `unwrap()` rejects), with the Idempotency-Key of the user's action when the route
 * moves money. Once it succeeded, every list, totals and detail that shows the record is asked
 * again: the reports whose `source` is the workflow's or one it `alsoRefreshes` (a refund changes
 * the transaction's views too), the report whose drawer sent it, and the cache tags the caller
 * names (a record with its own screen: its feature's tag, e.g. the rollout drawer's).
 */
import { LIST_REPORTS, type ListReportDef, type RouteName, type WorkflowDef } from '@paydesk/contract';
import type { ViewTag, WriteOptions } from '../../store/api.ts';
import { reportApi, reportTag } from '../report-api.ts';

/** One command as sent: the route, its body, the report sources it changes and the caller's options. */
export interface WorkflowCall {
  route: RouteName;
  body: Record<string, unknown>;
  /** Report sources whose views show the record (`workflowSources`). */
  sources: readonly string[];
  /** The report whose drawer sent it (asked again even if its source is not listed). */
  report?: Pick<ListReportDef, 'api'>;
  /** Other cache tags to invalidate once it succeeded (the feature's own views of the record). */
  refresh?: readonly ViewTag[];
  options?: WriteOptions;
}

/** The report sources a workflow's commands change: its own and the ones it also refreshes. */
export const workflowSources = (workflow: Pick<WorkflowDef, 'source' | 'alsoRefreshes'>): string[] => [workflow.source, ...(workflow.alsoRefreshes ?? [])];

/** The tags of every report showing `sources`' rows, plus `report`'s own (deduplicated by report). */
export function workflowViews(sources: readonly string[], report?: Pick<ListReportDef, 'api'>) {
  const apis = new Set(LIST_REPORTS.filter((d) => sources.includes(d.source)).map((d) => d.api));
  if (report) apis.add(report.api);
  return [...apis].map((api) => reportTag({ api }));
}

const workflowApi = reportApi.injectEndpoints({
  endpoints: (build) => ({
    /** Sends one row command; answers the server's answer (the record as it now is, for routes that answer it). */
    workflowCommand: build.mutation<unknown, WorkflowCall>({
      query: ({ route, body, options }) => ({ name: route, body, options }),
      // The caller's tags are of tag types its feature added to the same api: RTK Query matches them by name.
      invalidatesTags: (_result, error, { sources, report, refresh = [] }) => (error ? [] : [...workflowViews(sources, report), ...(refresh as ReturnType<typeof workflowViews>)]),
    }),
  }),
});

export const { useWorkflowCommandMutation } = workflowApi;
