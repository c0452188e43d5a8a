/**
 * Typed calls of a declared list report for Node callers (tests, scripts, benches) over a
 * PortalClient. Report routes are generated from REPORTS, so they are not in the
 * hand-declared `routes` that `PortalClient.call` is typed by; these wrappers give them their
 * types: `reportApi(client, ecommerceTransactions).search({ SearchData: { Status: ['SUCCESS'] } })`.
 * Errors are PortalError `{ErrorCode, ErrorMessage}` as with `call`; `export` answers the raw
 * Response (the file).
 */
import { resolvePath, type PortalClient } from '../client.ts';
import type { ReportDef } from './define.ts';
import { reportPaths } from './paths.ts';
import type { ReportExportInput, ReportRow, ReportSearchInput, ReportSearchResponse, ReportTotalsResponse } from './schemas.ts';
import type { SummaryExportInput, SummaryInput, SummaryResponse } from './summary-schemas.ts';

/** The four calls of one report for one signed-in client. */
export function reportApi(client: PortalClient, def: Pick<ReportDef, 'api'>) {
  const p = reportPaths(def);
  return {
    /** One keyset page (POST …/Search). */
    search: (body: ReportSearchInput = {}) => client.callPath<ReportSearchResponse>('POST', p.Search.path, body),
    /** One row's detail (GET …/Get/:Id); NF404 outside the caller's scope or the report. */
    get: (Id: number | string) => client.callPath<ReportRow>('GET', resolvePath(p.Get.path, { Id })),
    /** Exact count and amount up to the cap (POST …/Totals). */
    totals: (body: { SearchData?: Record<string, unknown> } = {}) => client.callPath<ReportTotalsResponse>('POST', p.Totals.path, body),
    /** The export file's raw Response (POST …/Export). */
    export: (body: ReportExportInput = {}) => client.sendTo({ method: 'POST', encrypted: true }, p.Export.path, { body }),
  };
}

/** The two calls of one summary report (a sales report) for one signed-in client. */
export function summaryApi(client: PortalClient, def: Pick<ReportDef, 'api'>) {
  const p = reportPaths(def);
  return {
    /** Period × dimension rows and totals (POST …/Summary). */
    summary: (body: SummaryInput) => client.callPath<SummaryResponse>('POST', p.Summary.path, body),
    /** The export file's raw Response (POST …/Export). */
    export: (body: SummaryExportInput) => client.sendTo({ method: 'POST', encrypted: true }, p.Export.path, { body }),
  };
}
