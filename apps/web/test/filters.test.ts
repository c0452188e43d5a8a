import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASSIGNEE_FILTER_VALUES, LIST_REPORTS, ecommerceTransactions as def } from '@paydesk/contract';
import type { Dayjs } from 'dayjs';
import { dayjs, validateField } from '@paydesk/domain';
import { malaysianToday, presetRanges } from '../src/shared/date-presets.ts';
import { offeredCodes } from '../src/features/reports/report-filter-bar.tsx';
import {
  defaultReportQuery,
  fieldsBelow,
  isAmountFilter,
  isCodeValue,
  parentFor,
  parseReportQuery,
  toReportSearchData,
  toReportSearchParams,
  visiblePickers,
  type ReportQuery,
} from '../src/shared/report-query.ts';

const DEFAULT_QUERY = defaultReportQuery(def);
const parseTxnQuery = (p: URLSearchParams) => parseReportQuery(def, p);
const toSearchParams = (q: ReportQuery) => toReportSearchParams(def, q);
const toSearchData = (q: ReportQuery) => toReportSearchData(def, q);
const last4 = def.filters.find((f) => f.kind === 'code' && f.key === 'Last4') as Extract<(typeof def.filters)[number], { kind: 'code' }>;
const isLast4 = (v: string) => isCodeValue(last4, v);

describe('e-commerce filters in the URL (generated from the report declaration)', () => {
  it('round-trips a query through the query string', () => {
    const q: ReportQuery = {
      ...DEFAULT_QUERY,
      from: '2024-05-01',
      to: '2024-05-07',
      status: ['SUCCESS', 'FAILED'],
      pm: ['CC'],
      scheme: ['VISA', 'MASTER'],
      mm: 3,
      agency: undefined,
      agent: 9,
      merchant: undefined,
      branch: 12,
      ref: 'EC2024',
      min: '10.50',
      max: '2000',
      last4: '1111',
      sort: 'TxnAmount',
      order: 'asc',
      size: 50,
    };
    const search = toSearchParams(q).toString();
    expect(parseTxnQuery(new URLSearchParams(search))).toEqual(q);
  });

  it('leaves defaults out and ignores values that are not valid', () => {
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe('');
    const q = parseTxnQuery(new URLSearchParams('status=SUCCESS,BOGUS&pm=XX&mm=-1&agency=abc&min=1.234&last4=12&ref=a%20b&size=7&sort=Nope&from=yesterday'));
    expect(toSearchParams(q).toString()).toBe('status=SUCCESS');
    expect(q.status).toEqual(['SUCCESS']);
    expect([q.pm, q.mm, q.agency, q.min, q.last4, q.ref, q.size, q.sort, q.from]).toEqual([[], undefined, undefined, undefined, undefined, undefined, 20, 'CreatedAt', undefined]);
  });

  it('keeps the URL keys of the hand-written list, so its links (dashboard, bookmarks) still work', () => {
    const q = parseTxnQuery(new URLSearchParams('from=2026-02-01&to=2026-02-28&status=SUCCESS&pm=CC&scheme=VISA&ref=EC1&min=1&max=2&last4=4242&mm=1&merchant=4'));
    expect(toSearchData(q)).toMatchObject({ Status: ['SUCCESS'], PaymentMethod: ['CC'], CardScheme: ['VISA'], TxnRefNo: 'EC1', AmountMin: '1.00', AmountMax: '2.00', Last4: '4242', MasterMerchantId: 1, MerchantId: 4 });
  });

  it('turns Malaysian days into UTC bounds of the search', () => {
    const data = toSearchData({ ...DEFAULT_QUERY, from: '2024-01-01', to: '2024-01-31', last4: '4242', status: [] });
    expect(data).toEqual({ DateFrom: '2023-12-31T16:00:00.000Z', DateTo: '2024-01-31T15:59:59.999Z', Last4: '4242' });
    expect(toSearchData(DEFAULT_QUERY)).toEqual({});
  });

  it('hides pickers above the caller and narrows each picker by the nearest chosen parent, down to the branch', () => {
    expect(visiblePickers('SUPERADMIN').map((p) => p.field)).toEqual(['mm', 'agency', 'agent', 'merchant', 'branch']);
    expect(visiblePickers('AGENCY').map((p) => p.field)).toEqual(['agency', 'agent', 'merchant', 'branch']);
    expect(visiblePickers('MERCHANT_BRANCH').map((p) => p.field)).toEqual(['branch']);
    expect(parentFor({ mm: 3 }, 'agent')).toBe(3);
    expect(parentFor({ mm: 3, agency: 5 }, 'merchant')).toBe(5);
    expect(parentFor({ mm: 3, agency: 5, agent: 8 }, 'mm')).toBeUndefined();
    expect(parentFor({ merchant: 7 }, 'branch')).toBe(7);
    expect(fieldsBelow('agency')).toEqual(['agent', 'merchant', 'branch']);
  });

  it('reads amounts as §5 decimals that are money, and last 4 digits by the declared pattern', () => {
    for (const ok of ['12', '12.5', '12.50', '.5', '12.', '0']) expect([ok, isAmountFilter(ok)]).toEqual([ok, true]);
    for (const bad of ['', 'abc', '1.234', '-1', '1,000', '1e3', '12345678901234567']) expect([bad, isAmountFilter(bad)]).toEqual([bad, false]);
    expect(validateField('decimal', '1.234')).toBe(true); // §5 shape, but not an amount of money
    expect(['1234', '0000'].map(isLast4)).toEqual([true, true]);
    expect(['123', '12345', '12a4', ''].map(isLast4)).toEqual([false, false, false, false]);
    const q = parseTxnQuery(new URLSearchParams('min=.5&max=12.&last4=0042'));
    expect([q.min, q.max, q.last4]).toEqual(['.5', '12.', '0042']);
    expect(toSearchData(q)).toEqual({ AmountMin: '0.50', AmountMax: '12.00', Last4: '0042' });
  });

  it('for random queries: parse(serialize(q)) is q, and the request holds only declared codes', () => {
    const statuses = (def.filters.find((f) => f.kind === 'enum' && f.key === 'Status') as { values: readonly string[] }).values;
    const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const query = fc.record({
      from: fc.option(day, { nil: undefined }),
      status: fc.uniqueArray(fc.constantFrom(...statuses)),
      mm: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: undefined }),
      ref: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), { nil: undefined }),
      last4: fc.option(fc.stringMatching(/^\d{4}$/), { nil: undefined }),
      sort: fc.constantFrom('CreatedAt', 'TxnAmount'),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      size: fc.constantFrom(20, 50, 100),
    });
    fc.assert(
      fc.property(query, (r) => {
        const q = { ...parseTxnQuery(new URLSearchParams()), ...r };
        const back = parseTxnQuery(toSearchParams(q));
        expect(back).toEqual(q);
        const data = toSearchData(back);
        expect(((data.Status as string[] | undefined) ?? []).every((s) => statuses.includes(s))).toBe(true);
      }),
    );
  });
});

