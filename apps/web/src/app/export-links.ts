/**
 * "Open with these filters" of the export history (issue 29 Build item 8): the link of an export's
 * screen with the filters and sort it was exported with, in the URL query the screen itself reads
 * (so the link is what a saved view or a shared link of that state would be). Here, in app/,
 * because it needs three features' URL forms — the list reports' (shared/summary-drill.ts
 * `listUrlOf`, which the summary drill-downs use), the summary reports'
 * (features/reports/summary-query.ts) and the resource lists' (features/resources/list-query.ts) —
 * and a feature imports no other; the export history's screen (features/my-exports) is given
 * `exportRunLink` by the router. The declaration of the screen loads with the link (its chunk, as
 * the screen's own route loads it).
 */
import { REPORT_CATALOG, resourcePermission, type ExportRunItem, type ListReportDef, type SummaryReportDef } from '@paydesk/contract';
import type { RunLink } from '../features/my-exports/my-exports-page.tsx';
import { summaryQueryOf, toSummarySearchParams } from '../features/reports/summary-query.ts';
import { catalogEntryByPath } from '../features/resources/catalog.ts';
import { listQueryOfRequest, toSearchParams } from '../features/resources/list-query.ts';
import { listUrlOf } from '../shared/summary-drill.ts';


/** What of a run its link reads. */
export type ExportRunLinkSource = Pick<ExportRunItem, 'Screen' | 'SearchData' | 'Sort' | 'Period' | 'GroupBy'>;

const withQuery = (path: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/**
 * The link of `run` (see the file comment) and the permission its screen needs, or null when it
 * has none: a run recorded before the history (no screen or filters), or a screen the portal no
 * longer has. Rejects only when the screen's declaration cannot be fetched (its chunk).
 */
export async function exportRunLink(run: ExportRunLinkSource): Promise<RunLink | null> {
  const screen = run.Screen;
  const searchData = run.SearchData;
  if (!screen || !searchData) return null;
  if (screen.Kind === 'resource') {
    const entry = catalogEntryByPath(screen.Path);
    if (!entry || entry.name !== screen.Name) return null;
    const def = await entry.load();
    return { to: withQuery(def.path, toSearchParams(def, listQueryOfRequest(def, searchData, run.Sort))), permission: resourcePermission(entry, 'view') };
  }
  const entry = REPORT_CATALOG.find((r) => r.kind === (screen.Kind === 'report' ? 'list' : 'summary') && r.name === screen.Name);
  if (!entry) return null;
  const def = await entry.load();
  if (def.kind === 'list') return { to: listUrlOf(def as ListReportDef, searchData, run.Sort ?? undefined), permission: entry.permission };
  const summary = def as SummaryReportDef;
  return { to: withQuery(summary.path, toSummarySearchParams(summary, summaryQueryOf(summary, { SearchData: searchData, Period: run.Period, GroupBy: run.GroupBy }))), permission: entry.permission };
}
