/**
 * ReportPage for a report declaring `expand` and `detailLines` (the batch-grouped card
 * view): each row has an expand button (a keyboard Tab stop, opened with Enter like any button)
 * that shows a page of the CHILD report inside the row — the child's API, its columns, filtered
 * by the row's values (TID + batch no.) and the header currency, with its own pager; a child row
 * opens the child's detail; without the child's permission rows do not expand; the detail shows
 * the declared sub-table under its declared title. A synthetic parent declaration, the real TerminalCardTransaction child;
 * answers from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { BATCH, BATCH_LINES, defineReport, terminalCardTransactions, type ListReportDef } from '@paydesk/contract';
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

const def: ListReportDef = defineReport({
  kind: 'list',
  name: 'TestBatches',
  path: '/test/batches',
  api: 'Test/Batches',
  permission: 'test:view',
  titleKey: 'report.terminalCardV2.title',
  source: 'batches',
  where: {},
  idOf: 'batch',
  filters: [{ kind: 'currency', source: 'currency' }],
  columns: [{ ...BATCH.OpenedAt, priority: 1 }, BATCH.TID, BATCH.BatchNo, BATCH.Status, BATCH.NetAmount, BATCH.Currency],
  defaultSort: { key: 'OpenedAt', order: 'desc' },
  dateColumn: 'opened_at',
  detailTitleKey: 'batch.detail',
  detailLines: BATCH_LINES,
  expand: { report: terminalCardTransactions.name, filters: { TID: 'TID', BatchNo: 'BatchNo' } },
});

const batch = (id: number) => ({ Id: id, OpenedAt: '2024-05-01T02:03:04.000Z', TID: `TID0000${id}`, BatchNo: `00000${id}`, Status: 'OPEN', NetAmount: '300.00', Currency: 'MYR' });
const txn = (id: number) => ({ Id: id, CreatedAt: '2024-05-01T03:00:00.000Z', TID: 'TID00001', BatchNo: '000001', TxnType: 'SALE', Status: 'SUCCESS', TxnAmount: '100.00', Currency: 'MYR', MerchantName: 'Kedai Ah Seng', BranchName: null });
const CHILD = '/api/portal/Transaction/Terminal/CardTransaction';

function answer(req: SeenRequest): Answer {
  switch (req.path) {
    case '/api/portal/Test/Batches/Search':
      return { body: { Items: [batch(1), batch(2)], TotalRecords: 2, TotalCapped: false, NextCursor: null, RowsPerPage: 20 } };
    case '/api/portal/Test/Batches/Get/1':
      return {
        body: {
          ...batch(1),
          Lines: [
            { CardScheme: 'VISA', CardType: 'CREDIT', SaleCount: 2, SaleAmount: '200.00', VoidCount: 0, VoidAmount: '0.00', NetAmount: '200.00' },
            { CardScheme: 'MASTERCARD', CardType: 'DEBIT', SaleCount: 1, SaleAmount: '100.00', VoidCount: 0, VoidAmount: '0.00', NetAmount: '100.00' },
          ],
        },
      };
    case `${CHILD}/Search`: {
      const body = req.body as { Cursor?: string };
      return { body: { Items: body.Cursor ? [txn(13)] : [txn(11), txn(12)], TotalRecords: 3, TotalCapped: false, NextCursor: body.Cursor ? null : 'c-1', RowsPerPage: 10 } };
    }
    case `${CHILD}/Get/11`:
      return { body: { ...txn(11), TxnRefNo: 'PD11' } };
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
  const childSearches = () => server.seen.filter((r) => r.path === `${CHILD}/Search`).map((r) => r.body as Record<string, unknown>);
  return { server, router, childSearches };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A button of `root` by its text (querySelector: getByRole walks the accessibility tree, far too slow on these tables in jsdom). */
const buttonIn = (root: HTMLElement, text: RegExp) => Array.from(root.querySelectorAll('button')).find((b) => text.test(b.textContent ?? ''))!;
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const expandButtons = () => Array.from(document.querySelectorAll<HTMLButtonElement>('button.ant-table-row-expand-icon'));
const SLOW = 60_000;

describe('ReportPage with expandable rows', () => {
  it("expands a row into a page of the child report filtered by the row, pages it, and opens a child row's detail", async () => {
    const { router, childSearches } = mount(['test:view', terminalCardTransactions.permission]);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const buttons = expandButtons();
    expect(buttons).toHaveLength(2);
    // A real button: a Tab stop that Enter activates (the browser turns Enter on a button into a click).
    expect(buttons[0]!.tagName).toBe('BUTTON');
    act(() => buttons[0]!.focus());
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.click(buttons[0]!);
    const region = await screen.findByTestId('report-expanded');
    expect(within(region).getByText(i18n.t(terminalCardTransactions.titleKey))).toBeTruthy();
    await waitFor(() => expect(region.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(2));
    // The child's API, filtered by the row's TID and batch number, in the header currency, in the child's default order.
    expect(childSearches()[0]).toEqual({ RowsPerPage: 10, SearchData: { TID: 'TID00001', BatchNo: '000001', Currency: 'MYR' }, Sort: { Field: 'CreatedAt', Order: 'desc' } });
    // Expanding did not open the batch's detail.
    expect(router.state.location.pathname).toBe('/test/batches');
    // Its own pager.
    fireEvent.click(buttonIn(region, /Next/));
    await waitFor(() => expect(region.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1));
    expect(childSearches().at(-1)).toMatchObject({ Cursor: 'c-1' });
    fireEvent.click(buttonIn(region, /First/));
    await waitFor(() => expect(region.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(2));
    // A child row opens the child's detail with Enter, over the parent list.
    const childRow = region.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row')!;
    act(() => childRow.focus());
    fireEvent.keyDown(childRow, { key: 'Enter' });
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')?.textContent).toContain('PD11'));
    expect(router.state.location.pathname).toBe('/test/batches');
  }, SLOW);

  it("does not expand rows for a caller without the child report's permission", async () => {
    mount(['test:view']);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(expandButtons()).toHaveLength(0);
  }, SLOW);

  it("shows the declared detail lines in the row's detail", async () => {
    mount(['test:view'], '/test/batches/1');
    const lines = await screen.findByTestId('report-detail-lines');
    // The drawer is titled by the declaration's detailTitleKey, not "Transaction detail".
    expect(document.querySelector('.ant-drawer-title')?.textContent).toBe('Settlement batch detail');
    expect(within(lines).getByText('Batch totals by card')).toBeTruthy();
    await waitFor(() => expect(lines.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(2));
    const cells = Array.from(lines.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0]!.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells).toEqual(['Visa', 'CREDIT', '2', 'RM 200.00', '0', 'RM 0.00', 'RM 200.00']);
  }, SLOW);
});
