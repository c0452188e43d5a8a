/**
 * ReportPage renders any declared list report: for a synthetic declaration (not the
 * e-commerce one) its filter bar, table and detail drawer are generated from the filters and the
 * column catalogue, its requests are the report engine's (`/api/portal/{api}/Search | Totals |
 * Get/{Id}`), the count reads "more than 10,000" when capped, the totals line shows when offered,
 * and a row opens its detail with Enter. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { defineReport, type ListReportDef } from '@paydesk/contract';
import { RULE_MESSAGES } from '@paydesk/domain';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { ReportPage } from '../src/features/reports/report-page.tsx';
import { i18n } from '../src/i18n/index.ts';
import { renderApp } from './render-app.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { currencySelected } from '../src/store/permission-slice.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

/** A report no screen declares: nothing here may be e-commerce specific. */
const def: ListReportDef = defineReport({
  kind: 'list',
  name: 'TestPayouts',
  path: '/test/payouts',
  api: 'Test/Payouts',
  permission: 'test:view',
  exportPermission: 'test:export',
  titleKey: 'dashboard.latest',
  source: 'payouts',
  where: {},
  idOf: 'payout',
  filters: [
    { kind: 'dateRange', source: 'created_at', labelKey: 'txn.dateRange' },
    { kind: 'enum', key: 'Status', source: 'status', values: ['SUCCESS', 'FAILED'], enumKey: 'status', labelKey: 'txn.status' },
    { kind: 'code', key: 'MID', source: 'mid', labelKey: 'detail.mid', pattern: /^[A-Z0-9]{1,15}$/, maxLength: 15, message: RULE_MESSAGES.txnRefNo },
    { kind: 'currency', source: 'currency' },
  ],
  columns: [
    { key: 'TxnRefNo', source: 'ref', labelKey: 'txn.txnRefNoShort', kind: 'text', priority: 1 },
    { key: 'CreatedAt', source: 'created_at', labelKey: 'txn.date', kind: 'datetime', priority: 1, sortable: true, in: ['list'] },
    { key: 'MID', source: 'mid', labelKey: 'detail.mid', kind: 'text', priority: 2 },
    { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'status', priority: 1 },
    { key: 'TxnAmount', source: 'amount', labelKey: 'txn.amount', kind: 'money', priority: 1, sortable: true },
    { key: 'MaskedPAN', source: 'masked_pan', labelKey: 'txn.maskedPan', kind: 'pan', in: ['detail'] },
    { key: 'CustName', source: 'cust_name', labelKey: 'detail.cust_name', kind: 'text', in: ['detail'], section: 'customer' },
    { key: 'Currency', source: 'currency', labelKey: 'shell.currency', kind: 'text', in: ['export'] },
  ],
  defaultSort: { key: 'CreatedAt', order: 'desc' },
  dateColumn: 'created_at',
});

const row = (id: number) => ({ Id: id, TxnRefNo: `PO${id}`, CreatedAt: '2024-05-01T02:03:04.000Z', MID: 'MID7', Status: 'SUCCESS', TxnAmount: '1234.5', Currency: 'MYR' });
const detail = { ...row(1), MaskedPAN: '411111******1111', CustName: 'Siti Aminah' };

function answer(req: SeenRequest): Answer {
  switch (req.path) {
    case '/api/portal/Test/Payouts/Search': {
      const body = req.body as { Cursor?: string };
      return { body: { Items: body.Cursor ? [row(3)] : [row(1), row(2)], TotalRecords: 10_000, TotalCapped: true, NextCursor: body.Cursor ? null : 'next-1', RowsPerPage: 20 } };
    }
    case '/api/portal/Test/Payouts/Totals':
      return { body: { Available: true, Count: 12_345, Amount: '100.00', Currency: 'MYR', Successful: { Count: 12_000, Amount: '90.00' } } };
    case '/api/portal/Test/Payouts/Get/1':
      return { body: detail };
    default:
      return { body: [] };
  }
}

