// @vitest-environment node
/**
 * ResourceList and ResourceForm on the Currency resource against the REAL server (apps/server's
 * Fastify app on an in-memory PGlite with the demo data), through the app's own client, store,
 * router, guards and layout (see lookups.test.tsx for why the node environment with a jsdom
 * window). Another signed-in client (`direct`) plays a second administrator and checks what the
 * server holds (its requests go through the same counted `fetch`).
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalClient } from '@paydesk/contract';
import { ENUM_LABELS } from '@paydesk/domain';
import { countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

const BASE = '/api/portal/Currency';

interface Currency {
  Id: number;
  Version: number;
  CurrencyCode: string;
  Name: string;
  Symbol: string;
  SortOrder: number;
  IsActive: number;
}

let server: TestServer;
let direct: PortalClient;
let traffic: Traffic;

/** The server's currencies, asked directly, in the list's default order. */
async function serverCurrencies(): Promise<Currency[]> {
  const page = await direct.callPath<{ Items: Currency[] }>('POST', `${BASE}/Search`, { PageIndex: 1, RowsPerPage: 100, SearchData: {}, Sort: { Field: 'SortOrder', Order: 'asc' } });
  return page.Items;
}
const currency = async (code: string) => (await serverCurrencies()).find((c) => c.CurrencyCode === code);

beforeAll(async () => {
  // A few transactions, so that MYR is in use and cannot be deleted.
  server = await startTestServer({ transactions: 40 });
  direct = await server.signIn('admin@paydesk.my');
  await import('../src/features/resources/pages/resource-page.tsx');
}, 120_000);
afterAll(async () => server?.close());

beforeEach(() => {
  localStorage.clear();
  traffic = countFetches();
});
afterEach(async () => {
  await waitFor(() => expect(traffic.pending()).toBe(0));
  cleanup();
  traffic.restore();
});

async function openCurrencyScreen() {
  const app = await renderSignedIn(server, '/currency-config');
  await screen.findByRole('heading', { name: 'Currency configuration' });
  await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
  return app;
}

