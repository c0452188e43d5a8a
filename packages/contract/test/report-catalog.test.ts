/**
 * REPORT_CATALOG (the light list the browser's route addresses, menu and route table read) must
 * say what REPORTS says: the same reports in the same order, with the same name, kind, path, API
 * base, permission and Totals, and `load()` answering that very declaration.
 */
import { describe, expect, it } from 'vitest';
import { REPORTS, REPORT_CATALOG, hasTotals } from '../src/index.ts';

describe('REPORT_CATALOG', () => {
  it('lists every report of REPORTS, in order, with the same addresses and permission', () => {
    expect(REPORT_CATALOG.map(({ name, kind, path, api, permission, totals, tail }) => ({ name, kind, path, api, permission, totals, tail }))).toEqual(
      REPORTS.map((d) => ({ name: d.name, kind: d.kind, path: d.path, api: d.api, permission: d.permission, totals: d.kind === 'list' ? hasTotals(d) : undefined, tail: d.kind === 'list' && d.liveTail ? true : undefined })),
    );
  });

  it.each(REPORT_CATALOG.map((e, i) => [e.name, i] as const))('%s loads its own declaration', async (_name, i) => {
    expect(await REPORT_CATALOG[i]!.load()).toBe(REPORTS[i]);
  });
});