describe('date range presets (Malaysian days)', () => {
  const days = (r: [Dayjs, Dayjs]) => r.map((d) => d.format('YYYY-MM-DD'));
  it('today, yesterday, last 7 and 30 days, this month and last month end where they should', () => {
    const r = presetRanges(dayjs('2024-03-15', 'YYYY-MM-DD'));
    expect(days(r.today)).toEqual(['2024-03-15', '2024-03-15']);
    expect(days(r.yesterday)).toEqual(['2024-03-14', '2024-03-14']);
    expect(days(r.last7)).toEqual(['2024-03-09', '2024-03-15']);
    expect(days(r.last30)).toEqual(['2024-02-15', '2024-03-15']);
    expect(days(r.thisMonth)).toEqual(['2024-03-01', '2024-03-15']);
    expect(days(r.lastMonth)).toEqual(['2024-02-01', '2024-02-29']);
  });

  it("takes today in Malaysia, whatever the browser's time zone", () => {
    // 17:30 UTC is 01:30 the next day in Malaysia (UTC+8).
    expect(malaysianToday(dayjs.utc('2024-03-14T17:30:00Z')).format('YYYY-MM-DD')).toBe('2024-03-15');
    expect(malaysianToday(dayjs.utc('2024-03-14T15:59:00Z')).format('YYYY-MM-DD')).toBe('2024-03-14');
  });
});

