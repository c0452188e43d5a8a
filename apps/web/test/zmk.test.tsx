/**
 * /zmk-config: the list shows each key's status, components entered of N and
 * KCV; "New key" shows only to holders of zmk:create; a row opens the key, whose "Enter component"
 * dialog masks the component like a password, refuses a component of the wrong length for the
 * key's scheme (no request sent) and sends the component and KCV normalised, then shows the
 * activated key's KCV; "Cancel ceremony" (the Zmk workflow's command on the engine's toolbar) asks
 * a reason, then the prompt, sends them and shows the key the server answers, and shows only where
 * the caller holds zmk:cancel and the server lists CANCEL; an empty list and a failed list say so.
 * The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import ZmkPage from '../src/features/zmk/pages/zmk-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const ROW = {
  Id: 7, Name: 'MBB ZPK exchange 2026', Purpose: 'ZPK_EXCHANGE', AcquirerId: 1, AcquirerName: 'Maybank (Malayan Banking Berhad)', Scheme: 'TDES_2KEY', Status: 'AWAITING_COMPONENTS',
  ComponentCount: 2, ComponentsEntered: 1, Kcv: null, OddParity: null, CreatedBy: 'admin@paydesk.my', CreatedAt: '2026-11-20T02:00:00.000Z', ActivatedAt: null, ClosedBy: null, ClosedAt: null,
};
const KEY = {
  ...ROW,
  Components: [
    { Seq: 1, Entered: true, EnteredBy: 'c1@paydesk.my', EnteredAt: '2026-11-20T03:00:00.000Z', Kcv: 'A1B2C3' },
    { Seq: 2, Entered: false, EnteredBy: null, EnteredAt: null, Kcv: null },
  ],
  History: [{ Event: 'CREATED', Seq: null, Kcv: null, Reason: null, By: 'admin@paydesk.my', At: '2026-11-20T02:00:00.000Z' }],
  AllowedActions: ['COMPONENT2', 'CANCEL'],
};
const COMPONENT = 'FEDCBA9876543210 0123456789ABCDEF';

function mount(permissions: string[], search: (req: SeenRequest) => Answer = () => ({ body: { Items: [ROW], TotalRecords: 1, PageIndex: 1, RowsPerPage: 20 } }), key: typeof KEY = KEY) {
  const server = fakeServer((req: SeenRequest) => {
    if (req.path === '/api/portal/Zmk/Search') return search(req);
    if (req.path === '/api/portal/Zmk/7') return { body: key };
    if (req.path === '/api/portal/Zmk/Component2') {
      return { body: { ...KEY, Status: 'ACTIVE', ComponentsEntered: 2, Kcv: '08D7B4', OddParity: true, AllowedActions: ['RETIRE'], Components: KEY.Components.map((c) => ({ ...c, Entered: true, Kcv: c.Kcv ?? 'D4E5F6' })) } };
    }
    if (req.path === '/api/portal/Zmk/Cancel') {
      const reason = (req.body as { Reason: string }).Reason;
      return { body: { ...KEY, Status: 'CANCELLED', AllowedActions: [], History: [...KEY.History, { Event: 'CANCELLED', Seq: null, Kcv: null, Reason: reason, By: 'admin@paydesk.my', At: '2026-11-20T04:00:00.000Z' }] } };
    }
    return { body: [] };
  });
  const notify = vi.fn();
  const client = createApiClient({ baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {}, notify, download: () => {}, fetch: server.fetch });
  setApiClient(client);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  const router = createMemoryRouter([{ path: '/zmk-config', element: <ZmkPage /> }], { initialEntries: ['/zmk-config'] });
  renderApp(store, router);
  return { server, notify };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = 60_000;
const modalButton = (text: string) => Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).find((b) => b.textContent === text);

describe('/zmk-config', () => {
  it(
    'lists keys with status, components entered and a focusable table region; New key only with zmk:create',
    async () => {
      mount(['zmk:view', 'zmk:custodian2']);
      expect(await screen.findByText(ROW.Name)).toBeTruthy();
      expect(screen.getByText('Awaiting components')).toBeTruthy();
      expect(screen.getByText('1 of 2')).toBeTruthy();
      expect(screen.queryByText('New key')).toBeNull();
      const region = document.querySelector('.ant-table-content, .ant-table-body');
      await waitFor(() => expect(region?.getAttribute('role')).toBe('region'));
      expect(region?.getAttribute('tabindex')).toBe('0');
      cleanup();
      mount(['zmk:view', 'zmk:create']);
      expect(await screen.findByText('New key')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'enters a component masked, refusing a wrong length before any request, and shows the activated key\'s KCV',
    async () => {
      // zmk:retire: the activated key's Retire shows (the server lists it and the permission is held).
      const { server } = mount(['zmk:view', 'zmk:custodian2', 'zmk:retire']);
      fireEvent.click(await screen.findByText(ROW.Name));
      expect(await screen.findByText('Entered by c1@paydesk.my, 20-11-2026 11:00:00 · KCV A1B2C3')).toBeTruthy();
      fireEvent.click(await screen.findByText('Enter component 2'));
      const input = (await screen.findByTestId('zmk-component')) as HTMLInputElement;
      expect(input.type).toBe('password');
      fireEvent.change(input, { target: { value: 'FEDCBA98' } });
      fireEvent.change(screen.getByTestId('zmk-kcv'), { target: { value: 'zz' } });
      fireEvent.click(modalButton('Enter component 2')!);
      await screen.findByText('Enter 32 hexadecimal digits (0-9, A-F) for this key: 8 typed');
      await screen.findByText('Enter the 6 hexadecimal digits of the check value');
      expect(server.seen.some((r) => r.path.endsWith('/Component2'))).toBe(false);

      fireEvent.change(input, { target: { value: COMPONENT.toLowerCase() } });
      fireEvent.change(screen.getByTestId('zmk-kcv'), { target: { value: 'd4e5f6' } });
      fireEvent.click(modalButton('Enter component 2')!);
      await waitFor(() => expect(server.seen.find((r) => r.path.endsWith('/Component2'))?.body).toEqual({ Id: 7, Component: 'FEDCBA98765432100123456789ABCDEF', Kcv: 'D4E5F6' }));
      expect(await screen.findByTestId('zmk-key-kcv')).toHaveProperty('textContent', '08D7B4');
      expect(await screen.findByText('Retire key')).toBeTruthy();
      // The component is nowhere on the page once entered.
      expect(document.body.innerHTML.toUpperCase()).not.toContain('FEDCBA9876543210');
    },
    SLOW,
  );

  it(
    'cancels a ceremony with a reason after the prompt and shows the key answered; no Cancel without zmk:cancel or the server\'s CANCEL',
    async () => {
      const { server } = mount(['zmk:view', 'zmk:cancel']);
      fireEvent.click(await screen.findByText(ROW.Name));
      const toolbar = await screen.findByRole('toolbar', { name: 'Key actions' });
      // The component entry (the server's COMPONENT2) stays the drawer's own button, after the commands.
      expect(Array.from(toolbar.querySelectorAll('button')).map((b) => b.textContent)).toEqual(['Cancel ceremony', 'Enter component 2']);
      fireEvent.click(Array.from(toolbar.querySelectorAll('button')).find((b) => b.textContent === 'Cancel ceremony')!);
      fireEvent.change(await screen.findByTestId('zmk-reason'), { target: { value: ' Custodian left ' } });
      fireEvent.click(modalButton('Cancel ceremony')!);
      expect((await screen.findAllByText(`Cancel the ceremony of ${ROW.Name}?`)).length).toBeGreaterThan(0);
      expect(screen.getByText('The components entered are wiped and the key can no longer be completed.')).toBeTruthy();
      expect(server.seen.some((r) => r.path.endsWith('/Zmk/Cancel'))).toBe(false);
      fireEvent.click(Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')).find((b) => b.textContent === 'Yes')!);
      await waitFor(() => expect(server.seen.find((r) => r.path.endsWith('/Zmk/Cancel'))?.body).toEqual({ Id: 7, Reason: 'Custodian left' }));
      expect(await screen.findByText('Ceremony cancelled')).toBeTruthy();
      expect(await screen.findByText('Ceremony cancelled: Custodian left')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Key actions' })).toBeNull());

      // The server lists CANCEL but the caller does not hold zmk:cancel; then holds it but the server does not list it.
      for (const [permissions, allowed] of [[['zmk:view'], ['COMPONENT2', 'CANCEL']], [['zmk:view', 'zmk:cancel'], ['COMPONENT2']]]) {
        cleanup();
        mount(permissions!, undefined, { ...KEY, AllowedActions: allowed! });
        fireEvent.click(await screen.findByText(ROW.Name));
        expect(await screen.findByText('Enter component 2')).toBeTruthy();
        expect(screen.queryByText('Cancel ceremony')).toBeNull();
      }
    },
    SLOW,
  );

  it(
    'says when there is no key yet, and offers Retry when the list cannot be loaded',
    async () => {
      mount(['zmk:view'], () => ({ body: { Items: [], TotalRecords: 0, PageIndex: 1, RowsPerPage: 20 } }));
      expect(await screen.findByText('No zone master key yet')).toBeTruthy();
      cleanup();
      const { notify } = mount(['zmk:view'], () => ({ status: 500, plain: true, body: { ErrorCode: 'SRV500', ErrorMessage: 'Unexpected error' } }));
      expect(await screen.findByText('The data could not be loaded.')).toBeTruthy();
      expect(screen.getByText('Retry')).toBeTruthy();
      expect(notify).toHaveBeenCalled();
    },
    SLOW,
  );
});
