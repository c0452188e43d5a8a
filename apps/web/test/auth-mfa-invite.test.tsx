/**
 * The public side of two-factor sign-in and invitations, drawn without antd:
 *  - /auth with two-factor: a right password answered MFA401 brings a 6-digit code field
 *    (one-time-code autofill, numeric keyboard) and the form sends email, password and code; a
 *    link switches to a recovery code; a wrong code is the server's message at the form;
 *  - /auth/invite?token=…: the token is checked, the e-mail and the live password policy shown,
 *    the two entries compared, and the server's multi-line Password message (§8) shown as a list;
 *    once set, the user is at /auth, which says so; an unusable link says why.
 * The API answers come from test/fake-server.ts (the real secure channel).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { RedirectIfSignedIn, publicPageFrom } from '../src/app/guards.tsx';
import { passwordRuleErrors } from '../src/features/auth/password-rules.ts';
import InvitePage from '../src/features/auth/pages/invite-page.tsx';
import SignInPage, { secondFactorError } from '../src/features/auth/pages/sign-in-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const LOGIN = '/api/portal/auth/Login';
const CHECK = '/api/portal/auth/Token/Check';
const SET_PASSWORD = '/api/portal/auth/Token/SetPassword';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function mount(initial: string, handle: (req: SeenRequest) => Answer | Promise<Answer>) {
  const server = fakeServer(handle);
  const notify = vi.fn<(messages: string[]) => void>();
  setApiClient(
    createApiClient({
      baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => null, onTokenRenewed: () => {}, onSessionEnd: () => {},
      notify, download: () => {}, fetch: server.fetch,
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/auth',
        element: (
          <RedirectIfSignedIn>
            <SignInPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: '/auth/invite', element: <InvitePage /> },
    ],
    { initialEntries: [initial] },
  );
  renderApp(createStore(), router);
  return { server, notify, router };
}

const refuse = (code: string, message: string, status = 401): Answer => ({ status, plain: true, body: { ErrorCode: code, ErrorMessage: message } });
/** The texts of the elements a field's aria-describedby names. */
const described = (label: string): string[] =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('sign-in with two-factor authentication', () => {
  async function signInTo(server: ReturnType<typeof mount>['server']) {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ops@paydesk.my' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.seen.filter((r) => r.path === LOGIN)).toHaveLength(1));
  }

  it('asks for the 6-digit code after MFA401 and sends it with the email and password', async () => {
    const { server, notify } = mount('/auth', (req) => {
      if (req.path !== LOGIN) return { status: 404, body: { ErrorCode: 'NF404' } };
      const body = req.body as { OtpCode?: string };
      if (!body.OtpCode) return refuse('MFA401', 'enter the 6-digit code from your authenticator app');
      return refuse('AUTH401', 'The code is not valid');
    });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await signInTo(server);

    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('maxlength')).toBe('6');
    // The second step is a field with its help, not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(described('Authentication code')).toEqual(['Enter the 6-digit code from your authenticator app.']);
    await waitFor(() => expect(document.activeElement).toBe(code));

    // Only six digits are sent: letters are dropped as typed, fewer digits are refused at the field.
    fireEvent.change(code, { target: { value: '12a34' } });
    expect((code as HTMLInputElement).value).toBe('1234');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(described('Authentication code')).toContain('Enter the 6-digit code'));
    expect(server.seen.filter((r) => r.path === LOGIN)).toHaveLength(1);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The code is not valid'));
    const logins = server.seen.filter((r) => r.path === LOGIN);
    expect(logins).toHaveLength(2);
    expect(logins[1]!.body).toEqual({ Email: 'ops@paydesk.my', Password: 'Secret#2026', OtpCode: '123456' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('offers a recovery code instead, sent as RecoveryCode', async () => {
    const { server } = mount('/auth', (req) => {
      const body = req.body as { RecoveryCode?: string };
      if (req.path === LOGIN && !body.RecoveryCode) return refuse('MFA401', 'enter the 6-digit code from your authenticator app');
      return refuse('AUTH401', 'The recovery code is not valid');
    });
    await signInTo(server);
    await screen.findByLabelText('Authentication code');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = await screen.findByLabelText('Recovery code');
    expect(recovery.getAttribute('autocomplete')).toBe('off');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    fireEvent.change(recovery, { target: { value: ' ab12-cd34 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The recovery code is not valid'));
    expect(server.seen.filter((r) => r.path === LOGIN)[1]!.body).toEqual({ Email: 'ops@paydesk.my', Password: 'Secret#2026', RecoveryCode: 'ab12-cd34' });
    fireEvent.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
  });

  it('accepts exactly six digits as a code, and any non-blank recovery code', () => {
    const t = (k: string) => k;
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        expect(secondFactorError('otp', value, t) === undefined).toBe(/^\d{6}$/.test(value));
        expect(secondFactorError('recovery', value, t) === undefined).toBe(value.trim() !== '');
        expect(secondFactorError('none', value, t)).toBeUndefined();
      }),
    );
  });
});

