// @vitest-environment node
/**
 * The summary page of a sales report against the REAL server (apps/server's Fastify app
 * on an in-memory PGlite with the demo data), through the app's own client, store, router, guards
 * and layout (see lookups.test.tsx for the node environment with a jsdom window): the e-commerce
 * sales report grouped by status shows the server's rows (period, status label, measures in the
 * header currency) and its totals row; each row's drill-down link carries the row's period and
 * group and the summary's filters in the live list's URL, and that list counts the row's
 * transactions, and a row the list cannot narrow to (no card scheme) says its list is wider;
 * changing the period asks the server again. The chart's canvas is left to the e2e
 * test (jsdom draws none): here the lazy chart module is a stand-in that shows what it was given.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REPORTS, ecommerceTransactions, type SummaryReportDef, type SummaryResponse } from '@paydesk/contract';
import { formatCount, formatMoney } from '../src/shared/format.ts';
import { parseReportQuery, toReportSearchData } from '../src/shared/report-query.ts';
import { parseSummaryQuery, toSummaryBody } from '../src/features/reports/summary-query.ts';
import { periodText } from '../src/features/reports/summary-columns.tsx';
import { bodyRows, cellOf, headers } from './support/main-table.ts';
import { pageSession } from './support/page-session.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

vi.mock('../src/features/reports/sales-chart.tsx', () => ({
  default: ({ rows, grouped }: { rows: readonly unknown[]; grouped: boolean }) => <div data-testid="sales-chart" data-rows={rows.length} data-grouped={String(grouped)} />,
}));

const def = REPORTS.find((r): r is SummaryReportDef => r.kind === 'summary' && r.path === '/sales-report/ecommerce')!;
const SUMMARY = `/api/portal/${def.api}/Summary`;

const session = pageSession({ transactions: 600, load: () => import('../src/features/reports/sales-report-page.tsx') });

/** What the server answers for the page's URL query (`search`), in MYR, asked directly. */
async function serverSummary(search: string): Promise<SummaryResponse> {
  const body = toSummaryBody(def, parseSummaryQuery(def, new URLSearchParams(search)));
  return session.direct.callPath<SummaryResponse>('POST', SUMMARY, { ...body, SearchData: { ...body.SearchData, Currency: 'MYR' } });
}

describe('sales report page on the real server (e-commerce, grouped by status)', () => {
  it("shows the server's rows and totals, and each row drills down to the live list of its transactions", async () => {
    await renderSignedIn(session.server, `${def.path}?group=Status`);
    await screen.findByRole('heading', { name: 'E-commerce sales report' });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    // One request from the page (the direct calls below go through the same counted fetch).
    expect(session.traffic.count(SUMMARY)).toBe(1);
    const expected = await serverSummary('group=Status');
    expect(bodyRows()).toHaveLength(expected.Rows.length);

    // Columns: the period, the group, the declared measures, the drill-down.
    expect(headers().slice(0, 4)).toEqual(['Date', 'Status', 'Transactions', 'Gross amount']);
    expect(headers().at(-1)).toBe('Open list');
    const first = bodyRows()[0]!;
    const row0 = expected.Rows[0]!;
    expect(cellOf(first, 'Date')).toBe(periodText('day', row0.Period));
    expect(cellOf(first, 'Transactions')).toBe(formatCount(row0.TxnCount, 'en'));
    expect(cellOf(first, 'Gross amount')).toBe(formatMoney(row0.Gross, 'MYR'));

    // The totals row: the server's totals.
    const totals = screen.getByTestId('sales-totals');
    expect(within(totals).getByText('Total')).toBeTruthy();
    expect(within(totals).getByText(formatMoney(expected.Totals.Gross, 'MYR'))).toBeTruthy();
    expect(within(totals).getByText(formatCount(expected.Totals.TxnCount, 'en'))).toBeTruthy();
    expect((await screen.findByTestId('sales-chart')).dataset).toMatchObject({ rows: String(expected.Rows.length), grouped: 'true' });

    // Every row's link: the live list with the row's day and status, which counts the row's transactions.
    const links = bodyRows().map((r) => within(r).getByTestId('sales-drill').getAttribute('href')!);
    for (const [i, href] of links.entries()) {
      const row = expected.Rows[i]!;
      const url = new URL(href, 'http://portal.test');
      expect(url.pathname).toBe('/transaction/ecommerce');
      expect(url.searchParams.get('from')).toBe(row.Period);
      expect(url.searchParams.get('to')).toBe(row.Period);
      expect(url.searchParams.get('status')).toBe(String(row.Group));
      const searchData = toReportSearchData(ecommerceTransactions, parseReportQuery(ecommerceTransactions, url.searchParams));
      const list = await session.direct.callPath<{ Count: number }>('POST', `/api/portal/${ecommerceTransactions.api}/Totals`, { SearchData: { ...searchData, Currency: 'MYR' } });
      expect(list.Count, href).toBe(row.TxnCount);
    }
  }, 120_000);

  it('names a drill-down that cannot narrow to its row: rows without a card scheme open a wider list', async () => {
    await renderSignedIn(session.server, `${def.path}?group=CardScheme`);
    await screen.findByRole('heading', { name: 'E-commerce sales report' });
    const expected = await serverSummary('group=CardScheme');
    await waitFor(() => expect(bodyRows()).toHaveLength(expected.Rows.length));
    // FPX and e-wallet sales carry no scheme (a null group): the list has no "no scheme" filter.
    expect(expected.Rows.some((r) => r.Group === null)).toBe(true);
    expect(expected.Rows.some((r) => r.Group !== null)).toBe(true);
    for (const [i, tr] of bodyRows().entries()) {
      const link = within(tr).getByTestId('sales-drill');
      const exact = expected.Rows[i]!.Group !== null;
      expect(link.dataset.exact).toBe(String(exact));
      expect(link.textContent).toBe(exact ? 'Open list' : 'Open wider list');
      expect(link.getAttribute('title')).toEqual(exact ? null : expect.stringContaining('cannot narrow'));
      // The accessible name starts with the visible text (axe label-content-name-mismatch).
      expect(link.getAttribute('aria-label')).toMatch(new RegExp(`^${link.textContent}: ${periodText('day', expected.Rows[i]!.Period)}`));
    }
  }, 120_000);

  it('asks again by week when the period changes, and the URL keeps it', async () => {
    const { router } = await renderSignedIn(session.server, def.path);
    await screen.findByRole('heading', { name: 'E-commerce sales report' });
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByText('Week'));
    // The default range (the last 30 days) stays out of the URL.
    await waitFor(() => expect(router.state.location.search).toBe('?period=week'));
    await waitFor(() => expect(headers()[0]).toBe('Week starting'));
    await waitFor(() => expect(session.traffic.count(SUMMARY)).toBe(2));
    // The day rows stay on screen until the week answer replaces them (the spinner may not have
    // started yet when it is first checked), so wait for the week rows themselves.
    const expected = await serverSummary('period=week');
    await waitFor(() => expect(document.querySelector('main .ant-table .ant-spin-spinning')).toBeNull());
    await waitFor(() => expect(bodyRows()).toHaveLength(expected.Rows.length));
  }, 120_000);
});
