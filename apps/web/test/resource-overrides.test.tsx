// @vitest-environment node
/**
 * The parts resources override, against the REAL server (see resource-screens.test.tsx): the
 * system settings' typed value input, the message template preview pane, and the user group
 * permission editor.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalClient } from '@paydesk/contract';
import { countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

let server: TestServer;
let direct: PortalClient;
let traffic: Traffic;

beforeAll(async () => {
  server = await startTestServer({ transactions: 0 });
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

async function openScreen(path: string, heading: string) {
  await renderSignedIn(server, path);
  // By its text among the headings: a role query walks the whole page's accessibility tree, slower
  // than findBy's one second on a loaded machine (a CI run once timed out here).
  await screen.findByText(heading, { selector: 'h1, h2, h3, h4' }, { timeout: 10_000 });
  await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length).toBeGreaterThan(0));
}

const rowOf = (text: string) => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')).find((r) => r.textContent?.includes(text))!;
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section')!;
const save = () => fireEvent.click(within(drawer().parentElement!).getByText('Save'));

async function setting(key: string): Promise<{ SettingValue: string }> {
  const page = await direct.callPath<{ Items: { SettingKey: string; SettingValue: string }[] }>('POST', '/api/portal/SystemSetting/Search', {
    PageIndex: 1,
    RowsPerPage: 50,
    SearchData: { SettingKey: key },
  });
  return page.Items.find((s) => s.SettingKey === key)!;
}

describe('resource overrides on the real server', () => {
  it('system settings: the list shows a flag as Yes/No and the form edits it with a switch; no create or delete', async () => {
    // Narrowed to the password rules: the first page need not hold every setting.
    await openScreen('/system-setting?q=PASSWORD_REQUIRE', 'System settings');
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    const before = (await setting('PASSWORD_REQUIRE_SYMBOL')).SettingValue;
    expect(within(rowOf('PASSWORD_REQUIRE_SYMBOL')).getByText(before === 'true' ? 'Yes' : 'No')).toBeTruthy();

    fireEvent.click(within(rowOf('PASSWORD_REQUIRE_SYMBOL')).getByText('Edit'));
    await screen.findByText('Edit PASSWORD_REQUIRE_SYMBOL · System settings');
    // The read-only key and type are shown above the form.
    expect(within(drawer()).getByText('Yes or no')).toBeTruthy();
    fireEvent.click(within(drawer()).getByRole('switch'));
    save();
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    const after = before === 'true' ? 'false' : 'true';
    expect((await setting('PASSWORD_REQUIRE_SYMBOL')).SettingValue).toBe(after);
    await waitFor(() => expect(within(rowOf('PASSWORD_REQUIRE_SYMBOL')).getByText(after === 'true' ? 'Yes' : 'No')).toBeTruthy());
  }, 60_000);

  it("system settings: the server's check of a value against its type lands on the value field", async () => {
    // Searched by key: the settings outnumber a page.
    await openScreen('/system-setting?q=POS_URL', 'System settings');
    fireEvent.click(within(rowOf('POS_URL')).getByText('Edit'));
    await screen.findByText('Edit POS_URL · System settings');
    fireEvent.change(within(drawer()).getByLabelText('Value'), { target: { value: 'not a url' } });
    save();
    const explain = await waitFor(() => {
      const text = within(drawer()).getByLabelText('Value').closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent;
      expect(text).toBeTruthy();
      return text;
    });
    expect(explain).toBe('Enter an http(s) URL, or leave empty to turn it off');
    expect((await setting('POS_URL')).SettingValue).not.toBe('not a url');
  }, 60_000);

  it("message templates: the key's placeholders beside the form, and a live preview with sample values", async () => {
    await openScreen('/message-template', 'Message template');
    const first = document.querySelector<HTMLElement>('.ant-table-tbody tr.ant-table-row')!;
    fireEvent.click(within(first).getByText('Edit'));
    const placeholders = await screen.findByTestId('template-placeholders', {}, { timeout: 5000 });
    const names = Array.from(placeholders.querySelectorAll('code')).map((c) => c.textContent);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /^\{\{[A-Za-z][A-Za-z0-9]*\}\}$/.test(n ?? ''))).toBe(true);

    // The body in the form, rendered by the server; a placeholder without a value stays as written.
    const preview = await screen.findByTestId('template-preview', {}, { timeout: 5000 });
    const body = (within(drawer()).getByLabelText('Body (English)') as HTMLTextAreaElement).value;
    expect(preview.textContent).toBe(body);

    // A sample value is put in.
    const name = names.find((n) => body.includes(n!))!.slice(2, -2);
    fireEvent.change(within(drawer()).getByLabelText(`Sample value of ${name}`), { target: { value: 'Kedai Runcit Ali' } });
    await waitFor(() => expect(screen.getByTestId('template-preview').textContent).toContain('Kedai Runcit Ali'), { timeout: 5000 });

    // Typing in the body previews it too; a placeholder the key does not offer is named.
    fireEvent.change(within(drawer()).getByLabelText('Body (English)'), { target: { value: `Hello {{${name}}} and {{Nope}}` } });
    await waitFor(() => expect(screen.getByTestId('template-preview').textContent).toBe('Hello Kedai Runcit Ali and {{Nope}}'), { timeout: 5000 });
    expect(screen.getByText('Placeholders this template key does not offer')).toBeTruthy();
  }, 60_000);

  it('user groups: the permission editor groups the catalogue by module, selects a module at once, searches and saves', async () => {
    await openScreen('/user-group', 'User group');
    const row = rowOf('Merchant HQ Finance');
    fireEvent.click(within(row).getByText('Permissions'));
    await screen.findByText('Permissions · Merchant HQ Finance');
    await waitFor(() => expect(within(drawer()).getByTestId('perm-module-transaction')).toBeTruthy());

    const moduleBox = () => within(within(drawer()).getByTestId('perm-module-transaction')).getByLabelText('All permissions of Live transactions (online)') as HTMLInputElement;
    const before = moduleBox().checked;
    // Select the whole module, then narrow the list by search.
    if (!before) fireEvent.click(moduleBox());
    await waitFor(() => expect(moduleBox().checked).toBe(true));
    fireEvent.change(within(drawer()).getByLabelText('Search permissions'), { target: { value: 'transaction:ecommercepreauth' } });
    await waitFor(() => expect(within(drawer()).getAllByRole('checkbox')).toHaveLength(2));
    fireEvent.click(within(drawer()).getByText('Save'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());

    const groupId = Number(row.getAttribute('data-row-key'));
    const saved = await direct.callPath<{ Permissions: string[] }>('GET', `/api/portal/UserGroup/Permissions/${groupId}`);
    expect(saved.Permissions).toEqual(expect.arrayContaining(['transaction:ecommerce', 'transaction:ecommercepreauth', 'transaction:export']));
  }, 60_000);
});