describe('an assignee filter ("my queue") in the URL, for every list report that declares one', () => {
  const desks = LIST_REPORTS.filter((d) => d.filters.some((f) => f.kind === 'assignee'));

  it('is declared by the risk desk', () => {
    expect(desks.map((d) => d.path)).toContain('/risk');
  });

  it.each(desks.map((d) => [d.path, d] as const))('%s: ME and NOBODY round-trip into SearchData; anything else is dropped', (_path, desk) => {
    const key = desk.filters.find((f) => f.kind === 'assignee')!.key;
    const url = key.charAt(0).toLowerCase() + key.slice(1);
    for (const value of ASSIGNEE_FILTER_VALUES) {
      const q = parseReportQuery(desk, new URLSearchParams(`${url}=${value}`));
      expect(toReportSearchParams(desk, q).toString()).toBe(`${url}=${value}`);
      expect(toReportSearchData(desk, q)[key]).toBe(value);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }).filter((v) => !(ASSIGNEE_FILTER_VALUES as readonly string[]).includes(v)), (v) => {
        const q = parseReportQuery(desk, new URLSearchParams({ [url]: v }));
        return toReportSearchData(desk, q)[key] === undefined && !toReportSearchParams(desk, q).has(url);
      }),
    );
  });
});

describe('the codes an enum filter offers by audience (columns with `outside`)', () => {
  const cases = LIST_REPORTS.flatMap((d) =>
    d.filters.flatMap((f) => (f.kind === 'enum' && d.columns.some((c) => c.source === f.source && c.outside) ? [[d.name, d, f] as const] : [])),
  );

  it.each(cases)('%s: the platform is offered every code, anyone else none of the internal ones', (_name, d, f) => {
    const outside = d.columns.find((c) => c.source === f.source && c.outside)!.outside!;
    expect(offeredCodes(d, f, 'SUPERADMIN')).toEqual(f.values);
    for (const group of ['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'] as const) {
      const offered = offeredCodes(d, f, group).map(String);
      expect(offered.filter((c) => c in outside)).toEqual([]);
      // What an internal code is shown as stays on offer.
      for (const to of Object.values(outside)) expect(offered).toContain(to);
    }
  });

  it('covers the refund queue', () => {
    expect(cases.map(([name]) => name)).toContain('PreChargeback');
  });
});

describe('a timed date range (the log screens: to the minute, MYT, opening on the recent past)', () => {
  const logs = LIST_REPORTS.filter((d) => d.source === 'log_entries');
  const minute = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:00Z'), noInvalidDate: true }).map((d) => dayjs.utc(d).tz('Asia/Kuala_Lumpur'));

  it('is declared by every log screen, with the last hour by default', () => {
    expect(logs).toHaveLength(11);
    for (const d of logs) expect(d.filters.find((f) => f.kind === 'dateRange')).toMatchObject({ recentMinutes: 60 });
  });

  it('opens on the hour before now, and keeps a range the URL gives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...logs), minute, (d, now) => {
        const q = parseReportQuery(d, new URLSearchParams(), now);
        expect(q.from).toBe(now.subtract(60, 'minute').format('YYYY-MM-DDTHH:mm'));
        expect(q.to).toBeUndefined();
        // The start is a minute of Malaysian time: as an instant, an hour before now (to the minute).
        expect(dayjs.utc(toReportSearchData(d, q).DateFrom as string).valueOf()).toBe(now.subtract(60, 'minute').second(0).millisecond(0).valueOf());
        const given = parseReportQuery(d, new URLSearchParams({ from: '2026-12-01T09:30', to: '2026-12-01T10:45' }), now);
        expect([given.from, given.to]).toEqual(['2026-12-01T09:30', '2026-12-01T10:45']);
        expect(toReportSearchData(d, given)).toMatchObject({ DateFrom: '2026-12-01T01:30:00.000Z', DateTo: '2026-12-01T02:45:59.999Z' });
        expect(parseReportQuery(d, toReportSearchParams(d, given), now)).toEqual(given);
      }),
    );
  });

  it('takes whole days as before, and refuses minutes on a report whose range is in days', () => {
    const d = logs[0]!;
    expect(toReportSearchData(d, parseReportQuery(d, new URLSearchParams({ from: '2026-12-01' })))).toMatchObject({ DateFrom: '2026-11-30T16:00:00.000Z' });
    expect(parseTxnQuery(new URLSearchParams({ from: '2026-12-01T09:30' })).from).toBeUndefined();
  });
});
