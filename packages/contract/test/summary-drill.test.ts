/**
 * drillDown, pure: for random summary requests and rows of every sales report,
 * the drilled SearchData is accepted by the target list's own schema with no key it does not take,
 * its dates are the row's period clipped to the request's MYT days, the group value is the list's
 * filter, and the sale predicate is in the list's terms; the view follows the service type / method.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARD_SCHEMES, CARD_TYPES, PAYMENT_METHODS, SALE_TXN_TYPES, TRANSACTION_STATUSES } from '@paydesk/domain';
import { drillDown, LIST_REPORTS, periodEnd, reportSchemas, SUMMARY_REPORTS, summarySchemas, type SummaryDrillTarget, type SummaryReportDef, type SummaryRow } from '../src/index.ts';
import { SUMMARY_DRILL_LISTS } from '../src/reports/defs/drill-targets.ts';

const ENUM_VALUES: Record<string, readonly (string | number)[]> = { status: TRANSACTION_STATUSES, paymentMethod: PAYMENT_METHODS, cardScheme: CARD_SCHEMES, cardType: CARD_TYPES };

const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

/** A request and one of its possible rows for `def`. */
const case_ = (def: SummaryReportDef) =>
  fc
    .record({
      a: day,
      len: fc.integer({ min: 0, max: 200 }),
      period: fc.constantFrom(...def.periods),
      groupBy: fc.constantFrom(null, ...def.dimensions.map((d) => d.key)),
      groupSeed: fc.nat(),
      nullGroup: fc.boolean(),
      split: fc.constantFrom(1, 2, 3, 4, 5, 6),
      at: fc.integer({ min: 0, max: 200 }),
      merchant: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
    })
    .map((r) => {
      const to = new Date(Date.parse(`${r.a}T00:00:00Z`) + r.len * 86_400_000).toISOString().slice(0, 10);
      const req = summarySchemas(def).summary.parse({
        SearchData: { DateFrom: `${r.a}T10:00:00+08:00`, DateTo: `${to}T09:00:00+08:00`, ...(r.merchant ? { MerchantId: r.merchant } : {}) },
        Period: r.period,
        GroupBy: r.groupBy,
      });
      // The row's period start: a day of the range, moved to its week's Monday or month's 1st.
      const d = new Date(Date.parse(`${r.a}T00:00:00Z`) + Math.min(r.at, r.len) * 86_400_000);
      if (r.period === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
      if (r.period === 'month') d.setUTCDate(1);
      // A value of the dimension: a code of its enum, or an org id; sometimes null (no scheme, an HQ's own sales).
      const dim = def.dimensions.find((x) => x.key === r.groupBy);
      const codes = dim?.kind === 'enum' ? ENUM_VALUES[dim.enumKey!]! : [];
      const group = !dim || r.nullGroup ? null : dim.kind === 'org' ? 1 + (r.groupSeed % 500) : codes[r.groupSeed % codes.length]!;
      const row = { Period: d.toISOString().slice(0, 10), Group: group, GroupLabel: null, ...(def.split ? { [def.split.key]: r.split } : {}), TxnCount: 1 } as SummaryRow;
      return { req, row, from: r.a, to };
    });

describe('drillDown', () => {
  it("finds every summary's drill target among SUMMARY_DRILL_LISTS, the same declaration as the catalogue's", () => {
    const paths = (t: SummaryDrillTarget): string[] => (typeof t === 'string' ? [t] : [...Object.values(t.paths).flatMap(paths), ...paths(t.otherwise)]);
    const targets = new Set(SUMMARY_REPORTS.flatMap((d) => paths(d.drillTo)));
    expect(targets.size).toBeGreaterThan(5);
    for (const path of targets) {
      const declared = LIST_REPORTS.find((l) => l.path === path);
      expect(declared, `${path} is a declared list`).toBeDefined();
      expect(SUMMARY_DRILL_LISTS.find((l) => l.path === path), `${path} in SUMMARY_DRILL_LISTS`).toBe(declared);
    }
  });

  it.each(SUMMARY_REPORTS.map((d) => [d.name, d] as const))('%s: the list takes the drilled SearchData, dates clipped to the period and the request', (_n, def) => {
    fc.assert(
      fc.property(case_(def), ({ req, row, from, to }) => {
        const drill = drillDown(def, req, row, 'MYR');
        const list = LIST_REPORTS.find((l) => l.path === drill.path);
        if (!list) {
          // Only a target another part declares (the card-settlement list) may be missing, and then the drill is not exact.
          expect(drill.exact).toBe(false);
          return;
        }
        const schema = reportSchemas(list).searchData as unknown as { shape: Record<string, unknown>; parse: (v: unknown) => unknown };
        for (const k of Object.keys(drill.searchData)) expect(Object.keys(schema.shape), `${list.name} takes ${k}`).toContain(k);
        expect(() => schema.parse(drill.searchData)).not.toThrow();
        const df = String(drill.searchData.DateFrom).slice(0, 10);
        const dt = String(drill.searchData.DateTo).slice(0, 10);
        expect(df).toBe(row.Period > from ? row.Period : from);
        const end = periodEnd(row.Period, req.Period);
        expect(dt).toBe(end < to ? end : to);
        expect(drill.searchData.Currency).toBe('MYR');
        if (list.filters.some((f) => f.kind === 'enum' && f.key === 'TxnType')) expect(drill.searchData.TxnType).toEqual([...SALE_TXN_TYPES]);
        if (list.filters.some((f) => f.kind === 'enum' && f.key === 'PreauthOp')) expect(drill.searchData.PreauthOp).toEqual(['CAPTURE']);
        const dim = def.dimensions.find((d) => d.key === req.GroupBy);
        if (dim?.drillKey && row.Group !== null && drill.exact) expect(drill.searchData[dim.drillKey]).toEqual(dim.kind === 'enum' ? [row.Group] : row.Group);
      }),
      { numRuns: 60 },
    );
  });

  it('drills an org report row to its service type view, and a terminal row to its method view', () => {
    const agency = SUMMARY_REPORTS.find((d) => d.name === 'SalesAgency')!;
    const terminal = SUMMARY_REPORTS.find((d) => d.name === 'SalesTerminal')!;
    const req = (def: SummaryReportDef, GroupBy: string | null) =>
      summarySchemas(def).summary.parse({ SearchData: { DateFrom: '2026-01-01T00:00:00+08:00', DateTo: '2026-01-31T00:00:00+08:00' }, Period: 'month', GroupBy });
    const row = (Group: string | number | null, ServiceType?: number) => ({ Period: '2026-01-01', Group, GroupLabel: null, ServiceType, TxnCount: 1 }) as SummaryRow;
    expect(drillDown(agency, req(agency, 'Agency'), row(7, 4)).path).toBe('/transaction/ecommerce-preauth');
    expect(drillDown(agency, req(agency, 'Agency'), row(7, 4)).searchData).toMatchObject({ AgencyId: 7, PreauthOp: ['CAPTURE'] });
    expect(drillDown(agency, req(agency, 'PaymentMethod'), row('EW', 2)).path).toBe('/transaction/terminal/ewallets');
    const card = drillDown(agency, req(agency, 'Agency'), row(7, 2));
    expect([card.path, card.exact]).toEqual(['/transaction/terminal/card-transaction', false]);
    expect(drillDown(terminal, req(terminal, 'PaymentMethod'), row('BNPL')).path).toBe('/transaction/terminal/bnpl');
    expect(drillDown(terminal, req(terminal, 'PaymentMethod'), row('CC'))).toMatchObject({ path: '/transaction/terminal/card-transaction', exact: true });
    expect(drillDown(terminal, req(terminal, 'PaymentMethod'), row('CC')).searchData).toMatchObject({ PaymentMethod: ['CC'], TxnType: [...SALE_TXN_TYPES] });
    expect(drillDown(terminal, req(terminal, 'Branch'), row(null)).exact).toBe(false);
  });
});
