/**
 * "Open with these filters" of the export history (app/export-links.ts) for generated requests:
 * whatever a list screen asks (its URL query → its Search or Export request), the link made from
 * the request the history kept reopens the same screen state — for every list report
 * (shared/summary-drill.ts `listUrlOf` with the sort), every summary report (`summaryQueryOf`)
 * and every resource list (`listQueryOfRequest`). The link of each kind on the real catalogues
 * with its permission, none for a run from before the history or a screen no longer declared;
 * the history's own URL state and the duration's words.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORTS, RESOURCES, type ExportRunItem, type ListReportDef, type SummaryReportDef } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';
import { exportRunLink } from '../src/app/export-links.ts';
import { formatDuration } from '../src/features/my-exports/duration.ts';
import '../src/features/my-exports/texts.ts';
import { MY_EXPORTS_PAGE_SIZES, myExportsBody, parseMyExportsQuery, serializeMyExportsQuery } from '../src/features/my-exports/my-exports-query.ts';
import { parseSummaryQuery, summaryQueryOf, toSummaryBody, toSummarySearchParams } from '../src/features/reports/summary-query.ts';
import { DEFAULT_PAGE_SIZE, filterFields, listQueryOfRequest, parseListQuery, sortFields, toSearchBody, toSearchParams } from '../src/features/resources/list-query.ts';
import { i18n } from '../src/i18n/index.ts';
import { DEFAULT_REPORT_PAGE_SIZE, parseReportQuery, sortKeys, toReportSearchData, urlKeyOf } from '../src/shared/report-query.ts';
import { listUrlOf } from '../src/shared/summary-drill.ts';

const LISTS = REPORTS.filter((r): r is ListReportDef => r.kind === 'list');
const SUMMARIES = REPORTS.filter((r): r is SummaryReportDef => r.kind === 'summary');
const day = fc.integer({ min: 0, max: 400 }).map((n) => dayjs('2025-01-01').add(n, 'day').format('YYYY-MM-DD'));
const token = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);

/** URL params a report's screen could write: a date range, enum codes, a code filter's typical value, a sort. */
const reportParams = (def: Pick<ListReportDef, 'filters'>, sorts: readonly string[]) =>
  fc
    .record({
      from: fc.option(day, { nil: undefined }),
      days: fc.integer({ min: 0, max: 90 }),
      enums: fc.tuple(...def.filters.map((f) => (f.kind === 'enum' ? fc.subarray(f.values.map(String)) : fc.constant([] as string[])))),
      sort: fc.constantFrom(...(sorts.length ? sorts : [''])),
      order: fc.constantFrom('asc', 'desc'),
    })
    .map(({ from, days, enums, sort, order }) => {
      const p = new URLSearchParams();
      if (from) {
        p.set('from', from);
        p.set('to', dayjs(from).add(days, 'day').format('YYYY-MM-DD'));
      }
      def.filters.forEach((f, i) => {
        if (f.kind === 'enum' && enums[i]!.length) p.set(urlKeyOf(f.key), enums[i]!.join(','));
      });
      if (sort) p.set('sort', sort);
      p.set('order', order);
      return p;
    });

describe('a link from the request an export kept reopens the screen as it was', () => {
  it('every list report: its filters and sort', () => {
    for (const def of LISTS) {
      fc.assert(
        fc.property(reportParams(def, sortKeys(def)), (params) => {
          const q = parseReportQuery(def, params);
          const url = new URL(listUrlOf(def, toReportSearchData(def, q), { Field: q.sort, Order: q.order }), 'http://portal.test');
          expect(url.pathname).toBe(def.path);
          expect(parseReportQuery(def, url.searchParams)).toEqual({ ...q, size: DEFAULT_REPORT_PAGE_SIZE });
        }),
        { numRuns: 25 },
      );
    }
  });

  it('every summary report: its filters, period and dimension', () => {
    for (const def of SUMMARIES) {
      const periodGroup = fc.record({ period: fc.constantFrom(...def.periods), group: fc.constantFrom('none', ...def.dimensions.map((d) => d.key)) });
      fc.assert(
        fc.property(reportParams(def, []), periodGroup, (params, { period, group }) => {
          params.set('period', period);
          params.set('group', group);
          params.delete('sort');
          params.delete('order');
          const q = parseSummaryQuery(def, params);
          const back = summaryQueryOf(def, toSummaryBody(def, q));
          expect(toSummarySearchParams(def, back).toString()).toBe(toSummarySearchParams(def, q).toString());
        }),
        { numRuns: 25 },
      );
    }
  });

  it('every resource list: its filters, keyword, active flag and sort', () => {
    for (const def of RESOURCES) {
      const fields = filterFields(def);
      const value = (filter: string | undefined): fc.Arbitrary<string> =>
        filter === 'in'
          ? fc.array(token, { maxLength: 3 }).map((v) => v.join(','))
          : filter === 'range'
            ? fc.tuple(fc.option(token, { nil: '' }), fc.option(token, { nil: '' })).map(([a, b]) => `${a}..${b}`)
            : fc.option(token, { nil: '' });
      const values = fc.record(Object.fromEntries(fields.map(([name, f]) => [name, value(f.filter)])));
      const rest = fc.record({ q: fc.option(token, { nil: undefined }), active: fc.constantFrom(undefined, '0', '1'), sort: fc.constantFrom(...sortFields(def)), order: fc.constantFrom('asc', 'desc'), page: fc.integer({ min: 1, max: 9 }) });
      fc.assert(
        fc.property(values, rest, (vals, r) => {
          const p = new URLSearchParams();
          for (const [name, v] of Object.entries(vals)) if (v) p.set(name, v);
          if (r.q) p.set('q', r.q);
          if (r.active) p.set('active', r.active);
          p.set('sort', r.sort);
          p.set('order', r.order);
          p.set('page', String(r.page));
          const q = parseListQuery(def, p);
          const body = toSearchBody(q);
          const back = listQueryOfRequest(def, body.SearchData, body.Sort);
          expect(toSearchParams(def, back).toString()).toBe(toSearchParams(def, { ...q, page: 1, size: DEFAULT_PAGE_SIZE }).toString());
        }),
        { numRuns: 10 },
      );
    }
  });
});

