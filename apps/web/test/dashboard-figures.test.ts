/**
 * Figures that mean what they say (pure parts): the trend marks today as partial over a
 * full calendar window, the donut's top methods plus "Others" with percentages adding up to 100,
 * KPI links that the list reads back as the figure's filters, and export headers that are the
 * screen's column titles in every language.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENUM_LABEL_LANGUAGES, PAYMENT_METHODS, allRoutes, sumMoney } from '@paydesk/domain';
import { dashboardLines, dashboardWindows, LIST_REPORTS, transactionViewPath, type DashboardBreakdownRow } from '@paydesk/contract';
import { MIX_TOP, TREND_DAYS, mixSlices, trendLines } from '../src/features/dashboard/chart-data.ts';
import { FIGURES, listPermission, openableLines } from '../src/features/dashboard/components/figure-cards.tsx';
import { parseReportQuery } from '../src/shared/report-query.ts';
import { listUrlOf } from '../src/shared/summary-drill.ts';
import { CATALOGUES } from '../src/i18n/catalogues.ts';
import { BUILT_ROUTE_PATHS } from '../src/app/built-route-paths.ts';

const NAV_ROUTES = allRoutes();
/** A dashboard answer for the link builders (they read the business day only). */
const SAMPLE = {
  Currency: 'MYR', BusinessDay: '2026-03-17', Today: { Amount: '0.00', Count: 0 }, MonthToDate: { Amount: '0.00', Count: 0 }, SuccessRate: 0,
  PendingRefunds: { Amount: '0.00', Count: 0 }, OpenRiskAlerts: 3, Trend: [], PaymentMethodMix: [], Latest: [], Breakdown: [] as DashboardBreakdownRow[],
  Previous: { Yesterday: { Day: '2026-03-16', Amount: '0.00', Count: 0 }, Month: { From: '2026-02-01', To: '2026-02-17', Amount: '0.00', Count: 0 } },
};

const money = fc.integer({ min: 0, max: 10_000_000_00 }).map((sen) => (sen / 100).toFixed(2));
const mixEntry = fc.record({ PaymentMethod: fc.constantFrom(...PAYMENT_METHODS), Amount: money, Count: fc.integer({ min: 0, max: 100_000 }) });
const mixArb = fc.uniqueArray(mixEntry, { selector: (m) => m.PaymentMethod, maxLength: PAYMENT_METHODS.length });

describe('payment-method donut slices', () => {
  it('keeps the top methods by amount, folds the rest into one "Others", and loses no amount or count', () => {
    fc.assert(
      fc.property(mixArb, (mix) => {
        const slices = mixSlices(mix);
        expect(slices.length).toBeLessThanOrEqual(MIX_TOP + 1);
        expect(slices.length).toBe(Math.min(mix.length, MIX_TOP + 1));
        expect(sumMoney(slices.map((s) => s.amount))).toBe(sumMoney(mix.map((m) => m.Amount)));
        expect(slices.reduce((n, s) => n + s.count, 0)).toBe(mix.reduce((n, m) => n + m.Count, 0));
        const others = slices.filter((s) => s.code === null);
        expect(others.length).toBe(mix.length > MIX_TOP + 1 ? 1 : 0);
        // Every named slice is at least as large as any method folded into "Others".
        const named = slices.filter((s) => s.code !== null);
        const folded = mix.filter((m) => !named.some((s) => s.code === m.PaymentMethod));
        for (const s of named) for (const f of folded) expect(Number(s.amount)).toBeGreaterThanOrEqual(Number(f.Amount));
      }),
    );
  });

  it('gives percentages of the total amount, to one decimal, that add up to exactly 100', () => {
    fc.assert(
      fc.property(mixArb, (mix) => {
        const slices = mixSlices(mix);
        const total = Number(sumMoney(mix.map((m) => m.Amount)));
        const tenths = slices.reduce((n, s) => n + Math.round(s.percent * 10), 0);
        if (total === 0) {
          expect(slices.every((s) => s.percent === 0)).toBe(true);
          return;
        }
        expect(tenths).toBe(1000);
        for (const s of slices) {
          expect(Math.abs(s.percent - (Number(s.amount) / total) * 100)).toBeLessThanOrEqual(0.1 + 1e-9);
        }
      }),
    );
  });
});

