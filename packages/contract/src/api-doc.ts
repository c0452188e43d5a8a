/**
 * The generated part of docs/API.md: one line per route of the route table that the
 * resource engine generates, so the document lists 100 % of the endpoints. `npm run docs:api`
 * writes it between the markers; the drift test (packages/contract/test/api-doc.test.ts) fails
 * when the file and the table disagree. Pure string code, no I/O.
 */
import { ROUTE_TABLE } from './route-table.ts';
import type { RouteDef } from './routes.ts';

export const API_DOC_BEGIN = '<!-- generated: resource endpoints (npm run docs:api) -->';
export const API_DOC_END = '<!-- end of generated resource endpoints -->';
export const REPORT_DOC_BEGIN = '<!-- generated: report endpoints (npm run docs:api) -->';
export const REPORT_DOC_END = '<!-- end of generated report endpoints -->';

/** The markdown a route's row shows: its method and path exactly as the drift gate looks them up. */
export const endpointKey = (r: Pick<RouteDef, 'method' | 'path'>) => `\`${r.method} ${r.path}\``;

/** The generated table of every resource-engine route, in route-table order. */
export function resourceEndpointsMarkdown(): string {
  const lines = ['| Method and path | Permission | Transport | Answer |', '|---|---|---|---|'];
  for (const r of Object.values(ROUTE_TABLE)) {
    if (!r.resource) continue;
    const transport = r.upload ? 'multipart, channel-signed' : r.encrypted ? (r.file ? 'request encrypted' : 'encrypted') : 'plain';
    const answer = r.file ? '*file* (XLSX or CSV, streamed)' : r.resource.op === 'Search' ? '`{Items, TotalRecords, PageIndex, RowsPerPage}`' : r.resource.op === 'Delete' ? '`{Success: true}`' : r.resource.op === 'BulkUpload' ? '`{Applied, Created, Updated}`' : 'the record';
    lines.push(`| ${endpointKey(r)} | \`${r.permission ?? 'signed in'}\` | ${transport} | ${answer} |`);
  }
  return [API_DOC_BEGIN, ...lines, API_DOC_END].join('\n');
}

/** What each report operation answers (schemas: reports/schemas.ts). */
const REPORT_ANSWER: Record<string, string> = {
  Search: '`{Items, TotalRecords, TotalCapped, NextCursor, RowsPerPage}` (keyset page; count exact up to 10,000)',
  Get: 'the detail (NF404 outside the scope or the report)',
  Totals: '`{Available, Count, Amount, Currency}` (exact, or not available above 10,000 rows)',
  Export: '*file* (XLSX or CSV, streamed; headers in `Language`)',
  Summary: '`{Rows, Totals, Currency, Period, GroupBy}` (period × dimension sales figures; reports/summary-schemas.ts)',
};

/** The generated table of every report-engine route, in route-table order. */
export function reportEndpointsMarkdown(): string {
  const lines = ['| Method and path | Permission | Transport | Answer |', '|---|---|---|---|'];
  for (const r of Object.values(ROUTE_TABLE) as (RouteDef & { report?: { name: string; op: string } })[]) {
    if (!r.report) continue;
    lines.push(`| ${endpointKey(r)} | \`${r.permission ?? 'signed in'}\` | ${r.file ? 'request encrypted' : 'encrypted'} | ${REPORT_ANSWER[r.report.op] ?? ''} |`);
  }
  return [REPORT_DOC_BEGIN, ...lines, REPORT_DOC_END].join('\n');
}
