/**
 * docs/queries/<report>.sql is current: the SQL text part of every declared
 * list and summary report's file (titles, parameters, statements) equals what scripts/report-queries.ts
 * generates now, so a change to the engine's SQL shows in review. Plans are data-dependent and
 * not compared; regenerate with `node --import tsx scripts/report-queries.ts` (DATABASE_URL for plans).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_REPORTS, SUMMARY_REPORTS } from '@paydesk/contract';
import { renderReportQueries, renderSummaryQueries, sqlTextPart } from '../../../../scripts/report-queries.ts';

describe('docs/queries', () => {
  it.each(LIST_REPORTS.map((d) => [d.name, d] as const))('%s.sql holds the SQL the engine emits now', async (name, def) => {
    const committed = readFileSync(new URL(`../../../../docs/queries/${name}.sql`, import.meta.url), 'utf8');
    expect(sqlTextPart(committed)).toBe(sqlTextPart(await renderReportQueries(def)));
  });

  it.each(SUMMARY_REPORTS.map((d) => [d.name, d] as const))('%s.sql holds the SQL the summary engine emits now', async (name, def) => {
    const committed = readFileSync(new URL(`../../../../docs/queries/${name}.sql`, import.meta.url), 'utf8');
    const fresh = sqlTextPart(await renderSummaryQueries(def));
    expect(fresh).toMatch(/^SELECT /m);
    expect(sqlTextPart(committed)).toBe(fresh);
  });

  it('keeps index-friendly conditions: no cast on a column, enums as = ANY, the prefix as LIKE', async () => {
    for (const def of LIST_REPORTS) {
      const text = sqlTextPart(await renderReportQueries(def));
      const conditions = text.split('\n').filter((l) => /^(WHERE|  AND) /.test(l));
      expect(conditions.length).toBeGreaterThan(0);
      for (const c of conditions) expect(c).not.toMatch(/"[a-z_]+"\."[a-z_]+"::/);
      expect(text).not.toMatch(/ILIKE|LIKE '%|OFFSET/i);
      // A report with an enum filter asks for it as = ANY (one with none, e.g. a settlement summary, has no such condition).
      if (def.filters.some((f) => f.kind === 'enum')) expect(text).toMatch(/= ANY\(\$\d+\)/);
    }
  });
});
