/**
 * Configuration screens in headless Chromium against the real portal on a fresh embedded database,
 * all rendered by the resource engine's ResourceList and ResourceForm: on Currency and Bank, an
 * administrator creates, edits, filters, exports (the file has the row) and deletes a record.
 * Then the administrator takes `transaction:ecommerce` away from the default "Merchant HQ" group in
 * the permission editor, and a member of that group, signed in in another browser, loses the
 * "Live transaction (online)" menu on the next page load without signing out.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium, newPortalContext } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('configuration screens', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD, SEED_TRANSACTIONS: '2000' });
    browser = await launchChromium();
    admin = await newPortalContext(browser, { acceptDownloads: true, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', viewport: { width: 1440, height: 900 } });
    page = await admin.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, portal.url, 'admin@paydesk.my');
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
  const total = async () => Number(/(\d+)/.exec(await page.getByTestId('resource-total').innerText())?.[1]);
  const row = (text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  const drawer = () => page.locator('.ant-drawer-open .ant-drawer-section');
  const modal = (text: string) => page.locator('.ant-modal', { hasText: text });

  /** Opens a screen from System configuration in the menu. */
  async function open(label: string, path: string) {
    const group = nav().getByText('System configuration');
    if ((await nav().getByText(label, { exact: true }).count()) === 0) await group.click();
    await nav().getByText(label, { exact: true }).click();
    await page.waitForURL((u) => u.pathname === path);
    await page.getByRole('heading', { name: label, exact: true }).waitFor();
    await settled();
  }

  /** The list has its answer: a total above 0 and no spinner. */
  async function settled() {
    await expect.poll(total).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-table .ant-spin-spinning').count()).toBe(0);
  }

  async function fill(form: Locator, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  }

  async function save() {
    await drawer().getByRole('button', { name: 'Save' }).click();
    await drawer().waitFor({ state: 'detached' });
  }

  /** Filters by one text filter and checks the URL and the list. */
  async function filterBy(label: string, value: string, param: string, expected: string) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get(param) === value);
    await expect.poll(total).toBe(1);
    await expect(row(expected).count()).resolves.toBe(1);
  }

  /** Exports the filtered list as CSV and returns its lines. */
  async function exportCsv(name: string): Promise<string[]> {
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('CSV', { exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{8}-\\d{6}\\.csv$`));
    return readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  }

  async function remove(text: string) {
    await row(text).getByRole('button', { name: 'Delete' }).click();
    const prompt = modal(`Delete ${text} for good?`);
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Delete' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await expect.poll(() => row(text).count()).toBe(0);
  }

  it('Currency: creates, edits, filters, exports and deletes', async () => {
    await open('Currency configuration', '/currency-config');
    const before = await total();

    await page.getByRole('button', { name: 'New' }).click();
    await fill(drawer(), { 'Currency code': 'JPY', 'Currency name': 'Japanese Yen', Symbol: '¥', 'Sort order': '9' });
    await save();
    await expect.poll(() => row('JPY').count()).toBe(1);
    await expect.poll(total).toBe(before + 1);

    await row('JPY').getByRole('button', { name: 'Edit' }).click();
    await expect(drawer().getByLabel('Currency name', { exact: true }).inputValue()).resolves.toBe('Japanese Yen');
    await fill(drawer(), { 'Currency name': 'Japanese Yen (JPY)' });
    await save();
    await expect.poll(() => row('JPY').innerText()).toContain('Japanese Yen (JPY)');

    await filterBy('Currency code', 'JP', 'CurrencyCode', 'JPY');

    const lines = await exportCsv('Currency');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Currency code'); // headers are the screen's labels
    expect(lines[1]).toContain('JPY');
    expect(lines[1]).toContain('Japanese Yen (JPY)');

    await remove('JPY');
    await expect.poll(total).toBe(0);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(total).toBe(before);
  });

  it('Bank: creates, edits, filters, exports and deletes', async () => {
    await open('Bank configuration', '/bank-config');
    const before = await total();

    await page.getByRole('button', { name: 'New' }).click();
    await fill(drawer(), { 'Bank name': 'Bank Ujian Berhad', 'Bank code': 'TEST0099' });
    await save();
    await page.getByRole('textbox', { name: 'Bank name', exact: true }).fill('Ujian');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => row('TEST0099').count()).toBe(1);

    await row('TEST0099').getByRole('button', { name: 'Edit' }).click();
    await fill(drawer(), { 'SWIFT code': 'TESTMYKL' });
    await save();
    await expect.poll(() => row('TEST0099').innerText()).toContain('TESTMYKL');

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(total).toBe(before + 1);
    await filterBy('Bank code', 'TEST0099', 'BankCode', 'Bank Ujian Berhad');

    const lines = await exportCsv('Bank');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Bank Ujian Berhad');
    expect(lines[1]).toContain('TEST0099');
    expect(lines[1]).toContain('TESTMYKL');

    await remove('Bank Ujian Berhad');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(total).toBe(before);
  });

  it("takes a permission away from a group and a member's menu follows on the next page load", async () => {
    // A member of the default Merchant HQ group, signed in in another browser.
    const member = await newPortalContext(browser, { locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur' });
    const memberPage = await member.newPage();
    memberPage.setDefaultTimeout(20_000);
    const memberNav = memberPage.getByRole('navigation', { name: 'Main navigation' });
    try {
      await signIn(memberPage, portal.url, 'merchant@paydesk.my');
      await expect.poll(() => memberNav.getByText('Live transaction (online)').count()).toBe(1);

      await open('User group', '/user-group');
      await page.getByRole('textbox', { name: 'Group name', exact: true }).fill('Merchant HQ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('Name') === 'Merchant HQ');
      const group = page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('td').first().getByText('Merchant HQ', { exact: true }) });
      await group.getByRole('button', { name: 'Permissions' }).click();

      const editor = drawer();
      await editor.getByLabel('Search permissions').fill('transaction:ecommerce');
      const ecommerce = editor.getByRole('checkbox', { name: 'E-commerce transaction:ecommerce', exact: true });
      await expect(ecommerce.isChecked()).resolves.toBe(true);
      await ecommerce.uncheck();
      await editor.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Permissions of Merchant HQ saved').waitFor();

      // The member's next page load: still signed in, without the live-transaction menu.
      await memberPage.reload();
      await memberPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(new URL(memberPage.url()).pathname).toBe('/');
      // The group stays for its other views; its E-commerce entry is gone.
      const preauth = memberNav.getByText('E-commerce pre-auth', { exact: true });
      if ((await preauth.count()) === 0) await memberNav.getByText('Live transaction (online)').click();
      await expect.poll(() => preauth.count()).toBe(1);
      await expect(memberNav.getByText('E-commerce', { exact: true }).count()).resolves.toBe(0);
      await expect(memberNav.getByText('Dashboard').count()).resolves.toBeGreaterThan(0);
    } finally {
      await member.close();
    }
  });
});
