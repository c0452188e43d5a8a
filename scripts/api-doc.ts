/**
 * Writes the generated resource-endpoint table into docs/API.md (between its markers, or appended
 * under "Resource endpoints" the first time). Run with `npm run docs:api` after adding a resource.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_DOC_BEGIN, API_DOC_END, resourceEndpointsMarkdown } from '@paydesk/contract';

const file = new URL('../docs/API.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const table = resourceEndpointsMarkdown();
const start = doc.indexOf(API_DOC_BEGIN);
const end = doc.indexOf(API_DOC_END);
const next =
  start >= 0 && end > start
    ? doc.slice(0, start) + table + doc.slice(end + API_DOC_END.length)
    : `${doc.trimEnd()}\n\n### Resource endpoints (generated from the route table)\n\n${table}\n`;
writeFileSync(file, next);
console.log(`docs/API.md: ${table.split('\n').length - 4} resource endpoints`);