describe('sales trend', () => {
  const day = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('spans the whole window day by day, ends on the business day, and draws today only as the separate "so far" point', () => {
    fc.assert(
      fc.property(day, fc.array(fc.record({ offset: fc.integer({ min: 0, max: TREND_DAYS - 1 }), ServiceType: fc.integer({ min: 1, max: 6 }), Amount: money }), { maxLength: 40 }), (businessDay, points) => {
        const last = new Date(`${businessDay}T00:00:00Z`);
        const dayAt = (offset: number) => new Date(last.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
        // One point per (day, service type), as the server answers.
        const seen = new Set<string>();
        const trend = points
          .map((p) => ({ Day: dayAt(p.offset), ServiceType: p.ServiceType, Amount: p.Amount, Count: 1 }))
          .filter((p) => !seen.has(`${p.Day}|${p.ServiceType}`) && seen.add(`${p.Day}|${p.ServiceType}`));
        const { days, lines } = trendLines(trend, businessDay);
        expect(days).toHaveLength(TREND_DAYS);
        expect(days[TREND_DAYS - 1]).toBe(businessDay);
        expect(days.every((d, i) => i === 0 || Date.parse(d) - Date.parse(days[i - 1]!) === 86_400_000)).toBe(true);
        expect(lines.map((l) => l.serviceType)).toEqual([...new Set(trend.map((p) => p.ServiceType))].sort((a, b) => a - b));
        for (const line of lines) {
          const own = trend.filter((p) => p.ServiceType === line.serviceType);
          days.forEach((d, i) => expect(line.amounts[i]).toBe(Number(own.find((p) => p.Day === d)?.Amount ?? 0)));
          // Today is never on the solid line: a partial day cannot read as a collapse.
          expect(line.complete[TREND_DAYS - 1]).toBeNull();
          expect(line.complete.slice(0, -1)).toEqual(line.amounts.slice(0, -1));
          // Today is drawn apart, as the "so far" point, and nothing else is.
          expect(line.partial.slice(0, -1).every((v) => v === null)).toBe(true);
          expect(line.partial[TREND_DAYS - 1]).toBe(line.amounts[TREND_DAYS - 1]);
        }
      }),
    );
  });
});

describe('KPI cards open the rows that make their figure', () => {
  const METHODS = [...PAYMENT_METHODS, null];
  const row = fc.record({
    Window: fc.constantFrom('TODAY' as const, 'MONTH' as const, 'YESTERDAY' as const, 'PREV_MONTH' as const),
    ServiceType: fc.constantFrom(1, 2, 3, 4, 5, 6),
    PaymentMethod: fc.constantFrom(...METHODS),
    Status: fc.constantFrom('SUCCESS' as const, 'FAILED' as const),
    Count: fc.integer({ min: 0, max: 5000 }),
    Amount: money,
  });
  const breakdown = fc.uniqueArray(row, { selector: (r) => `${r.Window}|${r.ServiceType}|${String(r.PaymentMethod)}|${r.Status}`, maxLength: 40 });
  const FIGURE_ROWS = {
    today: ['TODAY', ['SUCCESS'], ['2026-03-17', '2026-03-17']],
    monthToDate: ['MONTH', ['SUCCESS'], ['2026-03-01', '2026-03-17']],
    attempts: ['MONTH', ['SUCCESS', 'FAILED'], ['2026-03-01', '2026-03-17']],
    yesterday: ['YESTERDAY', ['SUCCESS'], ['2026-03-16', '2026-03-16']],
    previousMonth: ['PREV_MONTH', ['SUCCESS'], ['2026-02-01', '2026-02-17']],
  } as const;

  it('splits every sales figure into channel lines that add up to it, each a built list of its channel filtered to the figure\'s days and statuses', () => {
    fc.assert(
      fc.property(breakdown, fc.constantFrom('today' as const, 'monthToDate' as const, 'attempts' as const, 'yesterday' as const, 'previousMonth' as const), (rows, figure) => {
        const d = { ...SAMPLE, Breakdown: rows };
        const lines = dashboardLines(d, figure);
        const [window, statuses, days] = FIGURE_ROWS[figure];
        const counted = rows.filter((r) => r.Window === window && (statuses as readonly string[]).includes(r.Status));
        expect(lines.reduce((n, l) => n + l.count, 0)).toBe(counted.reduce((n, r) => n + r.Count, 0));
        expect(sumMoney(lines.map((l) => l.amount))).toBe(sumMoney(counted.filter((r) => lines.some((l) => l.serviceType === r.ServiceType)).map((r) => r.Amount)));
        for (const l of lines) {
          expect(BUILT_ROUTE_PATHS).toContain(l.path);
          expect(l.report).not.toBeNull();
          // The link reads the list's menu name, which the entry's catalogue holds in every language.
          const name = NAV_ROUTES.find((r) => r.path === l.path)!.labelKey;
          for (const lang of ['en', 'ms', 'zh'] as const) expect(CATALOGUES[lang][name], `${lang} ${name}`).toBeTruthy();
          // Each channel's rows are in its own view.
          for (const r of counted.filter((x) => x.ServiceType === l.serviceType && x.Count > 0)) if (transactionViewPath(r.ServiceType, r.PaymentMethod) === l.path) expect(l.count).toBeGreaterThanOrEqual(r.Count);
          // The link the user follows reads back as the figure's days and statuses.
          const url = new URL(listUrlOf(l.report!, l.searchData), 'http://portal.invalid');
          expect(url.pathname).toBe(l.path);
          const q = parseReportQuery(l.report!, url.searchParams);
          expect([q.from, q.to]).toEqual(days);
          expect(q.status).toEqual(statuses);
        }
      }),
    );
  });

  it("compares with the same days of the previous month, cut at that month's end, and with yesterday", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        const day = at.toISOString().slice(0, 10);
        const w = dashboardWindows(day);
        const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
        const prevMonth = m === 1 ? [y - 1, 12] : [y, m - 1];
        const lastOfPrev = new Date(Date.UTC(prevMonth[0]!, prevMonth[1]!, 0)).getUTCDate();
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(w.TODAY).toEqual({ from: day, to: day });
        expect(w.MONTH).toEqual({ from: `${day.slice(0, 8)}01`, to: day });
        expect(w.YESTERDAY.from).toBe(new Date(Date.UTC(y, m - 1, dd - 1)).toISOString().slice(0, 10));
        expect(w.PREV_MONTH).toEqual({ from: `${prevMonth[0]}-${pad(prevMonth[1]!)}-01`, to: `${prevMonth[0]}-${pad(prevMonth[1]!)}-${pad(Math.min(dd, lastOfPrev))}` });
      }),
    );
    expect(dashboardWindows('2026-03-31').PREV_MONTH).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('offers a line only to a user who may open its list', () => {
    const d = { ...SAMPLE, Breakdown: [
      { Window: 'TODAY' as const, ServiceType: 1, PaymentMethod: 'CARD', Status: 'SUCCESS' as const, Count: 3, Amount: '30.00' },
      { Window: 'TODAY' as const, ServiceType: 2, PaymentMethod: 'EW', Status: 'SUCCESS' as const, Count: 2, Amount: '20.00' },
    ] };
    const all = new Set(LIST_REPORTS.map((r) => listPermission(r.path) ?? ''));
    expect(openableLines(d, 'today', all).map((l) => l.path)).toEqual(['/transaction/ecommerce', '/transaction/terminal/ewallets']);
    expect(openableLines(d, 'today', new Set(['transaction:ecommerce'])).map((l) => l.path)).toEqual(['/transaction/ecommerce']);
  });

  it('opens the refund and risk queues under their desks\' permissions, and the risk card only for a caller the server counted alerts for', () => {
    for (const f of FIGURES.filter((x) => x.link)) {
      const url = new URL(f.link!.to, 'http://portal.test');
      expect(BUILT_ROUTE_PATHS, f.testId).toContain(url.pathname);
      expect(f.link!.permission, f.testId).toBe(NAV_ROUTES.find((r) => r.path === url.pathname)?.permission);
    }
    expect(FIGURES.every((f) => f.link || f.drill)).toBe(true);
    const risk = FIGURES.find((f) => f.testId === 'dash-open-risk-alerts')!;
    expect(risk.shown!({ ...SAMPLE, OpenRiskAlerts: null })).toBe(false);
    expect(risk.shown!({ ...SAMPLE, OpenRiskAlerts: 0 })).toBe(true);
  });
});

describe('dashboard labels say what the figures count', () => {
  it.each(ENUM_LABEL_LANGUAGES)('%s: sales and counts are labelled successful', (lang) => {
    const word = { en: /successful/i, ms: /berjaya/i, zh: /成功/ }[lang];
    for (const key of ['dashboard.todayAmount', 'dashboard.todayCount', 'dashboard.mtdAmount', 'dashboard.mtdCount', 'dashboard.trend', 'dashboard.mix']) {
      expect(CATALOGUES[lang][key], `${lang} ${key}`).toMatch(word);
    }
  });
});
