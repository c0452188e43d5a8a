/**
 * The profile screens in jsdom, on the merchant segment (the four screens
 * are one feature): the list answers rows with their §4 status tags and a row opens the profile
 * at /merchant/:id (masked bank account numbers); "New" is shown to holders of merchant:create
 * and creates a merchant with a person and a bank account — an NRIC with a bad date is refused
 * in the form before any request; the KYC buttons are exactly the profile's AllowedActions, and
 * a reject asks for a reason and shows the new status at once; a document the server refuses
 * shows its message under the picker. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { citiesOfState } from '@paydesk/domain';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import type { Verdict } from '../src/api/failure.ts';
import { setApiClient } from '../src/api/index.ts';
import { ProfilePage } from '../src/features/profiles/profile-page.tsx';
import type { ProfileDetail } from '../src/features/profiles/profile-api.ts';
import { SEGMENT_VIEWS } from '../src/features/profiles/segments.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '/api/country' });

const BASE = '/api/portal/Merchant/Profile';
const CITY = citiesOfState('Selangor')[0]!;
const SLOW = 120_000;

const row = (id: number, name: string, status: string, level = 'MERCHANT_HQ') => ({
  Id: id, Name: name, RegNo: '202301012345', Mid: `MID${id}`, Level: level, ParentId: 30, ParentName: 'Agent Ali', State: 'Selangor', City: CITY,
  OnboardingStatus: status, IsActive: true, CreatedAt: '2026-03-01T01:00:00.000Z', UpdatedAt: '2026-03-02T01:00:00.000Z',
});

const detail = (id: number, status: ProfileDetail['OnboardingStatus'], allowed: ProfileDetail['AllowedActions']): ProfileDetail => ({
  Id: id, Level: 'MERCHANT_HQ', Mid: `MID${id}`, Name: `Kedai ${id}`, RegNo: '202301012345', RegNoOld: null, CompanyType: 'SDN_BHD', BusinessCategory: '5411', Address1: '12 Jalan Ampang',
  Address2: null, Postcode: '50450', State: 'Selangor', City: CITY, Country: 'MALAYSIA', Phone: '+60123456789', Email: 'kedai@example.com', Website: null, IsActive: true,
  Persons: [{ Id: 1, Name: 'Ali bin Abu', Role: 'DIRECTOR', IdType: 'NRIC', IdNo: '900101-14-5673', Gender: 'MALE', Nationality: 'Malaysian', Phone: null, Email: null }],
  BankAccounts: [{ Id: 2, BankId: 3, BankName: 'Maybank', AccountType: 'CORPORATE', AccountName: 'Kedai', AccountNo: '••••7890', IsPrimary: true }],
  Documents: [{ Id: 8, DocType: 'SSM_CERTIFICATE', FileName: 'ssm.pdf', MimeType: 'application/pdf', SizeBytes: 2048, UploadedAt: '2026-03-01T02:00:00.000Z', UploadedBy: 'agency@paydesk.test' }],
  Config: { ServiceTypes: ['1'], PaymentProducts: [], MdrCategoryId: null, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, SettlementCustom: null },
  OnboardingStatus: status, StatusReason: null, SubmittedBy: 'agency@paydesk.test', SubmittedAt: '2026-03-01T01:00:00.000Z', VerifiedAt: null,
  Parent: { Id: 30, Name: 'Agent Ali', Level: 'AGENT' }, Version: 2, AllowedActions: allowed,
});

type Handler = (req: SeenRequest) => Answer | Promise<Answer> | undefined;

function mount(permissions: string[], path: string, details: Record<number, ProfileDetail>, extra: Handler = () => undefined) {
  const server = fakeServer(async (req) => {
    const own = await extra(req);
    if (own) return own;
    if (req.path === `${BASE}/Search`) return { body: { Rows: [row(5, 'Kedai 5', 'REVIEWING'), row(6, 'Kedai 6', 'VERIFIED', 'MERCHANT_BRANCH')], Total: 2 } };
    const get = /^\/api\/portal\/Merchant\/Profile\/(\d+)$/.exec(req.path);
    if (get && details[Number(get[1])]) return { body: details[Number(get[1])] };
    if (/\/History$/.test(req.path)) return { body: { Rows: [] } };
    if (req.path === '/api/portal/Organization/GetSelection') return { body: [{ Id: 30, Name: 'Agent Ali', Level: 'AGENT' }] };
    if (req.path === '/api/portal/Bank/GetBankList') return { body: [{ Id: 3, BankName: 'Maybank', IsActive: 1, Country: 'MY' }] };
    if (req.path === '/api/country/states') return { body: { error: false, msg: '', data: { name: 'Malaysia', iso3: 'MYS', states: [{ name: 'Selangor', state_code: '10' }] } } };
    if (req.path === '/api/country/state/cities') return { body: { error: false, msg: '', data: citiesOfState('Selangor') } };
    if (req.path.includes('MDRCategory')) return { body: { Entities: [], TotalRecords: 0, PageIndex: 1, RowsPerPage: 999 } };
    return { body: [] };
  });
  // The country service is called with the global fetch (no API client).
  vi.stubGlobal('fetch', server.fetch);
  const notify = vi.fn();
  const client = createApiClient({
    baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
    notify, download: () => {}, fetch: server.fetch,
  });
  // Multipart bodies do not cross jsdom into Node's fetch (client.test.ts covers the wire): the upload is stubbed.
  const postMultipart = vi.fn(async (_name: string, _form: FormData, options?: { onFailure?: (v: Verdict) => void }) => {
    options?.onFailure?.({ endSession: false, code: 'VAL400', messages: ['file: the file is not a PDF, JPEG or PNG (its content says text/plain)'] });
    throw undefined;
  });
  setApiClient({ ...client, postMultipart } as unknown as ApiClient);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'AGENCY' }, Permissions: permissions } as unknown as Profile));
  const view = SEGMENT_VIEWS.Merchant;
  const router = createMemoryRouter([{ path: view.path, element: <ProfilePage view={view} />, children: [{ path: ':id', element: null }] }], { initialEntries: [path] });
  renderApp(store, router);
  return { server, router, notify, postMultipart, seen: (p: string) => server.seen.filter((r) => r.path === p) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const listRows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="profile-list"] tr.ant-table-row'));
const drawer = () => screen.getByTestId('profile-detail');
const form = () => screen.getByTestId('profile-form');

/** Opens the select labelled `label` inside `root` and picks the option reading `option`. */
async function choose(root: HTMLElement, label: string, option: string) {
  // A picker waiting for another (the city for its state) is disabled until that one is chosen.
  const input = await waitFor(() => {
    const found = within(root).getByLabelText(label);
    expect((found as HTMLInputElement).disabled).toBe(false);
    return found;
  });
  fireEvent.mouseDown(input);
  const found = await waitFor(() => {
    const options = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option-content')).filter((o) => o.textContent === option);
    expect(options.length, option).toBeGreaterThan(0);
    return options.at(-1)!;
  });
  fireEvent.click(found);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('profile screens', () => {
  it('lists profiles with status tags; a row opens the profile with masked account numbers', async () => {
    const { router } = mount(['merchant:view'], '/merchant', { 5: detail(5, 'REVIEWING', []) });
    await waitFor(() => expect(listRows()).toHaveLength(2));
    expect(listRows()[0]!.textContent).toContain('Reviewing');
    expect(listRows()[1]!.textContent).toContain('Branch');
    // Not a holder of merchant:create: no New.
    expect(screen.queryByTestId('profile-new')).toBeNull();
    fireEvent.keyDown(listRows()[0]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/5'));
    await waitFor(() => expect(within(drawer()).getByTestId('profile-company').textContent).toContain('Kedai 5'));
    // No KYC action allowed, no update permission: no buttons.
    expect(screen.queryByTestId('kyc-actions')).toBeNull();
    expect(screen.queryByTestId('profile-edit')).toBeNull();
    fireEvent.click(within(drawer()).getByTestId('section-accounts'));
    await waitFor(() => expect(screen.getByTestId('masked-account').textContent).toBe('••••7890'));
  }, SLOW);

  it('creates a merchant with a person and a bank account; an NRIC with a bad date is refused in the form', async () => {
    const { seen, router } = mount(['merchant:view', 'merchant:create', 'merchant:update'], '/merchant', { 77: detail(77, 'PENDING', []) }, (req) =>
      req.path === `${BASE}/Create` ? { body: { Id: 77, Version: 1 } } : undefined,
    );
    fireEvent.click(await screen.findByTestId('profile-new'));
    await screen.findByTestId('profile-form');
    await choose(form(), 'Under (Agent)', 'Agent Ali');
    type('profile-name', 'Kedai Runcit Ali Sdn Bhd');
    await choose(form(), 'Company type', 'Private Limited Company (SDN BHD)');
    type('profile-regno', '202301012345');
    await choose(form(), 'Nature of business', '5411 · Grocery Stores, Supermarkets');
    type('profile-address1', '12 Jalan Ampang');
    await choose(form(), 'State', 'Selangor');
    await choose(form(), 'City', CITY);
    type('profile-postcode', '50450');
    type('profile-phone', '+60123456789');
    type('profile-email', 'ali@kedai.example.com');

    fireEvent.click(screen.getByTestId('add-person'));
    type('person-0-name', 'Ali bin Abu');
    type('person-0-idno', '901301-14-5673');
    fireEvent.click(screen.getByTestId('add-account'));
    await choose(screen.getByTestId('account-0'), 'Bank', 'Maybank');
    type('account-0-name', 'Kedai Runcit Ali');
    type('account-0-no', '1234567890');

    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(within(screen.getByTestId('person-0')).getByText('Enter the NRIC as YYMMDD-PB-###G with a real birth date and place-of-birth code')).toBeTruthy());
    expect(seen(`${BASE}/Create`)).toHaveLength(0);

    type('person-0-idno', '900101-14-5673');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(seen(`${BASE}/Create`)).toHaveLength(1));
    expect(seen(`${BASE}/Create`)[0]!.body).toMatchObject({
      ParentId: 30,
      Name: 'Kedai Runcit Ali Sdn Bhd',
      CompanyType: 'SDN_BHD',
      State: 'Selangor',
      City: CITY,
      Persons: [{ Name: 'Ali bin Abu', Role: 'DIRECTOR', IdType: 'NRIC', IdNo: '900101-14-5673' }],
      BankAccounts: [{ BankId: 3, AccountType: 'CORPORATE', AccountName: 'Kedai Runcit Ali', AccountNo: '1234567890', IsPrimary: true }],
    });
    // The new profile opens, where its documents are uploaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant/77'));
    await waitFor(() => expect(within(drawer()).getByTestId('profile-company').textContent).toContain('Kedai 77'));
  }, SLOW);

  it('shows exactly the allowed KYC actions; a reject asks for a reason and shows the new status at once', async () => {
    const rejected = { ...detail(5, 'REJECTED', []), StatusReason: 'SSM certificate unreadable', Version: 3 };
    const { seen } = mount(['merchant:view', 'merchant:review'], '/merchant/5', { 5: detail(5, 'REVIEWING', ['VERIFY', 'REJECT']) }, (req) =>
      req.path === `${BASE}/Review` ? { body: rejected } : undefined,
    );
    const group = await screen.findByTestId('kyc-actions');
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Verify', 'Reject']);
    fireEvent.click(within(group).getByText('Reject'));
    const reason = await screen.findByTestId('kyc-reason');
    fireEvent.change(reason, { target: { value: 'SSM certificate unreadable' } });
    const dialog = reason.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(seen(`${BASE}/Review`)).toHaveLength(1));
    expect(seen(`${BASE}/Review`)[0]!.body).toEqual({ Id: 5, Version: 2, Action: 'REJECT', Reason: 'SSM certificate unreadable' });
    await waitFor(() => expect(within(drawer()).getAllByText('Rejected').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('kyc-actions')).toBeNull();
  }, SLOW);

  it('shows the server refusal of an uploaded document under the picker', async () => {
    const { postMultipart, notify } = mount(['merchant:view', 'merchant:update'], '/merchant/5', { 5: detail(5, 'PENDING', []) });
    fireEvent.click(await screen.findByTestId('section-documents'));
    const upload = await screen.findByTestId('profile-upload');
    const input = upload.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['not a pdf'], 'statement.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(upload.textContent).toContain('statement.pdf'));
    fireEvent.click(screen.getByTestId('profile-doc-upload'));
    await waitFor(() => expect(screen.getByTestId('profile-doc-error').textContent).toContain('the file is not a PDF, JPEG or PNG'));
    expect(postMultipart).toHaveBeenCalledTimes(1);
    const [name, sent] = postMultipart.mock.calls[0]!;
    expect(name).toBe('merchantProfileDocumentUpload');
    expect([...sent.keys()]).toEqual(['DocType', 'file']);
    expect(notify).not.toHaveBeenCalled();
    // The document on file is listed with its download.
    expect(within(screen.getByTestId('profile-documents')).getByText('ssm.pdf')).toBeTruthy();
  }, SLOW);

  it('edits a profile keeping its stored account number; a stale version shows the server message and Reload reads it again', async () => {
    let version = 2;
    const { seen } = mount(['merchant:view', 'merchant:update'], '/merchant/5', {}, (req) => {
      if (req.path === `${BASE}/5`) return { body: { ...detail(5, 'VERIFIED', []), Version: version, Name: version === 2 ? 'Kedai 5' : 'Kedai Lima' } };
      if (req.path === `${BASE}/Update`) {
        version = 3;
        return { status: 409, body: { ErrorCode: 'CF409', ErrorMessage: 'Version: the profile was changed by someone else (now version 3); reload it and try again' } };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('profile-edit'));
    await screen.findByTestId('profile-form');
    expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('Kedai 5');
    // The stored number is not in the form: its mask is the placeholder, kept unless retyped.
    const number = screen.getByTestId('account-0-no') as HTMLInputElement;
    expect(number.value).toBe('');
    expect(number.placeholder).toBe('••••7890');
    expect(within(screen.getByTestId('account-0')).getByText('••••7890 is kept unless you type a new number')).toBeTruthy();

    type('profile-name', 'Kedai 5 Baru');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(seen(`${BASE}/Update`)).toHaveLength(1));
    expect(seen(`${BASE}/Update`)[0]!.body).toMatchObject({ Id: 5, Version: 2, Name: 'Kedai 5 Baru', BankAccounts: [{ Id: 2, AccountNo: '••••7890', IsPrimary: true }] });
    const stale = await within(form()).findByRole('alert');
    expect(stale.textContent).toContain('Someone else changed this record');
    expect(stale.textContent).toContain('Version: the profile was changed by someone else (now version 3)');
    fireEvent.click(within(stale).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('Kedai Lima'));
    expect(within(form()).queryByRole('alert')).toBeNull();
  }, SLOW);

  it('moves a merchant HQ to another agent after a confirmation (merchant:move only)', async () => {
    const moved = { ...detail(5, 'VERIFIED', []), Parent: { Id: 31, Name: 'Agent Bala', Level: 'AGENT' as const }, Version: 3 };
    const { seen } = mount(['merchant:view', 'merchant:move'], '/merchant/5', { 5: detail(5, 'VERIFIED', []) }, (req) => {
      if (req.path === '/api/portal/Organization/GetSelection') return { body: [{ Id: 30, Name: 'Agent Ali', Level: 'AGENT' }, { Id: 31, Name: 'Agent Bala', Level: 'AGENT' }] };
      return req.path === `${BASE}/Move` ? { body: moved } : undefined;
    });
    fireEvent.click(await screen.findByTestId('profile-move'));
    const dialog = (await screen.findByText('Move Kedai 5 to another agent')).closest('.ant-modal') as HTMLElement;
    expect(dialog.textContent).toContain('Now under Agent Ali');
    await choose(dialog, 'New agent', 'Agent Ali');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to another agent' }));
    await waitFor(() => expect(dialog.textContent).toContain('Choose an agent other than the current one'));
    await choose(dialog, 'New agent', 'Agent Bala');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to another agent' }));
    const confirm = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-confirm')).find((m) => m.textContent?.includes('Move Kedai 5 under Agent Bala?'));
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(seen('/api/portal/Merchant/Profile/Move')).toHaveLength(1));
    expect(seen('/api/portal/Merchant/Profile/Move')[0]!.body).toEqual({ Id: 5, AgentId: 31, Version: 2 });
    await waitFor(() => expect(within(drawer()).getByTestId('profile-company').textContent).toContain('Agent Bala'));
  }, SLOW);

  it('offers no move without merchant:move', async () => {
    mount(['merchant:view', 'merchant:update'], '/merchant/5', { 5: detail(5, 'VERIFIED', []) });
    await screen.findByTestId('profile-edit');
    expect(screen.queryByTestId('profile-move')).toBeNull();
  }, SLOW);
});
