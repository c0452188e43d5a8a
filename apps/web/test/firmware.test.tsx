/**
 * /terminal-firmware-management: the files list shows each image's status and models,
 * "Upload firmware" only to holders of terminalfirmware:upload; the upload drawer computes the
 * file's SHA-256 on the device (checked here against node's crypto) and sends it as Sha256 with
 * Version and Models, and stops before sending when the vendor checksum typed differs; the
 * rollouts tab shows progress, and a rollout's drawer shows its counts per state and pauses it
 * after a confirmation; empty and failed lists say so. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import FirmwarePage from '../src/features/firmware/pages/firmware-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const FW = {
  Id: 3, Version: '2.14.0', FileName: 'a920-2.14.0.pkg', SizeBytes: 5_120_000, Sha256: 'ab'.repeat(32), Models: ['PAX A920', 'PAX A920 Pro'], ReleaseNotes: 'DuitNow QR', Status: 'ACTIVE',
  UploadedBy: 'admin@paydesk.my', UploadedAt: '2026-11-20T02:00:00.000Z', RetiredBy: null, RetiredAt: null, RetireReason: null, ActiveRollouts: 1,
};
const COUNTS = { WAITING: 6, OFFERED: 2, INSTALLED: 2, NOT_REPORTED: 0, CANCELLED: 0 };
const ROLLOUT = {
  Id: 9, Name: 'A920 canary', FirmwareId: 3, FirmwareVersion: '2.14.0', Status: 'RUNNING', Stages: [20, 60, 100], CurrentStage: 2, StageWaitMinutes: 60, FinalWaitHours: 72,
  StageStartedAt: '2026-11-20T03:00:00.000Z', Total: 10, Counts: COUNTS, PercentInstalled: 20, CreatedBy: 'admin@paydesk.my', CreatedAt: '2026-11-20T02:30:00.000Z', FinishedAt: null,
};
const DETAIL = {
  ...ROLLOUT, Models: ['PAX A920'], MerchantId: null,
  StageProgress: [
    { Stage: 1, Percent: 20, Targets: 2, Offered: 0, Installed: 2, StartedAt: '2026-11-20T02:30:00.000Z' },
    { Stage: 2, Percent: 60, Targets: 4, Offered: 2, Installed: 0, StartedAt: '2026-11-20T03:00:00.000Z' },
    { Stage: 3, Percent: 100, Targets: 4, Offered: 0, Installed: 0, StartedAt: null },
  ],
  History: [{ Event: 'CREATED', Stage: null, Reason: null, By: 'admin@paydesk.my', At: '2026-11-20T02:30:00.000Z' }],
  AllowedActions: ['PAUSE', 'CANCEL'],
};
const page = (items: unknown[]) => ({ body: { Items: items, TotalRecords: items.length, PageIndex: 1, RowsPerPage: 20 } });

function mount(permissions: string[], files: (req: SeenRequest) => Answer = () => page([FW])) {
  const server = fakeServer((req: SeenRequest) => {
    if (req.path === '/api/portal/Firmware/Search') return files(req);
    if (req.path === '/api/portal/Firmware/3') return { body: { ...FW, AllowedActions: ['DOWNLOAD', 'ROLLOUT'] } };
    if (req.path === '/api/portal/FirmwareRollout/Search') return page([ROLLOUT]);
    if (req.path === '/api/portal/FirmwareRollout/9') return { body: DETAIL };
    if (req.path === '/api/portal/FirmwareRollout/Targets') return page([{ Tid: '60000001', Model: 'PAX A920', MerchantName: 'Kedai Satu', Stage: 1, State: 'INSTALLED', ReportedVersion: '2.14.0', OfferedAt: null, InstalledAt: null }]);
    if (req.path === '/api/portal/FirmwareRollout/Pause') return { body: { ...DETAIL, Status: 'PAUSED', AllowedActions: ['RESUME', 'CANCEL'] } };
    if (req.path === '/api/portal/terminal/GetTerminalModel') return { body: { Models: ['PAX A920', 'PAX A920 Pro', 'Castles Vega3000'] } };
    return { body: [] };
  });
  const notify = vi.fn();
  const client = createApiClient({ baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {}, notify, download: () => {}, fetch: server.fetch });
  const postMultipart = vi.fn(async () => ({ ...FW, Id: 4, Version: '2.15.0', AllowedActions: [] }));
  setApiClient({ ...client, postMultipart } as unknown as ApiClient);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  const router = createMemoryRouter([{ path: '/terminal-firmware-management', element: <FirmwarePage /> }], { initialEntries: ['/terminal-firmware-management'] });
  renderApp(store, router);
  return { server, notify, postMultipart };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = 60_000;
const button = (text: string, within: ParentNode = document) => Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find((b) => b.textContent === text);

/** Fills the upload drawer: version, one model, the file. */
async function fillUpload(bytes: Uint8Array) {
  fireEvent.click(await screen.findByText('Upload firmware'));
  const drawer = (await screen.findByText('Upload a firmware image')).closest('.ant-drawer') as HTMLElement;
  fireEvent.change(drawer.querySelector('#Version')!, { target: { value: '2.15.0' } });
  fireEvent.mouseDown(drawer.querySelector('#Models')!);
  fireEvent.click(await screen.findByTitle('PAX A920 Pro'));
  fireEvent.change(screen.getByTestId('fw-file'), { target: { files: [new File([bytes as BlobPart], 'a920-2.15.0.pkg')] } });
  return drawer;
}

