/**
 * The generated part of docs/API.md (issue 8): one line per route of the route table that the
 * resource engine generates, so the document lists 100 % of the endpoints. `npm run docs:api`
 * writes it between the markers; the drift test (packages/contract/test/api-doc.test.ts) fails
 * when the file and the table disagree. Pure string code, no I/O.
 */
import { ROUTE_TABLE } from './route-table.ts';
import type { RouteDef } from './routes.ts';

export const API_DOC_BEGIN = '<!-- generated: resource endpoints (npm run docs:api) -->';
export const API_DOC_END = '<!-- end of generated resource endpoints -->';

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
