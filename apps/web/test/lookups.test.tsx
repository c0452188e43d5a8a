// @vitest-environment node
/**
 * Lookups (§4 Lookups, §7, §8) against the REAL server: apps/server's Fastify app on an in-memory
 * PGlite with the demo data, reached over HTTP by the app's own API client (secure channel, bearer
 * token), with the app's store, session flows, router, guards, layout and screens. Requests are
 * counted by a pass-through around `fetch`; failures are made for real on the server's database.
 *
 * Why `@vitest-environment node` plus a jsdom window (support/dom-on-node.ts) instead of the
 * project's `jsdom` environment: in a `jsdom` environment Vitest transforms every module for the
 * browser, and its `vitest:normalize-url` plugin rewrites `new URL('./migrations',
 * import.meta.url)` in the server's database module to a root-relative path, so the server cannot
 * find its migrations and never starts; the `jsdom` environment also swaps `Uint8Array` for
 * jsdom's, which the server's JWT library rejects. The node environment transforms modules for
 * Node, and the window is still jsdom, set up by Vitest's own jsdom environment.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { closePicker } from './support/close-picker.ts';
import { StrictMode } from 'react';
import { App as AntApp, Form } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter } from 'react-router';
import { Root } from '../src/app/root.tsx';
import { RequireSession } from '../src/app/guards.tsx';
import { AppLayout } from '../src/app/layout.tsx';
import { APP_ROUTES } from '../src/app/router.tsx';
import { startApp } from '../src/app/start.ts';
import { apiClient } from '../src/api/index.ts';
import { LookupSelect } from '../src/shared/lookup-select.tsx';
import { i18n } from '../src/i18n/index.ts';
import { useAcquirersByServiceTypeQuery, useBankListQuery, type Acquirer, type AcquirerArgs, type Bank } from '../src/store/api.ts';
import type { AppStore } from '../src/store/index.ts';
import { signIn } from '../src/store/session.ts';
import { PASSWORD, configOf, countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';

const PAYMENT_METHODS_PATH = '/api/portal/Transaction/Payment/GetPaymentMethod';
const BANKS_PATH = '/api/portal/Bank/GetBankList';
const ACQUIRERS_PATH = '/api/portal/Acquirer/GetAcquirerByServiceType';

let server: TestServer;
let traffic: Traffic;
/** The server's own acquirer lists, asked directly (not through the app), by `ServiceType/TxnCategory`. */
const acquirerNames: Record<string, string[]> = {};
/** The server's payment-method names, asked directly. */
let paymentMethodNames: string[];

beforeAll(async () => {
  server = await startTestServer({ transactions: 0 });
  const direct = await server.signIn('admin@paydesk.my');
  paymentMethodNames = (await direct.call('paymentMethodList')).map((m) => m.Name);
  for (const [ServiceType, TxnCategory] of [[2, 0], [1, 0], [2, 2]] as const) {
    const list = await direct.call('acquirersByServiceType', { body: { ServiceType, TxnCategory } });
    acquirerNames[`${ServiceType}/${TxnCategory}`] = list.map((a) => a.AcqName);
  }
  // The screens are lazy routes: load their modules once, ahead of the first navigation.
  await Promise.all([
    import('../src/features/auth/pages/sign-in-page.tsx'),
    import('../src/features/dashboard/pages/dashboard-page.tsx'),
    import('../src/features/reports/report-page.tsx'),
  ]);
}, 120_000);
afterAll(async () => server?.close());

beforeEach(() => {
  localStorage.clear();
  traffic = countFetches();
});
afterEach(async () => {
  // Let the screens' last requests finish before they unmount and the next test starts.
  await waitFor(() => expect(traffic.pending()).toBe(0));
  cleanup();
  traffic.restore();
});

async function bootSignedIn(email = 'admin@paydesk.my'): Promise<AppStore> {
  const store = await startApp(await configOf(server));
  expect(await store.dispatch(signIn({ Email: email, Password: PASSWORD }))).toBeNull();
  return store;
}

/** A screen for a lookup no built screen uses yet, inside the app's real guard and layout. */
function BankScreen() {
  return (
    <Form layout="vertical">
      <Form.Item name="bank" label="Bank">
        <LookupSelect lookup={useBankListQuery} toOption={(b: Bank) => ({ value: b.Id, label: b.BankName })} virtual={false} />
      </Form.Item>
    </Form>
  );
}

const WITH_BANK_SCREEN = [
  ...APP_ROUTES.filter((r) => r.path === '/auth'),
  { element: <RequireSession />, children: [{ path: '/', element: <AppLayout />, children: [{ path: 'banks', element: <BankScreen /> }] }] },
];

