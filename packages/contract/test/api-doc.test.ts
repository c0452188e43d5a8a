import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC_BEGIN, API_DOC_END, REPORT_DOC_BEGIN, REPORT_DOC_END, endpointKey, reportEndpointsMarkdown, resourceEndpointsMarkdown } from '../src/api-doc.ts';
import { ROUTE_TABLE } from '../src/route-table.ts';

describe('docs/API.md', () => {
  const doc = readFileSync(new URL('../../../docs/API.md', import.meta.url), 'utf8');

  it('lists every endpoint of the whole route table, resource routes included (drift gate)', () => {
    const entries = Object.entries(ROUTE_TABLE);
    const missing = entries.filter(([, def]) => !doc.includes(endpointKey(def))).map(([name]) => name);
    console.log(`docs/API.md lists ${entries.length - missing.length} of ${entries.length} endpoints`);
    expect(missing).toEqual([]);
  });

  it('holds the generated resource table exactly as the route table makes it (run `npm run docs:api`)', () => {
    const start = doc.indexOf(API_DOC_BEGIN);
    const end = doc.indexOf(API_DOC_END) + API_DOC_END.length;
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(start, end)).toBe(resourceEndpointsMarkdown());
  });

  it('holds the generated report table exactly as the report declarations make it (run `npm run docs:api`)', () => {
    const start = doc.indexOf(REPORT_DOC_BEGIN);
    const end = doc.indexOf(REPORT_DOC_END) + REPORT_DOC_END.length;
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(start, end)).toBe(reportEndpointsMarkdown());
  });
});
