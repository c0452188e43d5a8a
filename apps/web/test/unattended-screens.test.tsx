// @vitest-environment node
/**
 * The unattended terminals' two screens against the REAL server (an in-memory
 * PGlite with the demo data, whose seed makes cash events), through the app's own client, store,
 * router, guards and layout (see sales-report-page.test.tsx):
 * - /unattended-history/Denomination lists the server's events newest first (time, TID, event
 *   label, cash in and out in MYR), each row a Tab stop, and a TID with no events shows the empty state;
 * - /unattended-report/Denomination shows the server's rows per day and terminal with its totals
 *   in a focusable scroll region, each row drilling into the history with its TID and day; a
 *   failed load shows the error state.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { reportApi, reportByName, summaryApi, summaryReportByName } from '@paydesk/contract';
import { formatCount, formatMoney } from '../src/shared/format.ts';
import { parseSummaryQuery, toSummaryBody } from '../src/features/reports/summary-query.ts';
import { periodText } from '../src/features/reports/summary-columns.tsx';
import { bodyRows, cellOf, headers } from './support/main-table.ts';
import { pageSession } from './support/page-session.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

const unattendedHistory = reportByName('UnattendedHistory');
const unattendedReport = summaryReportByName('UnattendedReport');

const session = pageSession({
  transactions: 600,
  load: () => Promise.all([import('../src/features/reports/report-page.tsx'), import('../src/features/reports/sales-report-page.tsx')]),
});

describe('the unattended terminal screens on the real server', () => {
  it("lists the server's cash events in a focusable table, and says so when a TID has none", async () => {
    const expected = await reportApi(session.direct, unattendedHistory).search({ RowsPerPage: 20, SearchData: { Currency: 'MYR' } });
    expect(expected.Items.length).toBeGreaterThan(0);
    await renderSignedIn(session.server, unattendedHistory.path);
    await screen.findByRole('heading', { name: 'Denomination history' });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(headers()).toEqual(expect.arrayContaining(['Event time', 'TID', 'Event', 'Cash in', 'Cash out']));
    const first = bodyRows()[0]!;
    const item = expected.Items[0]!;
    expect(cellOf(first, 'TID')).toBe(item.TID);
    expect(cellOf(first, 'Cash in')).toBe(formatMoney(String(item.CashIn), 'MYR'));
    expect(['Cash in (sale)', 'Change out', 'Refund out', 'Refill', 'Collection', 'Adjustment']).toContain(cellOf(first, 'Event'));
    // Keyboard reach of the sideways-scrolling table: every row is a Tab stop opening its detail (shared/row-open.ts).
    expect(bodyRows().every((r) => r.tabIndex === 0)).toBe(true);
    cleanup();

    await renderSignedIn(session.server, `${unattendedHistory.path}?tid=ZZ000000`);
    await screen.findByRole('heading', { name: 'Denomination history' });
    expect(await screen.findByText('No transactions match the filters')).toBeTruthy();
    expect(bodyRows()).toHaveLength(0);
  }, 120_000);

  it("shows the report's rows per day and terminal with its totals, each drilling into the history", async () => {
    // The 30 MYT days up to a day with cash events (the default range, the last 30 days, may hold
    // none of the few seeded terminals' events: a CI run drew none).
    const events = await reportApi(session.direct, unattendedHistory).search({ RowsPerPage: 20, SearchData: { Currency: 'MYR' } });
    const last = Math.max(...events.Items.map((i) => Date.parse(String(i.OccurredAt)))) + 8 * 3_600_000;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = new URLSearchParams({ from: day(last - 29 * 86_400_000), to: day(last) });
    const body = toSummaryBody(unattendedReport, parseSummaryQuery(unattendedReport, range));
    const expected = await summaryApi(session.direct, unattendedReport).summary({ ...body, SearchData: { ...body.SearchData, Currency: 'MYR' } });
    expect(expected.Rows.length).toBeGreaterThan(0);
    await renderSignedIn(session.server, `${unattendedReport.path}?${range}`);
    await screen.findByRole('heading', { name: 'Denomination report' });
    await waitFor(() => expect(bodyRows()).toHaveLength(expected.Rows.length));
    expect(headers().slice(0, 5)).toEqual(['Date', 'TID', 'Events', 'Cash in', 'Cash out']);
    const row0 = expected.Rows[0]!;
    const first = bodyRows()[0]!;
    expect(cellOf(first, 'Date')).toBe(periodText('day', row0.Period));
    expect(cellOf(first, 'TID')).toBe(String(row0.Group));
    expect(cellOf(first, 'Events')).toBe(formatCount(Number(row0.EventCount), 'en'));
    // The table scrolls sideways on a phone and its rows hold links only in the last column: a named, focusable region.
    const region = document.querySelector<HTMLElement>('main [role="region"][tabindex="0"]');
    expect(region?.getAttribute('aria-label')).toBe('Denomination report');
    const totals = screen.getByTestId('sales-totals');
    expect(within(totals).getByText(formatMoney(String(expected.Totals.CashIn), 'MYR'))).toBeTruthy();
    // The drill-down: the history with the row's TID and day, which counts exactly the row's events.
    const href = within(first).getByTestId('sales-drill').getAttribute('href')!;
    const url = new URL(href, 'http://portal.test');
    expect(url.pathname).toBe(unattendedHistory.path);
    expect([url.searchParams.get('tid'), url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([row0.Group, row0.Period, row0.Period]);
    const list = await reportApi(session.direct, unattendedHistory).search({ RowsPerPage: 1, SearchData: { TID: String(row0.Group), DateFrom: `${row0.Period}T00:00:00+08:00`, DateTo: `${row0.Period}T23:59:59.999+08:00`, Currency: 'MYR' } });
    expect(list.TotalRecords).toBe(row0.EventCount);
  }, 120_000);

  it('shows the error state with a retry when the report cannot be loaded', async () => {
    const counting = globalThis.fetch;
    // The Summary call fails on the network; everything else goes through.
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes(`/api/portal/${unattendedReport.api}/Summary`)) throw new TypeError('network down');
      return counting(input, init);
    };
    try {
      await renderSignedIn(session.server, unattendedReport.path);
      await screen.findByRole('heading', { name: 'Denomination report' });
      const failed = (await screen.findByText('The data could not be loaded.')).closest<HTMLElement>('.ant-result')!;
      expect(within(failed).getByRole('button', { name: /Retry/ })).toBeTruthy();
      expect(bodyRows()).toHaveLength(0);
    } finally {
      globalThis.fetch = counting;
    }
  }, 120_000);
});