describe('/auth/invite: set a password from an e-mailed link', () => {
  const INFO = { Email: 'new.user@paydesk.my', NickName: 'Aminah', Purpose: 'INVITE', MinLength: 10, MaxLength: 128, RequireSymbol: true };
  /** Tokens as the server makes them: 43 base64url characters. */
  const TOKEN = 'a'.repeat(40) + 'b-_';
  const OTHER_TOKEN = 'c'.repeat(43);
  const POLICY_MESSAGE = 'Password does not meet the policy:\n\nPassword must have at least 12 characters\nPassword must not be one of your last 5 passwords';

  it("checks the token, shows the policy, and shows the server's multi-line Password message as a list", async () => {
    const { server, notify } = mount(`/auth/invite?token=${TOKEN}`, (req) => {
      if (req.path === CHECK) return { body: INFO };
      if (req.path === SET_PASSWORD) return refuse('VAL400', POLICY_MESSAGE, 400);
      return { status: 404, body: { ErrorCode: 'NF404' } };
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Aminah' })).toBeTruthy();
    expect(screen.getByText('Choose a password for new.user@paydesk.my.')).toBeTruthy();
    expect(server.seen.find((r) => r.path === CHECK)!.body).toEqual({ Token: TOKEN });
    expect(described('New password').join(' ')).toContain('from 10 to 128 characters');
    expect(described('New password').join(' ')).toContain('at least one symbol');

    // Checked before sending: the policy's first broken rule, then the two entries must agree.
    const password = screen.getByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    fireEvent.change(password, { target: { value: 'short1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(described('New password')).toContain('Use at least 10 characters'));
    fireEvent.change(password, { target: { value: 'longenough12' } });
    await waitFor(() => expect(described('New password')).toContain('Add at least one symbol'));
    fireEvent.change(password, { target: { value: 'Long#enough12' } });
    fireEvent.change(again, { target: { value: 'Long#enough13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(described('New password again')).toEqual(['The two passwords differ']));
    expect(server.seen.filter((r) => r.path === SET_PASSWORD)).toEqual([]);

    fireEvent.change(again, { target: { value: 'Long#enough12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await screen.findByRole('alert');
    const items = within(alert).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Password does not meet the policy:', 'Password must have at least 12 characters', 'Password must not be one of your last 5 passwords']);
    expect(server.seen.find((r) => r.path === SET_PASSWORD)!.body).toEqual({ Token: TOKEN, Password: 'Long#enough12' });
    // The page shows the message itself: no toast as well.
    expect(notify).not.toHaveBeenCalled();
  });

  it('goes to /auth once the password is set, which says so; the RESET purpose has its own title', async () => {
    const { router } = mount(`/auth/invite?token=${OTHER_TOKEN}`, (req) => {
      if (req.path === CHECK) return { body: { ...INFO, Purpose: 'RESET', RequireSymbol: false } };
      if (req.path === SET_PASSWORD) return { body: { Success: true } };
      return { status: 404, body: { ErrorCode: 'NF404' } };
    });
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(described('New password').join(' ')).not.toContain('symbol');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'plainpass123' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'plainpass123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeTruthy();
  });

  it("says why a link cannot be used: the server's message, or a missing token without asking", async () => {
    const { server } = mount(`/auth/invite?token=${OTHER_TOKEN}`, (req) => (req.path === CHECK ? refuse('TOK410', 'This link is invalid or has expired', 410) : { status: 404, body: {} }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This link is invalid or has expired'));
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/auth');
    expect(server.seen.filter((r) => r.path === CHECK)).toHaveLength(1);
    cleanup();
    const second = mount('/auth/invite', () => ({ status: 500, body: {} }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This link is incomplete'));
    expect(second.server.seen.filter((r) => r.path === CHECK)).toEqual([]);
  });

  it("opens the link's page when the server sent a page request without a session to /auth?from=…", async () => {
    const { router, server } = mount(`/auth?from=${encodeURIComponent(`/auth/invite?token=${TOKEN}`)}`, (req) => (req.path === CHECK ? { body: INFO } : { status: 404, body: {} }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Aminah' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/auth/invite?token=${TOKEN}`);
    expect(server.seen.find((r) => r.path === CHECK)!.body).toEqual({ Token: TOKEN });
    // Only the invite page: any other `from` is for after sign-in, and never another origin.
    expect(publicPageFrom('/auth/invite')).toBe('/auth/invite');
    for (const other of [null, '', '/', '/user-management', '//evil.example/auth/invite?token=x', '/auth/invitex', '/auth/invite/../x', 'https://evil.example/auth/invite?token=x', '/auth/invite#x'])
      expect(publicPageFrom(other), String(other)).toBeNull();
  });

  it('checks passwords by the rules the server applies, in its order', () => {
    const policy = { minLength: 8, maxLength: 128, requireSymbol: true };
    expect(passwordRuleErrors('abc', policy)).toEqual(['length', 'lettersDigits', 'symbol']);
    expect(passwordRuleErrors('abcdefg1', policy)).toEqual(['symbol']);
    expect(passwordRuleErrors('abcdefg1', { ...policy, requireSymbol: false })).toEqual([]);
    expect(passwordRuleErrors('abcdef1!', policy)).toEqual([]);
    // Length counts characters, not UTF-16 units: seven letters and an emoji are eight.
    expect(passwordRuleErrors('abcdef1😀', policy)).toEqual([]);
    expect(passwordRuleErrors(`${'a1!'.repeat(43)}`, policy)).toEqual(['length']);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 30 }), fc.boolean(), (value, minLength, requireSymbol) => {
        const broken = passwordRuleErrors(value, { minLength, maxLength: 30, requireSymbol });
        const length = [...value].length;
        expect(broken.includes('length')).toBe(length < minLength || length > 30);
        expect(broken.includes('lettersDigits')).toBe(!/\p{L}/u.test(value) || !/\p{Nd}/u.test(value));
        expect(broken.includes('symbol')).toBe(requireSymbol && !/[^\p{L}\p{Nd}]/u.test(value));
      }),
    );
  });
});