function mount(permissions: string[], url = def.path) {
  const server = fakeServer(answer);
  setApiClient(
    createApiClient({
      baseUrl: '',
      publicIp: async () => null,
      channelStore: memoryChannelStore(),
      getToken: () => 'token',
      onTokenRenewed: () => {},
      onSessionEnd: () => {},
      notify: vi.fn(),
      download: () => {},
      fetch: server.fetch,
    }),
  );
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  store.dispatch(currencySelected('MYR'));
  const router = createMemoryRouter([{ path: def.path, element: <ReportPage def={def} />, children: [{ path: ':id', element: null }] }], { initialEntries: [url] });
  renderApp(store, router);
  const searches = () => server.seen.filter((r) => r.path === '/api/portal/Test/Payouts/Search').map((r) => r.body as Record<string, unknown>);
  return { server, router, searches };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const headers = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th')).map((th) => th.textContent);
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const SLOW = 60_000;

describe('ReportPage for a declared list report', () => {
  it('generates the filters and the columns of the declaration, and asks the engine for the header currency', async () => {
    const { searches } = mount(['test:view']);
    await screen.findByRole('heading', { name: 'Latest transactions' });
    // Filters: exactly the declared ones (no organization cascade, no money range: not declared).
    for (const label of ['Date range', 'Status', 'MID']) expect(screen.getByLabelText(label)).toBeTruthy();
    for (const label of ['Master merchant', 'Branch', 'Amount from', 'Card last 4 digits', 'Payment method']) expect(screen.queryByLabelText(label)).toBeNull();
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    // Columns: the 'list' ones in order; detail- and export-only ones are not in the table.
    expect(headers()).toEqual(['Reference no.', 'Transaction date', 'MID', 'Status', 'Amount']);
    // Sortable headers only where declared.
    const sortable = Array.from(document.querySelectorAll('.ant-table-thead th.ant-table-column-has-sorters')).map((th) => th.textContent);
    expect(sortable).toEqual(['Transaction date', 'Amount']);
    // Cells by kind: MYT date (§9), money with the currency, the status label.
    const cells = Array.from(bodyRows()[0]!.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells).toEqual(['PO1', '01-05-2024 10:03:04', 'MID7', 'Success', 'RM 1,234.50']);
    expect(searches()[0]).toEqual({ RowsPerPage: 20, SearchData: { Currency: 'MYR' }, Sort: { Field: 'CreatedAt', Order: 'desc' } });
    // Above the cap the totals' exact count replaces "More than 10,000" (one count on screen), and
    // the totals line says what it counts: all statuses, then the successful part.
    await waitFor(() => expect(screen.getByTestId('report-total').textContent).toBe('12,345 records'));
    expect(screen.getByTestId('report-totals').textContent).toBe('Total of the filtered list: 12,345 transactions, RM 100.00; successful: 12,000, RM 90.00');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  }, SLOW);

  it('pages by the cursor of the answer, and a new query starts again at the first page', async () => {
    const { router, searches } = mount(['test:view', 'test:export']);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
    expect(screen.getByTestId('list-page').textContent).toBe('Page 1 of more than 500');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(searches().at(-1)).toMatchObject({ Cursor: 'next-1' });
    expect(screen.getByTestId('list-page').textContent).toBe('Page 2 of more than 500');

    // A typed code is checked against its declared pattern; a valid one is searched for.
    fireEvent.change(screen.getByLabelText('MID'), { target: { value: 'mid 7' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const item = screen.getByLabelText('MID').closest('.ant-form-item')!;
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe(i18n.t(RULE_MESSAGES.txnRefNo)));
    fireEvent.change(screen.getByLabelText('MID'), { target: { value: 'MID7' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?mid=MID7'));
    await waitFor(() => expect(searches().at(-1)).toEqual({ RowsPerPage: 20, SearchData: { MID: 'MID7', Currency: 'MYR' }, Sort: { Field: 'CreatedAt', Order: 'desc' } }));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe('Page 1 of more than 500'));
  }, SLOW);

  it('opens a row with Enter into the detail, grouped by the declared sections', async () => {
    const { router } = mount(['test:view']);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const first = bodyRows()[0]!;
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/payouts/1'));
    const customer = await screen.findByTestId('txn-customer');
    expect(within(customer).getByText('Customer')).toBeTruthy();
    expect(within(customer).getByText('Siti Aminah')).toBeTruthy();
    const drawer = screen.getByRole('dialog');
    // Main section: the 'detail' columns (list ones too), the PAN as sent (masked), the amount in its currency.
    expect(within(drawer).getByText('411111******1111')).toBeTruthy();
    expect(within(drawer).getByText('RM 1,234.50')).toBeTruthy();
    expect(within(drawer).queryByText('Transaction date')).toBeNull(); // CreatedAt is declared list-only
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/payouts'));
  }, SLOW);
});