function renderApp(store: AppStore, path: string, routes = APP_ROUTES) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <Root store={store} router={router} />
    </StrictMode>,
  );
  return router;
}

/** Settled RTK Query entries of an endpoint (fulfilled or rejected). */
function settled(store: AppStore, endpoint: string): number {
  return Object.values(store.getState().api.queries).filter((q) => q?.endpointName === endpoint && (q.status === 'fulfilled' || q.status === 'rejected')).length;
}

/** RTK Query cache entries of an endpoint, one per distinct argument (created when a request starts). */
function entries(store: AppStore, endpoint: string): { args: unknown; status: string }[] {
  return Object.values(store.getState().api.queries)
    .filter((q) => q?.endpointName === endpoint)
    .map((q) => ({ args: q!.originalArgs, status: q!.status }));
}

/** The option texts of an opened antd Select, found from its input. */
function optionsOf(input: HTMLElement): (string | null)[] {
  const dropdown = document.getElementById(`${input.id}_list`)?.closest('.ant-select-dropdown');
  return dropdown ? Array.from(dropdown.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent) : [];
}

function toasts(): string[] {
  return Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent ?? '');
}

describe('lookup cache on the real server', () => {
  it('requests the payment-method lookup once for the filter bar and the dashboard, and again after sign-out', async () => {
    const store = await bootSignedIn();
    const router = renderApp(store, '/transaction/ecommerce');

    // Screen 1: the e-commerce filter bar's payment-method picker.
    await screen.findByRole('heading', { name: 'E-commerce transactions' });
    await waitFor(() => expect(settled(store, 'paymentMethodList')).toBe(1));
    expect(traffic.count(PAYMENT_METHODS_PATH)).toBe(1);
    // Its options are the server's list (opening a picker asks again only for failed lookups).
    const pm = screen.getByLabelText('Payment method');
    fireEvent.mouseDown(pm);
    await waitFor(() => expect(optionsOf(pm).length).toBeGreaterThan(0));
    // (the list is virtual: jsdom lays out only its first rows)
    expect(optionsOf(pm)).toEqual(paymentMethodNames.slice(0, optionsOf(pm).length));
    closePicker(pm);
    await waitFor(() => expect(pm.getAttribute('aria-expanded')).toBe('false'));

    // Screen 2: the dashboard's payment-method mix; then back to screen 1 (a remount).
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(settled(store, 'dashboard')).toBe(1));
    await act(() => router.navigate('/transaction/ecommerce'));
    await screen.findByRole('heading', { name: 'E-commerce transactions' });
    expect(traffic.count(PAYMENT_METHODS_PATH)).toBe(1);

    // The app's own sign-out: profile menu → Sign out.
    fireEvent.click(screen.getByRole('button', { name: /Profile/ }));
    fireEvent.click(await screen.findByText('Sign out'));
    await screen.findByRole('heading', { name: /Sign in to/ });
    expect(store.getState().api.queries).toEqual({});
    expect(traffic.count(PAYMENT_METHODS_PATH)).toBe(1);
    expect(toasts()).toEqual([]);

    // Sign in again through the form: the dashboard asks for the list again.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@paydesk.my' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(traffic.count(PAYMENT_METHODS_PATH)).toBe(2));
  }, 60_000);

  it('clears the lookups when the server ends the session, and asks again after the next sign-in', async () => {
    const store = await bootSignedIn();
    const router = renderApp(store, '/transaction/ecommerce');
    await screen.findByRole('heading', { name: 'E-commerce transactions' });
    await waitFor(() => expect(settled(store, 'paymentMethodList')).toBe(1));
    expect(store.getState().systemData.currency_list.length).toBeGreaterThan(0);

    // The server ends the session: past the idle limit (240 minutes on web test servers) the next call (the dashboard) is answered SC440.
    server.advance(241 * 60_000);
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: /Sign in to/ });
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().systemData.currency_list).toEqual([]);
    expect(store.getState().auth.status).toBe('signedOut');

    expect(await store.dispatch(signIn({ Email: 'admin@paydesk.my', Password: PASSWORD }))).toBeNull();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(traffic.statuses(PAYMENT_METHODS_PATH)).toEqual([200, 200]));
  }, 60_000);

  it('gives an empty, usable picker when the server fails the lookup: no error page, no toast; opening it asks again', async () => {
    const store = await bootSignedIn();
    // A real failure: the bank lookup's table is gone, so the server answers 500 {ErrorCode}.
    await server.database.query('ALTER TABLE banks RENAME TO banks_away');
    let restored = false;
    const restore = async () => {
      if (!restored) await server.database.query('ALTER TABLE banks_away RENAME TO banks');
      restored = true;
    };
    try {
      renderApp(store, '/banks', WITH_BANK_SCREEN);
      const picker = await screen.findByLabelText('Bank');
      await waitFor(() => expect(settled(store, 'bankList')).toBe(1));
      expect(traffic.statuses(BANKS_PATH)).toEqual([500]);

      // The screen stands: the layout, an enabled picker with no options, no error page, no toast.
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
      expect(picker.closest('.ant-select-disabled')).toBeNull();
      expect(document.querySelector('.ant-result')).toBeNull();
      expect(toasts()).toEqual([]);

      // Opened, it shows "No data", and asks the server again (the failure was not kept as the list).
      fireEvent.mouseDown(picker);
      const dropdown = () => document.querySelector<HTMLElement>('.ant-select-dropdown')!;
      await waitFor(() => expect(traffic.statuses(BANKS_PATH)).toEqual([500, 500]));
      await waitFor(() => expect(within(dropdown()).getByText('No data', { selector: '.ant-empty-description' })).toBeTruthy());
      expect(dropdown().querySelectorAll('.ant-select-item-option')).toHaveLength(0);
      expect(toasts()).toEqual([]);

      // Once the server answers, opening the picker again fills it.
      await restore();
      closePicker(picker);
      await waitFor(() => expect(picker.getAttribute('aria-expanded')).toBe('false'));
      fireEvent.mouseDown(picker);
      await waitFor(() => expect(traffic.statuses(BANKS_PATH)).toEqual([500, 500, 200]));
      await waitFor(() => expect(within(dropdown()).getByText('Maybank2U')).toBeTruthy());
      expect(toasts()).toEqual([]);

      // The toast check can see toasts: a failed call that is not a lookup shows one.
      await apiClient()
        .path.get('/api/portal/Transaction/Ecommerce/Get/1')
        .catch(() => undefined);
      await waitFor(() => expect(toasts()).toHaveLength(1));
    } finally {
      await restore();
    }
  }, 60_000);

  it('refetches the acquirer list when the service type or terminal category changes, not when the same arguments come again', async () => {
    const store = await bootSignedIn();
    // An open acquirer picker whose arguments come from the screen's service type and category.
    const picker = (args: AcquirerArgs) => (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AntApp>
            <LookupSelect lookup={useAcquirersByServiceTypeQuery} arg={args} toOption={(a: Acquirer) => ({ value: a.AcquirerId, label: a.AcqName })} open virtual={false} />
          </AntApp>
        </I18nextProvider>
      </Provider>
    );
    const shown = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
    const requests = () => traffic.count(ACQUIRERS_PATH);
    const view = render(picker({ ServiceType: 2, TxnCategory: 0 }));
    await waitFor(() => expect(shown()).toEqual(acquirerNames['2/0']));
    expect(requests()).toBe(1);

    // The same arguments again (a new object), and the §9 defaults written out or left out: no request.
    view.rerender(picker({ ServiceType: 2, TxnCategory: 0 }));
    view.rerender(picker({}));
    view.rerender(picker({ ServiceType: 2 }));
    expect(shown()).toEqual(acquirerNames['2/0']);
    expect(entries(store, 'acquirersByServiceType')).toEqual([{ args: { ServiceType: 2, TxnCategory: 0 }, status: 'fulfilled' }]);
    expect(requests()).toBe(1);

    // Another service type: a request, and its own list.
    view.rerender(picker({ ServiceType: 1, TxnCategory: 0 }));
    await waitFor(() => expect(shown()).toEqual(acquirerNames['1/0']));
    expect(requests()).toBe(2);
    expect(acquirerNames['1/0']).not.toEqual(acquirerNames['2/0']);

    // Another terminal category: a request.
    view.rerender(picker({ ServiceType: 2, TxnCategory: 2 }));
    await waitFor(() => expect(shown()).toEqual(acquirerNames['2/2']));
    expect(requests()).toBe(3);

    // Back to arguments asked before: from the cache.
    view.rerender(picker({ ServiceType: 1, TxnCategory: 0 }));
    expect(shown()).toEqual(acquirerNames['1/0']);
    view.rerender(picker({ ServiceType: 2, TxnCategory: 0 }));
    expect(shown()).toEqual(acquirerNames['2/0']);
    expect(entries(store, 'acquirersByServiceType').map((e) => e.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(requests()).toBe(3);
  }, 60_000);
});