const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const rowOf = (code: string) => bodyRows().find((r) => r.querySelector('td')?.textContent === code);
const codes = () => bodyRows().map((r) => r.querySelector('td')?.textContent);
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section')!;
/** The error shown under a form field. */
const fieldError = (label: string) => within(drawer()).getByLabelText(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const type = (label: string, value: string) => fireEvent.change(within(drawer()).getByLabelText(label), { target: { value } });
const requests = (op: string) => traffic.exchanges.filter((e) => e.path === `${BASE}/${op}` || e.path.startsWith(`${BASE}/${op}/`)).length;

describe('resource list and form on the real server (Currency)', () => {
  it('lists the server rows in its order, with typed columns, status and actions by permission', async () => {
    await openCurrencyScreen();
    expect(requests('Search')).toBe(1);
    const expected = await serverCurrencies();
    await waitFor(() => expect(codes()).toEqual(expected.map((c) => c.CurrencyCode)));
    expect(screen.getByTestId('resource-total').textContent).toBe(`${expected.length} records`);

    const myr = rowOf('MYR')!;
    const m = expected.find((c) => c.CurrencyCode === 'MYR')!;
    expect(within(myr).getByText(m.Name)).toBeTruthy();
    expect(within(myr).getByText(m.Symbol)).toBeTruthy();
    expect(within(myr).getByText(m.IsActive === 1 ? 'Active' : 'Inactive')).toBeTruthy();
    for (const action of ['Edit', m.IsActive === 1 ? 'Deactivate' : 'Activate', 'Delete']) expect(within(myr).getByText(action)).toBeTruthy();
    for (const tool of ['New', 'Export', 'Bulk upload', 'Columns']) expect(screen.getByText(tool)).toBeTruthy();
  }, 60_000);

  it('filters and sorts through the URL, and asks the server for each', async () => {
    const { router } = await openCurrencyScreen();
    fireEvent.change(screen.getByRole('textbox', { name: 'Currency code' }), { target: { value: 'SG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?CurrencyCode=SG'));
    await waitFor(() => expect(codes()).toEqual(['SGD']));
    expect(screen.getByTestId('resource-total').textContent).toBe('1 record');

    // Back to all rows, then sorted by name on the server.
    fireEvent.click(screen.getByText('Reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(codes().length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Currency name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=Name&order=asc'));
    const byName = [...(await serverCurrencies())].sort((a, b) => a.Name.localeCompare(b.Name)).map((c) => c.CurrencyCode);
    await waitFor(() => expect(codes()).toEqual(byName));
    expect(requests('Search')).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it('creates through the form (Enter submits) and shows the new row', async () => {
    await openCurrencyScreen();
    fireEvent.click(screen.getByText('New'));
    await screen.findByText('New · Currency configuration');
    type('Currency code', 'JPY');
    type('Currency name', 'Japanese Yen');
    type('Symbol', '¥');
    type('Sort order', '9');
    fireEvent.keyDown(within(drawer()).getByLabelText('Symbol'), { key: 'Enter' });

    await waitFor(() => expect(rowOf('JPY')).toBeTruthy());
    expect(document.querySelector('.ant-drawer-open')).toBeNull();
    expect(requests('Create')).toBe(1);
    expect(await currency('JPY')).toMatchObject({ Name: 'Japanese Yen', Symbol: '¥', SortOrder: 9, IsActive: 1 });
  }, 60_000);

  it("shows the shared schema's messages on their fields before any request, and the server's 'Field: message' too", async () => {
    await openCurrencyScreen();
    fireEvent.click(screen.getByText('New'));
    await screen.findByText('New · Currency configuration');
    type('Currency code', 'jp');
    type('Symbol', 'J');
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));

    // The contract's currency schema: a 3-letter ISO code; a name is required (§5 message).
    await waitFor(() => expect(fieldError('Currency code')).toBe(ENUM_LABELS.en['enter a 3-letter ISO 4217 code']));
    expect(fieldError('Currency name')).toBe(ENUM_LABELS.en.placeholder_cannot_be_empty);
    expect(fieldError('Symbol')).toBe('');
    expect(requests('Create')).toBe(0);

    // Fixing a field clears its message as it is typed.
    type('Currency name', 'Yen');
    await waitFor(() => expect(fieldError('Currency name')).toBe(''));

    // A code that passes the schema but exists already: the server's CF409 "CurrencyCode: …" lands on the field.
    type('Currency code', 'USD');
    await waitFor(() => expect(fieldError('Currency code')).toBe(''));
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    await waitFor(() => expect(fieldError('Currency code')).toBe('Already exists'));
    expect(requests('Create')).toBe(1);
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
  }, 60_000);

  it('sends the Version with an update; a stale one shows the conflict with Reload, which loads the stored record', async () => {
    await openCurrencyScreen();
    fireEvent.click(within(rowOf('SGD')!).getByText('Edit'));
    await screen.findByText('Edit SGD · Currency configuration');
    expect((within(drawer()).getByLabelText('Currency name') as HTMLInputElement).value).toBe('Singapore Dollar');

    // Another administrator changes SGD meanwhile.
    const before = (await currency('SGD'))!;
    await direct.callPath('PUT', `${BASE}/Update`, { Id: before.Id, Version: before.Version, Name: 'Singapore Dollar (MAS)' });

    type('Symbol', 'SGD$');
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    const alert = await within(drawer()).findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this record');
    expect(alert.textContent).toMatch(/Version: the Currency was changed by someone else/);
    expect((await currency('SGD'))!.Symbol).toBe(before.Symbol);

    // Reload: the stored values and Version; saving again goes through.
    fireEvent.click(within(alert).getByText('Reload'));
    await waitFor(() => expect((within(drawer()).getByLabelText('Currency name') as HTMLInputElement).value).toBe('Singapore Dollar (MAS)'));
    expect(within(drawer()).queryByRole('alert')).toBeNull();
    type('Symbol', 'SGD$');
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(await currency('SGD')).toMatchObject({ Name: 'Singapore Dollar (MAS)', Symbol: 'SGD$', Version: before.Version + 2 });
    await waitFor(() => expect(within(rowOf('SGD')!).getByText('SGD$')).toBeTruthy());
  }, 60_000);

  it('asks before closing a changed form', async () => {
    await openCurrencyScreen();
    fireEvent.click(within(rowOf('EUR')!).getByText('Edit'));
    await screen.findByText('Edit EUR · Currency configuration');
    // Unchanged: closes at once.
    fireEvent.click(within(drawer().parentElement!).getByText('Cancel'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    fireEvent.click(within(rowOf('EUR')!).getByText('Edit'));
    await screen.findByText('Edit EUR · Currency configuration');
    type('Currency name', 'Euro (changed)');
    fireEvent.click(within(drawer().parentElement!).getByText('Cancel'));
    fireEvent.click(await screen.findByText('Keep editing'));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
    fireEvent.click(within(drawer().parentElement!).getByText('Cancel'));
    fireEvent.click((await screen.findAllByText('Discard')).at(-1)!);
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    expect(requests('Update')).toBe(0);
  }, 60_000);

  it("asks before deleting; a refused delete shows the server's CF409 message; a confirmed one removes the row", async () => {
    await openCurrencyScreen();
    const dialog = () => document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;

    // Cancelled: nothing is sent.
    fireEvent.click(within(rowOf('EUR')!).getByText('Delete'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Delete EUR for good? It leaves this list and cannot be restored; its audit records stay.'));
    fireEvent.click(within(dialog()).getByText('Cancel'));
    expect(requests('Delete')).toBe(0);

    // MYR is used by transactions: the server refuses and the prompt says why.
    fireEvent.click(within(rowOf('MYR')!).getByText('Delete'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Delete MYR for good?'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Delete/ }));
    const refused = await within(dialog()).findByRole('alert');
    expect(refused.textContent).toMatch(/^Cannot delete MYR: transactions still use it$/);
    expect(await currency('MYR')).toBeTruthy();
    fireEvent.click(within(dialog()).getByText('Cancel'));

    // Confirmed: EUR goes.
    await act(async () => {});
    fireEvent.click(within(rowOf('EUR')!).getByText('Delete'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Delete EUR for good?'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(rowOf('EUR')).toBeUndefined());
    expect(await currency('EUR')).toBeUndefined();
    expect(requests('Delete')).toBe(2);
  }, 60_000);
});
