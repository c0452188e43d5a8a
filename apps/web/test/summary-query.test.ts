/**
 * A sales report's URL state and its drill-down links, for generated queries and rows:
 * the query survives the URL (defaults left out), the date range defaults to the last 30 MYT days,
 * and a row's drill-down URL, read back by the live list page, asks the list for exactly the
 * SearchData the contract's `drillDown` gives (the header currency aside).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORTS, drillDown, type ListReportDef, type SummaryReportDef, type SummaryRequest, type SummaryRow } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';
import { parseReportQuery, toReportSearchData } from '../src/shared/report-query.ts';
import { listUrlOf } from '../src/shared/summary-drill.ts';
import { defaultRange, parseSummaryQuery, toSummaryBody, toSummarySearchParams, type SummaryQuery } from '../src/features/reports/summary-query.ts';

const SUMMARIES = REPORTS.filter((r): r is SummaryReportDef => r.kind === 'summary');
const LISTS = new Map(REPORTS.filter((r): r is ListReportDef => r.kind === 'list').map((r) => [r.path, r]));

const day = fc.integer({ min: 0, max: 400 }).map((n) => dayjs('2025-01-01').add(n, 'day').format('YYYY-MM-DD'));

/** A query of `def`: a range, a declared period and dimension (or none), maybe a status filter. */
const queryOf = (def: SummaryReportDef) =>
  fc.record({
    from: day,
    length: fc.integer({ min: 0, max: 60 }),
    period: fc.constantFrom(...def.periods),
    group: fc.option(fc.constantFrom(...def.dimensions.map((d) => d.key)), { nil: undefined }),
    status: fc.subarray(['SUCCESS', 'FAILED']),
  }).map(({ from, length, period, group, status }): SummaryQuery => ({
    from,
    to: dayjs(from).add(length, 'day').format('YYYY-MM-DD'),
    period,
    group,
    ...(def.filters.some((f) => f.kind === 'enum' && f.key === 'Status') ? { status } : {}),
  }));

describe('summary query in the URL', () => {
  it('round-trips through the query string, leaving the defaults out', () => {
    for (const def of SUMMARIES) {
      fc.assert(
        fc.property(queryOf(def), (q) => {
          const params = toSummarySearchParams(def, q);
          expect(params.has('period')).toBe(q.period !== def.defaultPeriod);
          expect(params.has('group')).toBe((q.group ?? null) !== def.defaultGroupBy);
          const back = parseSummaryQuery(def, params);
          expect(back).toMatchObject({ from: q.from, to: q.to, period: q.period, group: q.group });
          if (Array.isArray(q.status)) expect(back.status).toEqual(q.status);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('opens on the last 30 MYT days, the declared period and group, and drops unknown ones', () => {
    const def = SUMMARIES.find((d) => d.defaultGroupBy !== null) ?? SUMMARIES[0]!;
    const q = parseSummaryQuery(def, new URLSearchParams('period=year&group=Nope'), '2026-03-01');
    expect(q).toMatchObject({ from: '2026-01-31', to: '2026-03-01', period: def.defaultPeriod, group: def.defaultGroupBy ?? undefined });
    expect(defaultRange('2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(parseSummaryQuery(def, new URLSearchParams('group=none')).group).toBeUndefined();
    // The default range stays out of the URL: the link keeps meaning "the last 30 days".
    expect(toSummarySearchParams(def, q, '2026-03-01').has('from')).toBe(false);
    expect(toSummarySearchParams(def, { ...q, to: '2026-02-28' }, '2026-03-01').get('to')).toBe('2026-02-28');
    expect(toSummaryBody(def, q).SearchData).toMatchObject({ DateFrom: '2026-01-30T16:00:00.000Z', DateTo: '2026-03-01T15:59:59.999Z' });
  });
});

/** SearchData with every list of codes in one order. */
const sorted = (d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).sort() : v]));

/** A group value of the dimension `key` of `def`: a declared code, an org id, or null (no value). */
function groupValue(def: SummaryReportDef, key: string | undefined): fc.Arbitrary<string | number | null> {
  const dim = def.dimensions.find((d) => d.key === key);
  if (!dim) return fc.constant(null);
  if (dim.kind === 'org') return fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null });
  const filter = def.filters.find((f) => f.kind === 'enum' && f.key === (dim.drillKey ?? dim.key));
  return filter?.kind === 'enum' ? fc.option(fc.constantFrom(...filter.values), { nil: null }) : fc.constant(null);
}

describe('drill-down links', () => {
  it("carry exactly drillDown's SearchData to the live list (the currency is the header's)", () => {
    for (const def of SUMMARIES) {
      const rowOf = (q: SummaryQuery) =>
        fc.record({
          Period: fc.constantFrom(q.from as string, q.to as string),
          Group: groupValue(def, q.group),
          TxnCount: fc.nat(),
        }).map((r) => ({ ...r, GroupLabel: null, ServiceType: 1 }) as unknown as SummaryRow);
      fc.assert(
        fc.property(
          queryOf(def).chain((q) => fc.tuple(fc.constant(q), rowOf(q))),
          ([q, row]) => {
            const body = toSummaryBody(def, q);
            const request = { ...body, SearchData: { ...body.SearchData, Currency: 'MYR' } } as SummaryRequest;
            const target = drillDown(def, request, row);
            const list = LISTS.get(target.path);
            if (!list) return;
            const url = new URL(listUrlOf(list, target.searchData), 'http://portal.test');
            expect(url.pathname).toBe(target.path);
            const asked = toReportSearchData(list, parseReportQuery(list, url.searchParams));
            const { Currency: _currency, DateFrom, DateTo, ...rest } = target.searchData;
            // The same codes (the list writes them in its declared order).
            expect(sorted(asked)).toEqual(sorted({ ...rest, DateFrom: dayjs(DateFrom as string).toISOString(), DateTo: dayjs(DateTo as string).toISOString() }));
          },
        ),
        { numRuns: 25 },
      );
    }
  });
});
