/**
 * /merchant-bulk-upload: "Download template" fetches the template file; a
 * chosen file is uploaded and its job followed — the progress line while rows are checked, then
 * either the FAILED result with every row error (row, column, message) and the error report, or
 * the DONE result with the count created and a link to the merchant list; the recent uploads list
 * opens an upload's result from its row. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import MerchantUploadPage from '../src/features/merchant-upload/pages/merchant-upload-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const SLOW = 60_000;
const upload = (status: string, extra: object = {}) => ({
  Id: 7, OrgId: 12, FileName: 'merchants.xlsx', Status: status, TotalRows: 4, DoneRows: 2, ErrorCount: 0, CreatedCount: 0, UploadedBy: 'agency@paydesk.my',
  CreatedAt: '2026-11-26T02:00:00.000Z', FinishedAt: null, Errors: [], CreatedIds: [], ...extra,
});

/** Mounts the page; GET MerchantUpload/7 answers `states` in turn (the last one from then on). */
function mount(states: object[]) {
  let gets = 0;
  const server = fakeServer((req) => {
    if (req.path === '/api/portal/MerchantUpload/Search') return { body: { Items: gets ? [upload('FAILED')] : [], TotalRecords: gets ? 1 : 0 } };
    if (req.path === '/api/portal/MerchantUpload/7') return { body: states[Math.min(gets++, states.length - 1)] };
    return { body: [] };
  });
  const client = createApiClient({
    baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
    notify: vi.fn(), download: () => {}, fetch: server.fetch,
  });
  // Multipart bodies and file answers do not cross jsdom into Node's fetch (client.test.ts covers the wire): both are stubbed.
  const postMultipart = vi.fn(async () => upload('QUEUED', { DoneRows: 0 }));
  const getFile = vi.fn(async () => 'merchant-upload-template.xlsx');
  setApiClient({ ...client, postMultipart, getFile } as unknown as ApiClient);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'AGENCY' }, Permissions: ['merchant:bulkupload', 'merchant:view'] } as unknown as Profile));
  const router = createMemoryRouter([{ path: '/merchant-bulk-upload', element: <MerchantUploadPage /> }, { path: '/merchant', element: <p>merchant list</p> }], { initialEntries: ['/merchant-bulk-upload'] });
  renderApp(store, router);
  return { postMultipart, getFile };
}

async function chooseAndUpload() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], 'merchants.xlsx')] } });
  await waitFor(() => expect(screen.getByTestId('mu-upload').hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByTestId('mu-upload'));
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('/merchant-bulk-upload', () => {
  it(
    'downloads the template, follows a failing upload and lists every row error',
    async () => {
      const errors = [
        { Row: 3, Field: 'PersonIdNo', Message: 'Enter an NRIC as YYMMDD-PB-###G with a real date and place of birth' },
        { Row: 5, Field: 'Agent', Message: 'choose an agent of your scope from the Lists sheet' },
      ];
      const { postMultipart, getFile } = mount([upload('VALIDATING'), upload('FAILED', { ErrorCount: 2, Errors: errors, FinishedAt: '2026-11-26T02:00:05.000Z' })]);
      expect(await screen.findByText('No upload yet')).toBeTruthy();
      fireEvent.click(screen.getByTestId('mu-template'));
      await waitFor(() => expect(getFile).toHaveBeenCalledWith('merchantUploadTemplate'));
      await chooseAndUpload();
      expect(await screen.findByText('Checking rows: 2 of 4')).toBeTruthy();
      expect(await screen.findByText('2 error(s): no merchant was created. Correct the file and upload it again.', undefined, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByText('PersonIdNo')).toBeTruthy();
      expect(screen.getByText('Agent')).toBeTruthy();
      expect(screen.getByText('Download error report')).toBeTruthy();
      const [name, form] = postMultipart.mock.calls[0] as unknown as [string, FormData];
      expect(name).toBe('merchantUploadSubmit');
      expect((form.get('file') as File).name).toBe('merchants.xlsx');
      // Another file: the chooser comes back, and the recent list now shows the upload, which opens from its row.
      fireEvent.click(screen.getByText('Upload another file'));
      const row = await screen.findByLabelText('Open upload #7');
      fireEvent.keyDown(row, { key: 'Enter' });
      expect(await screen.findByTestId('mu-failed')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'ends a clean upload with the merchants created and a way to the merchant list',
    async () => {
      mount([upload('APPLYING', { DoneRows: 1 }), upload('DONE', { DoneRows: 4, CreatedCount: 4, CreatedIds: [901, 902, 903, 904], FinishedAt: '2026-11-26T02:00:05.000Z' })]);
      await screen.findByText('No upload yet');
      await chooseAndUpload();
      expect(await screen.findByText('Creating merchants: 1 of 4')).toBeTruthy();
      expect(await screen.findByText('4 merchant(s) created, PENDING review', undefined, { timeout: 15_000 })).toBeTruthy();
      fireEvent.click(screen.getByText('Open the merchant list'));
      expect(await screen.findByText('merchant list')).toBeTruthy();
    },
    SLOW,
  );
});