describe('/terminal-firmware-management', () => {
  it(
    'lists images with status and models; Upload firmware only with terminalfirmware:upload',
    async () => {
      mount(['terminalfirmware:view']);
      expect(await screen.findByText('2.14.0')).toBeTruthy();
      expect(screen.getByText('Active')).toBeTruthy();
      expect(screen.queryByText('Upload firmware')).toBeNull();
      cleanup();
      mount(['terminalfirmware:view', 'terminalfirmware:upload']);
      expect(await screen.findByText('Upload firmware')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'sends the SHA-256 computed on the device with the version and models, and stops on a vendor checksum that differs',
    async () => {
      const bytes = new TextEncoder().encode('firmware image bytes '.repeat(500));
      const expected = createHash('sha256').update(bytes).digest('hex');
      const { postMultipart } = mount(['terminalfirmware:view', 'terminalfirmware:upload']);
      const drawer = await fillUpload(bytes);
      fireEvent.change(drawer.querySelector('#Sha256')!, { target: { value: 'cd'.repeat(32) } });
      fireEvent.click(screen.getByTestId('fw-upload-submit'));
      expect(await screen.findByTestId('fw-mismatch')).toBeTruthy();
      expect(screen.getByText(`SHA-256 on this device: ${expected}`)).toBeTruthy();
      expect(postMultipart).not.toHaveBeenCalled();

      fireEvent.change(drawer.querySelector('#Sha256')!, { target: { value: expected.toUpperCase() } });
      fireEvent.click(screen.getByTestId('fw-upload-submit'));
      await waitFor(() => expect(postMultipart).toHaveBeenCalledTimes(1));
      const [name, form] = postMultipart.mock.calls[0] as unknown as [string, FormData];
      expect(name).toBe('firmwareUpload');
      expect([form.get('Version'), form.get('Models'), form.get('Sha256')]).toEqual(['2.15.0', 'PAX A920 Pro', expected]);
      expect((form.get('file') as File).name).toBe('a920-2.15.0.pkg');
      expect(await screen.findByText('Firmware 2.15.0 uploaded: SHA-256 verified')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows a rollout's progress and counts, and pauses it after a confirmation",
    async () => {
      const { server } = mount(['terminalfirmware:view', 'terminalfirmware:rollout', 'terminalfirmware:cancel']);
      fireEvent.click(await screen.findByText('Rollouts'));
      fireEvent.click(await screen.findByText('A920 canary'));
      const counts = await screen.findByTestId('fw-rollout-counts');
      expect(counts.textContent).toContain('Installed: 2');
      expect(counts.textContent).toContain('Offered: 2');
      expect(await screen.findByText('Stage 3 · up to 100 %')).toBeTruthy();
      expect(await screen.findByText('60000001')).toBeTruthy();
      fireEvent.click(button('Pause')!);
      expect((await screen.findAllByText('Pause A920 canary?')).length).toBeGreaterThan(0);
      fireEvent.click(button('Yes', document.querySelector('.ant-modal-confirm') ?? document)!);
      await waitFor(() => expect(server.seen.find((r) => r.path.endsWith('/FirmwareRollout/Pause'))?.body).toEqual({ Id: 9, Reason: '' }));
      expect(await screen.findByText('Rollout paused')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says when there is no firmware yet, and offers Retry when the list cannot be loaded',
    async () => {
      mount(['terminalfirmware:view'], () => page([]));
      expect(await screen.findByText('No firmware uploaded yet')).toBeTruthy();
      cleanup();
      const { notify } = mount(['terminalfirmware:view'], () => ({ status: 500, plain: true, body: { ErrorCode: 'SRV500', ErrorMessage: 'Unexpected error' } }));
      expect(await screen.findByText('The data could not be loaded.')).toBeTruthy();
      expect(screen.getByText('Retry')).toBeTruthy();
      expect(notify).toHaveBeenCalled();
    },
    SLOW,
  );
});
