/**
 * /rm-application: the list shows each application's status; a row opens the
 * application, where "Send to Revenue Monster" stays disabled while documents are missing and
 * names them; "Record approval" asks for RM's merchant ID (refused when empty or malformed) and
 * sends the decision with the application's version; "New application" shows only to holders of
 * tpaapplication:rmedit. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import RmApplicationPage from '../src/features/rm-application/pages/rm-application-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const FORM = {
  CompanyName: 'Kafe Kopi Tiam Lama Sdn Bhd', RegNo: '202601900006', CompanyType: 'SDN_BHD', BusinessCategory: '5812', Website: '', Address1: '12, Jalan Ampang', Address2: '',
  Postcode: '50450', City: 'Kuala Lumpur', State: 'Kuala Lumpur', ContactName: 'Tan Wei Ming', ContactPhone: '+60123456789', ContactEmail: 'weiming@example.my',
  DirectorName: 'Tan Wei Ming', DirectorIdType: 'NRIC', DirectorIdNo: '850101-14-5671', BankAccountId: 5, ExpectedMonthlyVolume: '250000.00', AverageTicket: '45.50',
  WalletProducts: ['TNG'], ServiceMode: 'ONLINE', QrMode: 'GENERATE',
};

const application = (status: 'DRAFT' | 'SUBMITTED', actions: string[], missing: string[] = []) => ({
  Id: 3, MerchantId: 40, MerchantName: FORM.CompanyName, OnboardingStatus: 'VERIFIED', Status: status, Form: FORM, Reason: null,
  SubmittedBy: status === 'SUBMITTED' ? 'maker@paydesk.my' : null, SubmittedAt: status === 'SUBMITTED' ? '2026-11-20T02:00:00.000Z' : null, DecidedBy: null, DecidedAt: null,
  RmMerchantId: null, RmStoreId: null, BankAccounts: [{ Id: 5, BankName: 'Maybank', AccountName: FORM.CompanyName, AccountNo: '••••4321', AccountType: 'CORPORATE', IsPrimary: true }],
  Documents: [], MissingDocuments: missing, AllowedActions: actions, Version: 2, CreatedAt: '2026-11-19T02:00:00.000Z', UpdatedAt: '2026-11-20T02:00:00.000Z',
  Events: [
    { At: '2026-11-19T02:00:00.000Z', Action: 'CREATE', FromStatus: null, ToStatus: 'DRAFT', Actor: 'maker@paydesk.my', Summary: '' },
    ...(status === 'SUBMITTED' ? [{ At: '2026-11-20T02:00:00.000Z', Action: 'SUBMIT', FromStatus: 'DRAFT', ToStatus: 'SUBMITTED', Actor: 'maker@paydesk.my', Summary: '' }] : []),
  ],
});

function mount(permissions: string[], detail: ReturnType<typeof application>) {
  const server = fakeServer((req: SeenRequest) => {
    if (req.path === '/api/portal/TPA/RmApplication/Search')
      return { body: { Items: [{ Id: 3, MerchantId: 40, MerchantName: FORM.CompanyName, RegNo: FORM.RegNo, Status: detail.Status, SubmittedAt: null, DecidedAt: null, Reason: null, RmMerchantId: null, UpdatedAt: detail.UpdatedAt }], TotalRecords: 1, PageIndex: 1, RowsPerPage: 20 } };
    if (req.path === '/api/portal/TPA/RmApplication/3') return { body: detail };
    if (req.path === '/api/portal/TPA/RmApplication/Decide') return { body: { ...detail, Status: 'APPROVED', AllowedActions: [], RmMerchantId: 'RM-77', Version: 3 } };
    return { body: [] };
  });
  const client = createApiClient({
    baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
    notify: vi.fn(), download: () => {}, fetch: server.fetch,
  });
  setApiClient(client);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  const router = createMemoryRouter([{ path: '/rm-application', element: <RmApplicationPage /> }], { initialEntries: ['/rm-application'] });
  renderApp(store, router);
  return server;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = 60_000;
const button = (text: string) => Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find((b) => b.textContent === text);

describe('/rm-application', () => {
  it(
    'keeps Send disabled while documents are missing, and names them',
    async () => {
      mount(['tpaapplication:rmview', 'tpaapplication:rmedit'], application('DRAFT', ['SAVE', 'SUBMIT'], ['SSM_CERTIFICATE', 'BANK_STATEMENT']));
      expect(await screen.findByText('New application')).toBeTruthy();
      fireEvent.click(await screen.findByText(FORM.CompanyName));
      await screen.findByText('Missing before it can be sent: SSM certificate, Bank statement');
      expect(button('Send to Revenue Monster')?.disabled).toBe(true);
      expect(button('Save draft')?.disabled).toBe(false);
    },
    SLOW,
  );

  it(
    "records RM's approval with its merchant ID and the application's version",
    async () => {
      const server = mount(['tpaapplication:rmview', 'tpaapplication:rmdecide'], application('SUBMITTED', ['APPROVE', 'REJECT']));
      expect(screen.queryByText('New application')).toBeNull();
      fireEvent.click(await screen.findByText(FORM.CompanyName));
      // The application's log: each step with who and when (MYT).
      const history = await screen.findByTestId('rm-history');
      expect(history.textContent).toContain('Draft created');
      expect(history.textContent).toContain('Sent to Revenue Monster');
      expect(history.textContent).toContain('maker@paydesk.my · 20-11-2026 10:00');
      fireEvent.click(await screen.findByText('Record approval'));
      const id = await screen.findByTestId('rm-merchant-id');
      fireEvent.change(id, { target: { value: 'RM 77' } });
      fireEvent.click(Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).find((b) => b.textContent === 'Record approval')!);
      await screen.findByText("Enter Revenue Monster's merchant ID: up to 40 letters, digits, - or _");
      expect(server.seen.some((r) => r.path.endsWith('/Decide'))).toBe(false);
      fireEvent.change(id, { target: { value: 'RM-77' } });
      fireEvent.click(Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).find((b) => b.textContent === 'Record approval')!);
      await waitFor(() => expect(server.seen.find((r) => r.path.endsWith('/Decide'))?.body).toEqual({ Id: 3, Version: 2, Decision: 'APPROVED', RmMerchantId: 'RM-77', RmStoreId: '' }));
      await screen.findByText('Approved');
    },
    SLOW,
  );
});
