// @vitest-environment node
/**
 * /my-exports (the export history, issue 29 item 8) against the REAL server, through the app's own
 * client, store, router, guards and layout (support/page-session.ts): exports made by the admin —
 * a list report with filters and a sort, a resource list, a summary report by week and status — are
 * listed newest first with their screen's title, file, type, status, rows and time (MYT, §9); each
 * row's "Open with these filters" is the screen's own URL with them, and following the report's
 * opens that list with its filters and sort; the header's user menu leads to the page; a user
 * without exports is told how to make one.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ecommerceSales, ecommerceTransactions, reportApi, summaryApi } from '@paydesk/contract';
import { businessDay, formatDateTime } from '@paydesk/domain';
import { bodyRows, cellOf } from './support/main-table.ts';
import { pageSession } from './support/page-session.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

const session = pageSession({ transactions: 200, load: () => Promise.all([import('../src/features/my-exports/my-exports-page.tsx'), import('../src/app/export-links.ts')]) });
const DAY = 86_400_000;

/** Runs the admin's three exports once (the first test), each a second apart on the server clock. */
let made: Promise<{ salesFrom: string }> | undefined;
function exportsMade() {
  made ??= (async () => {
    const { direct, server } = session;
    const txn = await reportApi(direct, ecommerceTransactions).export({ SearchData: { Status: ['SUCCESS'] }, Sort: { Field: 'TxnAmount', Order: 'asc' }, Format: 'csv' });
    await txn.text();
    server.advance(1000);
    const bank = await direct.sendTo({ method: 'POST', encrypted: true }, '/api/portal/Bank/Export', { body: { SearchData: { BankName: 'Bank' }, Sort: { Field: 'BankName', Order: 'desc' }, Format: 'xlsx' } });
    await bank.arrayBuffer();
    server.advance(1000);
    const now = server.now().getTime();
    const salesFrom = new Date(now - 40 * DAY).toISOString();
    const sales = await summaryApi(direct, ecommerceSales).export({ SearchData: { DateFrom: salesFrom, DateTo: new Date(now).toISOString() }, Period: 'week', GroupBy: 'Status', Format: 'csv' });
    await sales.text();
    // Each run is closed once its file has gone out.
    await waitFor(async () => expect((await direct.call('exportHistory', { body: { SearchData: { Status: 'COMPLETED' } } })).TotalRecords).toBe(3));
    return { salesFrom };
  })();
  return made;
}

const openLinks = () => Array.from(document.querySelectorAll<HTMLAnchorElement>('main a[data-testid="my-exports-open"]'));

describe('/my-exports on the real server', () => {
  it('lists the exports newest first, each with its screen, file, status, rows and start in MYT; the links reopen each screen with its filters and sort', async () => {
    const { salesFrom } = await exportsMade();
    const history = await session.direct.call('exportHistory', { body: {} });
    const { router } = await renderSignedIn(session.server, '/my-exports');
    await screen.findByRole('heading', { name: 'My exports' });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const rows = bodyRows();
    expect(rows.map((r) => cellOf(r, 'Screen'))).toEqual([
      expect.stringMatching(/^Sales report \(online\) › E-commerce.*sales-report-ecommerce-\d{8}-\d{6}\.csv$/),
      expect.stringMatching(/^Bank configuration.*Bank-\d{8}-\d{6}\.xlsx$/),
      expect.stringMatching(/^Live transaction \(online\) › E-commerce.*ecommerce-transactions-\d{8}-\d{6}\.csv$/),
    ]);
    expect(rows.map((r) => cellOf(r, 'File type'))).toEqual(['CSV', 'XLSX', 'CSV']);
    expect(rows.map((r) => cellOf(r, 'Status'))).toEqual(['Completed', 'Completed', 'Completed']);
    expect(rows.map((r) => cellOf(r, 'Rows'))).toEqual(history.Items.map((i) => String(i.Rows)));
    expect(rows.map((r) => cellOf(r, 'Started'))).toEqual(history.Items.map((i) => formatDateTime(i.StartedAt)));
    expect(rows.map((r) => cellOf(r, 'Duration'))).toEqual(history.Items.map(() => expect.stringMatching(/^[\d.]+ s$/)));

    // Each "Open with these filters" is its screen's own URL query (as a saved view would be).
    await waitFor(() => expect(openLinks()).toHaveLength(3));
    const [sales, bank, txn] = openLinks().map((a) => new URL(a.href));
    expect(`${sales!.pathname}?${[...sales!.searchParams].filter(([k]) => k !== 'to').map(([k, v]) => `${k}=${v}`).join('&')}`).toBe(`/sales-report/ecommerce?from=${businessDay(salesFrom)}&period=week&group=Status`);
    expect(`${bank!.pathname}${bank!.search}`).toBe('/bank-config?BankName=Bank&sort=BankName&order=desc');
    expect(`${txn!.pathname}${txn!.search}`).toBe('/transaction/ecommerce?status=SUCCESS&sort=TxnAmount&order=asc');
    expect(openLinks()[2]!.getAttribute('aria-label')).toMatch(/^Open with these filters: .*E-commerce, the export of \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

    // Following the report's link opens the list with them.
    fireEvent.click(openLinks()[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/ecommerce'));
    expect(router.state.location.search).toBe('?status=SUCCESS&sort=TxnAmount&order=asc');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
  }, 90_000);

  it('filters by status, and is reached from the header user menu', async () => {
    await exportsMade();
    const { router } = await renderSignedIn(session.server, '/');
    fireEvent.click(await screen.findByRole('button', { name: /· Profile$/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /My exports/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-exports'));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await router.navigate('/my-exports?status=FAILED');
    await waitFor(() => expect(within(document.querySelector('main')!).getByText('None of your exports has this status')).toBeTruthy());
  }, 90_000);

  it('tells a user without exports how to make one', async () => {
    await renderSignedIn(session.server, '/my-exports', 'merchant@paydesk.my');
    expect(await screen.findByText(/^No exports yet\. To export, open a list/)).toBeTruthy();
    expect(bodyRows()).toHaveLength(0);
  }, 60_000);
});
