/**
 * Two-factor enrolment: a session whose profile says MfaSetupRequired is kept
 * on /mfa-setup whatever it opens; the page shows the QR code and the key for manual entry,
 * takes the first 6-digit code (Mfa/Confirm), then shows the ten recovery codes once, and goes on
 * only after "I have saved my recovery codes", with the profile asked again. A wrong code keeps
 * the same key for another try. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, createMemoryRouter } from 'react-router';
import { RequireSession } from '../src/app/guards.tsx';
import MfaSetupPage, { groupedSecret, recoveryFileText } from '../src/features/auth/pages/mfa-setup-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { installFakeClient } from './support/fake-client.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const START = '/api/portal/auth/Mfa/Start';
const CONFIRM = '/api/portal/auth/Mfa/Confirm';
const PROFILE = '/api/portal/auth/GetProfile';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `AB${i}C-D${i}EF`);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

const profile = (over: Partial<Profile>): Profile =>
  ({
    UserId: 1, Email: 'admin@paydesk.my', NickName: 'Admin', CompanyList: [], Permissions: ['dashboard:view'], IdleTimeoutMinutes: 15, MfaEnabled: false, MfaSetupRequired: true,
    Current: { MembershipId: 1, CompanyId: null, CompanyName: '', GroupId: 1, GroupName: 'Super admins', GroupType: 'SUPERADMIN' },
    ...over,
  }) as Profile;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function mount(url: string, handle: (req: SeenRequest) => Answer | undefined = () => undefined, signedIn: Profile = profile({})) {
  const server = fakeServer((req) => {
    const answered = handle(req);
    if (answered) return answered;
    if (req.path === START) return { body: { Secret: SECRET, OtpAuthUri: `otpauth://totp/Paydesk:admin?secret=${SECRET}`, QrDataUrl: QR } };
    if (req.path === CONFIRM) return { body: { RecoveryCodes: CODES } };
    if (req.path === PROFILE) return { body: profile({ MfaEnabled: true, MfaSetupRequired: false }) };
    return { body: [] };
  });
  const notify = installFakeClient(server);
  const store = createStore();
  store.dispatch(profileLoaded(signedIn));
  const router = createMemoryRouter(
    [
      {
        element: <RequireSession />,
        children: [
          {
            path: '/',
            element: <Outlet />,
            children: [
              { index: true, element: <p>Dashboard</p> },
              { path: 'user-management', element: <p>Users</p> },
              { path: 'mfa-setup', element: <MfaSetupPage /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  renderApp(store, router);
  return { server, router, store, notify, calls: (path: string) => server.seen.filter((r) => r.path === path) };
}

const SLOW = 60_000;

describe('two-factor enrolment', () => {
  it('keeps a session that must enrol on /mfa-setup, then enrols with the first code and shows the recovery codes once', async () => {
    const { router, store, calls } = mount('/user-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mfa-setup'));
    expect(await screen.findByText('Your user group requires two-factor authentication. Set it up to continue.')).toBeTruthy();
    const qr = await screen.findByTestId('mfa-qr');
    expect(qr.getAttribute('src')).toBe(QR);
    expect(qr.getAttribute('alt')).toBe('QR code for your authenticator app');
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // Start is asked once per visit.
    expect(calls(START)).toHaveLength(1);

    const code = screen.getByTestId('mfa-code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(code, { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(calls(CONFIRM)).toEqual([]);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('mfa-recovery-codes');
    expect(calls(CONFIRM).map((r) => r.body)).toEqual([{ Code: '123456' }]);
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);

    const go = screen.getByRole('button', { name: 'Continue' });
    expect(go.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    await waitFor(() => expect(go.hasAttribute('disabled')).toBe(false));
    fireEvent.click(go);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.profile?.MfaSetupRequired).toBe(false);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  }, SLOW);

  it('keeps the key after a wrong code, and starts again on request', async () => {
    const { calls, notify } = mount('/mfa-setup', (req) => (req.path === CONFIRM ? { status: 400, plain: true, body: { ErrorCode: 'VAL400', ErrorMessage: 'The code is not valid' } } : undefined));
    const code = await screen.findByTestId('mfa-code');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(['The code is not valid']));
    expect(screen.getByTestId('mfa-secret')).toBeTruthy();
    expect(calls(START)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Start again/ }));
    await waitFor(() => expect(calls(START)).toHaveLength(2));
    expect(await screen.findByTestId('mfa-secret')).toBeTruthy();
  }, SLOW);

  it('tells an enrolled user how to move to another authenticator, and starts nothing (the server refuses a second enrolment)', async () => {
    const { calls, router } = mount('/mfa-setup', undefined, profile({ MfaEnabled: true, MfaSetupRequired: false }));
    expect((await screen.findByTestId('mfa-enabled')).textContent).toContain('ask an administrator to reset it');
    expect(router.state.location.pathname).toBe('/mfa-setup');
    expect(screen.queryByTestId('mfa-qr')).toBeNull();
    expect(calls(START)).toEqual([]);
  }, SLOW);

  it('groups the key by four and writes the recovery file one code a line', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupedSecret(' AB CD ')).toBe('ABCD');
    expect(recoveryFileText('Codes', ['A', 'B'])).toBe('Codes\n\nA\nB\n');
  });
});
