/**
 * The detail drawer renders a report's related sections from the Get answer's
 * `Related`: the pre-auth chain as a table whose other operations link to their own detail (the
 * current one marked), the payment link and the recurring schedule as descriptions, the timeline
 * as an antd Timeline in the answer's order with MYT times; texts in en, ms and zh. The API
 * answers come from test/fake-server.ts; the declaration is synthetic (nothing e-commerce specific).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { REPORT_LABELS, defineReport, type ListReportDef, type ReportRelated } from '@paydesk/contract';
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
  name: 'TestHolds',
  path: '/test/holds',
  api: 'Test/Holds',
  permission: 'test:view',
  titleKey: 'dashboard.latest',
  source: 'transactions',
  where: {},
  idOf: 'hold',
  related: ['preauthChain', 'paymentLink', 'recurringSchedule', 'timeline'],
  filters: [{ kind: 'currency', source: 'currency' }],
  columns: [
    { key: 'TxnRefNo', source: 'txn_ref_no', labelKey: 'txn.txnRefNoShort', kind: 'text', priority: 1 },
    { key: 'CreatedAt', source: 'created_at', labelKey: 'txn.date', kind: 'datetime', priority: 1, sortable: true, in: ['list'] },
    { key: 'Status', source: 'status', labelKey: 'txn.status', kind: 'enum', enumKey: 'status', priority: 1 },
  ],
  defaultSort: { key: 'CreatedAt', order: 'desc' },
  dateColumn: 'created_at',
});

const at = (h: number) => `2024-05-01T0${h}:03:04.000Z`;
const chainItem = (Id: number, PreauthOp: string, h: number, Amount: string) => ({ Id, TxnRefNo: `PA${Id}`, PreauthOp, CreatedAt: at(h), Amount, Currency: 'MYR', Status: 'SUCCESS' });
const event = (Code: string, h: number, extra: Partial<ReportRelated['Timeline'] extends (infer E)[] | undefined ? E : never> = {}) => ({
  At: at(h),
  Code,
  LabelKey: `timeline.${Code}`,
  RefId: null,
  Status: null,
  Amount: null,
  Currency: null,
  ...extra,
});

const related = (id: number): ReportRelated => ({
  PreauthChain: [chainItem(1, 'PREAUTH', 1, '200.00'), chainItem(2, 'CAPTURE', 2, '180.00'), chainItem(3, 'CAPTURE_VOID', 3, '180.00')],
  PaymentLink: { Id: 9, LinkRef: 'PL-0009', Amount: '200.00', Currency: 'MYR', Description: 'Deposit', Status: 'PAID', CreatedAt: at(0), ExpiresAt: at(5) },
  RecurringSchedule: { Id: 4, CustName: 'Siti Aminah', CustRef: null, Amount: '50.00', Currency: 'MYR', Frequency: 'MONTHLY', StartDate: '2024-04-30', CyclesTotal: 12, CyclesDone: 3, NextRunAt: at(6), Status: 'ACTIVE', CreatedAt: at(0) },
  Timeline:
    id === 1
      ? [event('INITIATED', 1), event('AUTHORISED', 1), event('CAPTURE', 2, { RefId: 2, Status: 'SUCCESS', Amount: '180.00', Currency: 'MYR' }), event('REFUND_UPDATED', 4, { RefId: 7, Status: 'REFUNDED', Amount: '20.00', Currency: 'MYR' })]
      : [event('INITIATED', 2), event('PAID', 2)],
} as ReportRelated);

function answer(req: SeenRequest): Answer {
  const get = /^\/api\/portal\/Test\/Holds\/Get\/(\d+)$/.exec(req.path);
  if (get) {
    const id = Number(get[1]);
    return { body: { Id: id, TxnRefNo: `PA${id}`, Status: 'SUCCESS', Related: related(id) } };
  }
  if (req.path === '/api/portal/Test/Holds/Search') return { body: { Items: [], TotalRecords: 0, TotalCapped: false, NextCursor: null, RowsPerPage: 20 } };
  if (req.path === '/api/portal/Test/Holds/Totals') return { body: { Available: true, Count: 0, Amount: '0.00', Currency: 'MYR' } };
  return { body: [] };
}

function mount(url: string) {
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
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: ['test:view'] } as unknown as Profile));
  store.dispatch(currencySelected('MYR'));
  const router = createMemoryRouter([{ path: def.path, element: <ReportPage def={def} />, children: [{ path: ':id', element: null }] }], { initialEntries: [url] });
  renderApp(store, router);
  return { server, router };
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const SLOW = 60_000;
const texts = (root: Element, selector: string) => Array.from(root.querySelectorAll(selector)).map((e) => e.textContent);

describe('the detail drawer of a report with related sections', () => {
  it('shows the chain as a table linking to each operation, the link and the schedule, and the timeline in order', async () => {
    const { router, server } = mount('/test/holds/1');
    const chain = await screen.findByTestId('txn-preauth-chain');
    expect(within(chain).getByText('Pre-auth operation chain')).toBeTruthy();
    const rows = Array.from(chain.querySelectorAll('.ant-table-tbody tr.ant-table-row'));
    expect(rows.map((r) => texts(r, 'td'))).toEqual([
      ['Pre-authorise (This transaction)', '01-05-2024 09:03:04', 'RM 200.00', 'Success'],
      ['Capture', '01-05-2024 10:03:04', 'RM 180.00', 'Success'],
      ['Void capture', '01-05-2024 11:03:04', 'RM 180.00', 'Success'],
    ]);
    // The current operation is marked, not linked; the others open their own detail in the drawer.
    expect(rows[0]!.querySelector('a')).toBeNull();
    expect(rows[0]!.querySelector('[aria-current="true"]')).toBeTruthy();
    expect(rows[1]!.querySelector('a')?.getAttribute('href')).toBe('/test/holds/2');

    const link = screen.getByTestId('txn-payment-link');
    for (const t of ['Payment link', 'PL-0009', 'RM 200.00', 'Paid', 'Deposit', '01-05-2024 13:03:04']) expect(within(link).getAllByText(t).length).toBeGreaterThan(0);
    const schedule = screen.getByTestId('txn-recurring-schedule');
    for (const t of ['Recurring schedule', 'Siti Aminah', 'Monthly', 'Active', '30-04-2024', '3 / 12', 'RM 50.00']) expect(within(schedule).getAllByText(t).length).toBeGreaterThan(0);

    const timeline = screen.getByTestId('txn-timeline');
    const items = Array.from(timeline.querySelectorAll('.ant-timeline-item'));
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual(['Initiated', 'Authorised', 'Captured', 'Refund status changed']);
    expect(items[0]!.textContent).toContain('01-05-2024 09:03:04');
    expect(items[3]!.textContent).toContain('RM 20.00');

    fireEvent.click(rows[1]!.querySelector('a')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/test/holds/2'));
    await waitFor(() => expect(server.seen.some((r) => r.path === '/api/portal/Test/Holds/Get/2')).toBe(true));
    await waitFor(() => expect(Array.from(screen.getByTestId('txn-timeline').querySelectorAll('.ant-timeline-item strong')).map((e) => e.textContent)).toEqual(['Initiated', 'Paid']));
  }, SLOW);

  it('writes the sections in Malay and Chinese, every related and timeline text present in all three languages', async () => {
    for (const lang of ['ms', 'zh'] as const) {
      const missing = Object.keys(REPORT_LABELS.en).filter((k) => /^(related|timeline)\.|^detail\.(preauth_chain|payment_link|recurring_schedule|timeline)$/.test(k) && !REPORT_LABELS[lang][k]);
      expect(missing, lang).toEqual([]);
    }
    await act(() => i18n.changeLanguage('ms'));
    mount('/test/holds/1');
    const timeline = await screen.findByTestId('txn-timeline');
    expect(within(timeline).getByText('Garis masa')).toBeTruthy();
    expect(within(timeline).getByText('Dimulakan')).toBeTruthy();
    expect(within(screen.getByTestId('txn-preauth-chain')).getByText('Rantaian operasi pra-kebenaran')).toBeTruthy();
    cleanup();
    await act(() => i18n.changeLanguage('zh'));
    mount('/test/holds/1');
    expect(within(await screen.findByTestId('txn-timeline')).getByText('时间线')).toBeTruthy();
    expect(within(screen.getByTestId('txn-recurring-schedule')).getByText('定期扣款计划')).toBeTruthy();
  }, SLOW);
});
