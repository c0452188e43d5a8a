/**
 * Writes the generated resource-endpoint and report-endpoint tables into docs/API.md (between their
 * markers, or appended the first time). Run with `npm run docs:api` after adding a resource.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_DOC_BEGIN, API_DOC_END, REPORT_DOC_BEGIN, REPORT_DOC_END, reportEndpointsMarkdown, resourceEndpointsMarkdown } from '@paydesk/contract';

const file = new URL('../docs/API.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const table = resourceEndpointsMarkdown();
const start = doc.indexOf(API_DOC_BEGIN);
const end = doc.indexOf(API_DOC_END);
const next =
  start >= 0 && end > start
    ? doc.slice(0, start) + table + doc.slice(end + API_DOC_END.length)
    : `${doc.trimEnd()}\n\n### Resource endpoints (generated from the route table)\n\n${table}\n`;
// The report engine's routes in their own generated table.
const reports = reportEndpointsMarkdown();
const rStart = next.indexOf(REPORT_DOC_BEGIN);
const rEnd = next.indexOf(REPORT_DOC_END);
const withReports =
  rStart >= 0 && rEnd > rStart
    ? next.slice(0, rStart) + reports + next.slice(rEnd + REPORT_DOC_END.length)
    : `${next.trimEnd()}\n\n### Report endpoints (generated from the report declarations)\n\n${reports}\n`;
writeFileSync(file, withReports);
console.log(`docs/API.md: ${table.split('\n').length - 4} resource endpoints, ${reports.split('\n').length - 4} report endpoints`);