const run = (r: Partial<ExportRunItem>): ExportRunItem => ({
  Id: 'r', Screen: null, Target: 'transaction', FileName: null, Format: 'csv', Status: 'COMPLETED', Rows: 1, StartedAt: '2026-01-01T00:00:00.000Z', EndedAt: null, DurationMs: null,
  ErrorCode: null, SearchData: null, Sort: null, Period: null, GroupBy: null, ...r,
});

describe('exportRunLink on the real catalogues', () => {
  it('links a list report, a summary report and a resource list with the permission of their screen', async () => {
    expect(await exportRunLink(run({ Screen: { Kind: 'report', Name: 'TransactionEcommerce', Path: '/transaction/ecommerce' }, SearchData: { Status: ['SUCCESS'], Last4: '1111', Currency: 'MYR' }, Sort: { Field: 'TxnAmount', Order: 'asc' } }))).toEqual({
      to: '/transaction/ecommerce?status=SUCCESS&last4=1111&sort=TxnAmount&order=asc',
      permission: 'transaction:ecommerce',
    });
    expect(
      await exportRunLink(run({ Screen: { Kind: 'summary', Name: 'SalesEcommerce', Path: '/sales-report/ecommerce' }, SearchData: { DateFrom: '2026-01-31T16:00:00.000Z', DateTo: '2026-02-28T15:59:59.999Z' }, Period: 'month', GroupBy: 'Status' })),
    ).toEqual({ to: '/sales-report/ecommerce?from=2026-02-01&to=2026-02-28&period=month&group=Status', permission: 'salesreport:ecommerce' });
    expect(await exportRunLink(run({ Screen: { Kind: 'resource', Name: 'Bank', Path: '/bank-config' }, SearchData: { BankName: 'May', Keyword: 'x', IsActive: 1 }, Sort: { Field: 'BankName', Order: 'desc' } }))).toEqual({
      to: '/bank-config?BankName=May&q=x&active=1&sort=BankName&order=desc',
      permission: 'bank:view',
    });
  });

  it('answers none for a run from before the history or a screen the portal no longer declares', async () => {
    expect(await exportRunLink(run({}))).toBeNull();
    expect(await exportRunLink(run({ Screen: { Kind: 'report', Name: 'Gone', Path: '/gone' }, SearchData: {} }))).toBeNull();
    expect(await exportRunLink(run({ Screen: { Kind: 'resource', Name: 'Gone', Path: '/bank-config' }, SearchData: {} }))).toBeNull();
  });
});

describe('the history screen', () => {
  it('keeps its status, page and size in the URL, defaults left out, anything unknown dropped', () => {
    const q = { status: 'FAILED' as const, page: 3, size: MY_EXPORTS_PAGE_SIZES[1]! };
    expect(serializeMyExportsQuery(q).toString()).toBe('status=FAILED&page=3&size=50');
    expect(parseMyExportsQuery(serializeMyExportsQuery(q))).toEqual(q);
    expect(parseMyExportsQuery(new URLSearchParams('status=DONE&page=-1&size=7'))).toEqual({ status: '', page: 1, size: 20 });
    expect(myExportsBody(q)).toEqual({ PageIndex: 3, RowsPerPage: 50, SearchData: { Status: 'FAILED' } });
  });

  it('says how long an export took in the UI language', async () => {
    await i18n.loadLanguages(['ms', 'zh']);
    const en = i18n.getFixedT('en');
    expect([40, 1500, 59_000, 185_000].map((ms) => formatDuration(ms, en, 'en'))).toEqual(['0.04 s', '1.5 s', '59 s', '3 min 5 s']);
    expect(formatDuration(null, en, 'en')).toBe('-');
    expect(formatDuration(185_000, i18n.getFixedT('ms'), 'ms')).toBe('3 minit 5 saat');
    expect(formatDuration(1500, i18n.getFixedT('zh'), 'zh')).toBe('1.5 秒');
  });
});
