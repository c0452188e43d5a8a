// @vitest-environment node
/**
 * The per-organization configuration screens against the REAL server: /merchant-config
 * for a master merchant lists its organizations, those without a configuration read "Not
 * configured" with a "Configure" action (and no edit, status or delete), which opens the create
 * form with that organization fixed; saving it configures that very organization. The callback
 * secret takes only a Standard Webhooks secret (the contract's rule, named before any request), and
 * Generate fills one made in the browser, shown so that it can be copied, which the server keeps.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalClient } from '@paydesk/contract';
import { countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

let server: TestServer;
let mm: PortalClient;
let traffic: Traffic;

interface Row {
  Id: number | null;
  OrgId: number;
  OrgName: string;
  Configured: boolean;
  RiskProfile: string | null;
  CallbackSecret?: string | null;
}

beforeAll(async () => {
  server = await startTestServer({ transactions: 0 });
  mm = await server.signIn('mm@paydesk.my');
  await import('../src/features/resources/pages/resource-page.tsx');
}, 300_000);
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

const rows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const rowOf = (orgName: string) => rows().find((r) => r.querySelector('td')?.textContent === orgName)!;
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section')!;

/** Opens the select labelled `label` in the drawer and picks the option `text`. */
async function pick(label: string, text: string) {
  const input = within(drawer()).getByLabelText(label);
  fireEvent.mouseDown(input);
  const list = await waitFor(() => document.getElementById(`${input.id}_list`)!.closest<HTMLElement>('.ant-select-dropdown')!);
  fireEvent.click(await waitFor(() => within(list).getByText(text, { selector: '.ant-select-item-option-content' })));
}

describe('organization configuration screen on the real server', () => {
  it('lists organizations without a configuration as "Not configured", and Configure creates that organization\'s configuration', async () => {
    const first = await mm.callPath<{ Items: Row[]; TotalRecords: number }>('POST', '/api/portal/MerchantConfig/Search', { PageIndex: 1, RowsPerPage: 20, SearchData: {} });
    expect(first.TotalRecords).toBeGreaterThan(20);
    const target = first.Items.find((r) => !r.Configured)!;

    await renderSignedIn(server, '/merchant-config', 'mm@paydesk.my');
    await screen.findByRole('heading', { name: 'Merchant configuration' });
    await waitFor(() => expect(rows()).toHaveLength(first.Items.length));
    const row = rowOf(target.OrgName);
    expect(within(row).getByText('Not configured')).toBeTruthy();
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(within(row).queryByText('Delete')).toBeNull();

    fireEvent.click(within(row).getByText('Configure'));
    await waitFor(() => expect(drawer()).toBeTruthy());
    // The organization is fixed: its name, no organization picker.
    expect(within(drawer()).getByText(target.OrgName)).toBeTruthy();
    expect(within(drawer()).queryByLabelText('Organization level')).toBeNull();
    await pick('Settlement timing', 'T+(X)');
    await pick('Risk profile', 'Enhanced monitoring');
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    const after = await mm.callPath<{ Items: Row[] }>('POST', '/api/portal/MerchantConfig/Search', { PageIndex: 1, RowsPerPage: 20, SearchData: { OrgId: target.OrgId } });
    expect(after.Items[0]).toMatchObject({ OrgId: target.OrgId, Configured: true, RiskProfile: 'ENHANCED' });
    await waitFor(() => expect(within(rowOf(target.OrgName)).queryByText('Not configured')).toBeNull());
    expect(within(rowOf(target.OrgName)).getByText('Edit')).toBeTruthy();
  }, 90_000);

  it('refuses a callback secret of another format, and Generate fills a whsec_ secret that is saved', async () => {
    const first = await mm.callPath<{ Items: Row[] }>('POST', '/api/portal/MerchantConfig/Search', { PageIndex: 1, RowsPerPage: 20, SearchData: {} });
    const target = first.Items.find((r) => !r.Configured)!;

    await renderSignedIn(server, '/merchant-config', 'mm@paydesk.my');
    await screen.findByRole('heading', { name: 'Merchant configuration' });
    await waitFor(() => expect(rows()).toHaveLength(first.Items.length));
    fireEvent.click(within(rowOf(target.OrgName)).getByText('Configure'));
    await waitFor(() => expect(drawer()).toBeTruthy());
    await pick('Settlement timing', 'T+(X)');
    await pick('Risk profile', 'Standard');
    const secret = within(drawer()).getByLabelText<HTMLInputElement>('Callback secret');
    expect(secret.type).toBe('password');

    // A shared secret of the old kind: named on the field, nothing sent.
    fireEvent.change(secret, { target: { value: 'whsec_live_9f8e7d6c5b4a3210' } });
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    expect(await within(drawer()).findByText(/Standard Webhooks secret/)).toBeTruthy();

    // Generate: whsec_ and the base64 of 32 bytes, shown to be copied to the receiver.
    fireEvent.click(within(drawer()).getByText('Generate'));
    await waitFor(() => expect(secret.value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/));
    expect(secret.type).toBe('text');
    const generated = secret.value;
    fireEvent.click(within(drawer()).getByText('Generate'));
    await waitFor(() => expect(secret.value).not.toBe(generated));
    const saved = secret.value;
    fireEvent.click(within(drawer().parentElement!).getByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    const after = await mm.callPath<{ Items: Row[] }>('POST', '/api/portal/MerchantConfig/Search', { PageIndex: 1, RowsPerPage: 20, SearchData: { OrgId: target.OrgId } });
    expect(after.Items[0]).toMatchObject({ OrgId: target.OrgId, Configured: true });
    // Answered masked: its last 4 characters are those generated.
    const detail = await mm.callPath<Row>('GET', `/api/portal/MerchantConfig/Get/${after.Items[0]!.Id}`);
    expect(detail.CallbackSecret).toBe(`••••${saved.slice(-4)}`);
  }, 90_000);
});
