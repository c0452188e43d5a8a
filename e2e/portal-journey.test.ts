/**
 * The foundation journey in headless Chromium against the real portal on a fresh embedded
 * database: page guard → sign in → dashboard figures → Live transaction › E-commerce → filter →
 * detail → export (row count = list total) → switch user group (menu changes) → sign out →
 * the page guard sends the next page request to /auth.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { REPORT_LABELS, columnIn, ecommerceTransactions } from '@paydesk/contract';
import { launchChromium, newPortalContext, pickInHeader } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';

describe('portal journey', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD });
    browser = await launchChromium();
    context = await newPortalContext(browser, { acceptDownloads: true, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur' });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const total = async () => Number(/(\d+)/.exec((await page.getByTestId('report-total').innerText()).replace(/,/g, ''))?.[1]);

  it('sends a page request without a session to /auth', async () => {
    const res = await page.goto(`${portal.url}/transaction/ecommerce`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/auth');
    // The title comes from the runtime configuration, fetched after the page loads.
    await expect.poll(() => page.title()).toContain('Paydesk Portal');
    await page.goto(`${portal.url}/`);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('refuses a wrong password, then signs in and lands on a dashboard with real figures', async () => {
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel('Email').fill('merchant@paydesk.my');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').first().waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    const todayCount = page.getByTestId('dash-today-count');
    await todayCount.waitFor();
    // The seed gives the demo HQ and its demo branch a successful MYR sale today (seed-distribution.test.ts). A run
    // with two e2e files side by side once read 0 here (the card shows only the answer for the header currency, so the
    // server said 0); the error carries what the page said, to find out why.
    await expect
      .poll(async () => Number((await todayCount.innerText()).replace(/\D/g, '')), { timeout: 20_000 })
      .toBeGreaterThan(0)
      .catch(async (e: unknown) => {
        const said = (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 400);
        throw new Error(`today's count stayed 0; dashboard: ${said}`, { cause: e });
      });
    const mtd = await page.getByTestId('dash-mtd-amount').innerText();
    expect(mtd).toMatch(/RM\s?[\d,]+\.\d{2}/);
    expect(Number(mtd.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);

    // A reload keeps the session: the HttpOnly cookie and the channel keys kept in IndexedDB.
    await page.reload();
    await page.getByTestId('dash-today-count').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('opens Live transaction › E-commerce from the menu, filters, and opens a detail', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Live transaction (online)').click();
    await nav.getByText('E-commerce', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/transaction/ecommerce');
    await page.getByTestId('report-total').waitFor();
    await expect.poll(total).toBeGreaterThan(0);
    const all = await total();

    await page.getByLabel('Status').click();
    await page.locator('.ant-select-item-option[title="Success"]').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.getAll('status').includes('SUCCESS') || u.search.includes('SUCCESS'));
    await expect.poll(total).toBeLessThan(all);
    const filtered = await total();
    expect(filtered).toBeGreaterThan(0);

    await page.locator('.ant-table-tbody tr.ant-table-row').first().click();
    await page.waitForURL((u) => /^\/transaction\/ecommerce\/\d+$/.test(u.pathname));
    const customer = page.getByTestId('txn-customer');
    await customer.waitFor();
    await expect(customer.innerText()).resolves.toContain('Customer');
    const drawer = page.getByRole('dialog');
    await expect(drawer.innerText()).resolves.toMatch(/(RM|\$|S\$)\s?[\d,]+\.\d{2}/);
    await expect(drawer.innerText()).resolves.toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(drawer.innerText()).resolves.toContain('Success');
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === '/transaction/ecommerce');
  });

  it('exports the filtered list as CSV with as many rows as the list total, in the screen labels and Malaysian time', async () => {
    const expected = await total();
    expect(expected).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Export/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('CSV', { exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ecommerce-transactions-\d{8}-\d{6}\.csv$/);
    const file = await download.path();
    const [header, ...rows] = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][];
    expect(rows.length).toBe(expected);
    // The screen's column titles and status label (not TxnRefNo, SUCCESS), its §9 date format in MYT.
    const columns = ecommerceTransactions.columns.filter((c) => columnIn(c, 'export'));
    expect(header).toEqual(columns.map((c) => REPORT_LABELS.en[c.labelKey]! + (c.kind === 'datetime' ? ' (MYT)' : '')));
    const at = (key: string) => columns.findIndex((c) => c.key === key);
    expect(rows.every((r) => r[at('Status')] === 'Success')).toBe(true);
    expect(rows.every((r) => /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/.test(r[at('CreatedAt')] ?? ''))).toBe(true);
    // The header currency (MYR, the first active one) governs the list and so the export.
    expect(rows.every((r) => r[at('Currency')] === 'MYR')).toBe(true);
  });

  it('switches user group and the menu changes at once', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByText('E-commerce', { exact: true }).count()).resolves.toBe(1);
    await pickInHeader(page, 'User group', /^Merchant HQ Finance/);
    await expect.poll(() => nav.getByText('Live transaction (online)').count()).toBe(0);
    await expect(nav.getByText('Dashboard').count()).resolves.toBeGreaterThan(0);
  });

  it('signs out, and the next page request is sent to /auth', async () => {
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByText('Sign out').click();
    await page.waitForURL((u) => u.pathname === '/auth');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
    await page.goto(`${portal.url}/transaction/ecommerce`);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.goto(`${portal.url}/`);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
});
