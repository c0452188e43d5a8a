/**
 * Password self-service on the screen:
 *  - /auth offers "Forgot password?", which opens /auth/forgot-password; the e-mail is checked
 *    before anything is sent; a sent request shows the neutral confirmation (whatever the server
 *    found) and a way back; too many attempts say so;
 *  - /change-password shows the live policy, checks the new password and its confirmation before
 *    sending, shows a wrong or an equal current password at its field, the policy's multi-line
 *    message (§8) as a list, and success as a note.
 * The API answers come from test/fake-server.ts (the real secure channel).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import ChangePasswordPage, { refusedField } from '../src/features/auth/pages/change-password-page.tsx';
import ForgotPasswordPage from '../src/features/auth/pages/forgot-password-page.tsx';
import SignInPage from '../src/features/auth/pages/sign-in-page.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const FORGOT = '/api/portal/auth/ForgotPassword';
const CHANGE = '/api/portal/auth/ChangePassword';
const POLICY = '/api/portal/auth/GetPasswordPolicy';
const SLOW = 60_000;
/** The submit button: jsdom runs no CSS motion, so the icon of its busy state may stay in its name once it was busy. */
const SUBMIT = /Change password$/;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function mount(initial: string, handle: (req: SeenRequest) => Answer | Promise<Answer>) {
  const server = fakeServer(handle);
  const notify = vi.fn<(messages: string[]) => void>();
  setApiClient(
    createApiClient({
      baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
      notify, download: () => {}, fetch: server.fetch,
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <SignInPage /> },
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/change-password', element: <ChangePasswordPage /> },
    ],
    { initialEntries: [initial] },
  );
  renderApp(createStore(), router);
  return { server, notify, router, calls: (path: string) => server.seen.filter((r) => r.path === path) };
}

const refuse = (code: string, message: string, status = 400): Answer => ({ status, plain: true, body: { ErrorCode: code, ErrorMessage: message } });
const NEUTRAL = { Success: true, Message: 'If an account with this e-mail may sign in, a link to set a new password is on its way.' };

describe('forgot password', () => {
  it('opens from the sign-in page, checks the e-mail first, then shows the neutral confirmation and the way back', async () => {
    const { router, calls, notify } = mount('/auth', () => ({ body: NEUTRAL }));
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/auth/forgot-password');

    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter your email'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/valid email address/i));
    expect(calls(FORGOT)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' siti@kedai.my ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(screen.getByRole('status').textContent).toContain('If siti@kedai.my belongs to an account that may sign in');
    expect(calls(FORGOT).map((r) => r.body)).toEqual([{ Email: 'siti@kedai.my' }]);
    expect(notify).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  }, SLOW);

  it('says so when there were too many attempts, and keeps the form', async () => {
    const { notify } = mount('/auth/forgot-password', () => refuse('RL429', 'Too many attempts, please try again later', 429));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'siti@kedai.my' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many attempts. Wait a minute, then try again.'));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  }, SLOW);
});

describe('change password', () => {
  const policy = { body: { MinLength: 12, MaxLength: 128, RequireSymbol: true } };

  async function fill(current: string, next: string, confirm = next) {
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: confirm } });
    fireEvent.click(await screen.findByRole('button', { name: SUBMIT }));
  }

  it('shows the live policy and checks the new password and its confirmation before sending', async () => {
    const { calls } = mount('/change-password', (req) => (req.path === POLICY ? policy : { body: { Success: true } }));
    await screen.findByText('from 12 to 128 characters');
    expect(screen.getByText('at least one symbol, such as ! # or %')).toBeTruthy();
    await fill('Old-Password-2026', 'lettersonlylong', 'lettersonlylong');
    await screen.findByText('Use both letters and digits');
    await fill('Old-Password-2026', 'Old-Password-2026');
    await screen.findByText('Choose a password other than the current one');
    await fill('Old-Password-2026', 'New-Password-2026', 'New-Password-2025');
    await screen.findByText('The two passwords differ');
    expect(calls(CHANGE)).toHaveLength(0);
  }, SLOW);

  it('shows a wrong current password at its field, the policy as a list, and success as a note', async () => {
    let answer: Answer = refuse('VAL400', 'CurrentPassword: the current password is wrong');
    const { calls, notify } = mount('/change-password', (req) => (req.path === POLICY ? policy : answer));
    await fill('Wrong-Password-1', 'New-Password-2026');
    await screen.findByText('The current password is wrong');

    answer = refuse('VAL400', 'Password does not meet the password policy:\n\n- Password must have at least 14 characters\n- Password must contain a symbol');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Old-Password-2026' } });
    fireEvent.click(await screen.findByRole('button', { name: SUBMIT }));
    await screen.findByText('- Password must have at least 14 characters');
    expect(screen.getByText('The password was not changed')).toBeTruthy();

    answer = { body: { Success: true } };
    fireEvent.click(await screen.findByRole('button', { name: SUBMIT }));
    await screen.findByText('Your password is changed. Your other sessions were signed out.');
    expect(calls(CHANGE).at(-1)!.body).toEqual({ CurrentPassword: 'Old-Password-2026', NewPassword: 'New-Password-2026' });
    // The fields are emptied once it is changed; no toast ever (every message is in place).
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(notify).not.toHaveBeenCalled();
  }, SLOW);

  it('reads the field a refusal names', () => {
    expect(refusedField('CurrentPassword: the current password is wrong')).toBe('CurrentPassword');
    expect(refusedField('NewPassword: must differ from the current password')).toBe('NewPassword');
    expect(refusedField('Password does not meet the password policy')).toBeNull();
    expect(refusedField(undefined)).toBeNull();
  });
});
