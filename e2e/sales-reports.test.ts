/**
 * A sales report (summary report) in headless Chromium against the real portal on a
 * fresh embedded database, as the SUPERADMIN and as a merchant HQ (its own subtree only): the
 * e-commerce sales report opens on the last 30 MYT days; changing the period and the group-by
 * writes them to the URL and asks again; the trend chart draws on a canvas and the table has its
 * rows and a totals row; the CSV export holds a header, one line per summary row and the totals
 * line; and a row's drill-down opens the live e-commerce list whose record count is the row's
 * transaction count.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPortalContext } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';
const PATH = '/sales-report/ecommerce';
/** expect.poll waits 1 s by default; a list's answer on a loaded machine may take longer. */
const POLL = { timeout: 20_000 };

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

const bodyRows = (page: Page) => page.locator('main .ant-table-tbody tr.ant-table-row');

/** The table has the answer of the current URL: no spinner, at least one row. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('main .ant-table .ant-spin-spinning').count(), POLL).toBe(0);
  await expect.poll(() => bodyRows(page).count(), POLL).toBeGreaterThan(0);
}

/** The texts of a column of the table, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator('main .ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return bodyRows(page).evaluateAll((rows, i) => rows.map((r) => (r.querySelectorAll('td')[i] as HTMLElement | undefined)?.innerText ?? ''), index);
}

describe('sales reports', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD, SEED_TRANSACTIONS: '2000' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  for (const [who, email] of [
    ['the SUPERADMIN', 'admin@paydesk.my'],
    ['a merchant HQ', 'merchant@paydesk.my'],
  ] as const) {
    it(`${who}: period, group-by, chart, table, CSV export and drill-down to the live list`, async () => {
      const context = await newPortalContext(browser, { acceptDownloads: true, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      try {
        await signIn(page, portal.url, email);
        await page.goto(`${portal.url}${PATH}`);
        await page.getByRole('heading', { level: 2 }).waitFor();
        await settled(page);
        // Opened on the last 30 days, one row per day at most, the chart drawn on a canvas.
        expect(await bodyRows(page).count()).toBeLessThanOrEqual(30);
        await page.locator('[data-testid="sales-chart"] canvas').first().waitFor();
        await expect.poll(() => page.getByTestId('sales-totals').innerText(), POLL).toMatch(/^Total/);

        // Period: weeks.
        await page.locator('main .ant-segmented-item', { hasText: 'Week' }).click();
        await page.waitForURL((u) => u.searchParams.get('period') === 'week');
        // The period column's title changes with the query, in the same render as the new request.
        await page.locator('main .ant-table-thead th', { hasText: 'Week starting' }).waitFor();
        await settled(page);
        expect(await bodyRows(page).count()).toBeLessThanOrEqual(6);

        // Group by status: one row per week and status.
        await page.getByLabel('Group by').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Status$/ }).click();
        await page.waitForURL((u) => u.searchParams.get('group') === 'Status');
        await page.locator('main .ant-table-thead th', { hasText: /^Status$/ }).waitFor();
        await settled(page);
        const statuses = await columnTexts(page, 'Status');
        expect(statuses.every((s) => s !== '' && s !== '-')).toBe(true);
        await page.locator('[data-testid="sales-chart"] canvas').first().waitFor();

        // CSV: header, one line per summary row, totals.
        const rows = await bodyRows(page).count();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /Export/ }).click();
        await page.getByRole('menuitem', { name: 'CSV' }).click();
        const file = readFileSync(await (await download).path(), 'utf8');
        const lines = file.split(/\r?\n/).filter((l) => l.trim() !== '');
        expect(lines).toHaveLength(rows + 2);

        // Drill-down from the row with the most transactions: the live list counts the same.
        const counts = (await columnTexts(page, 'Transactions')).map((c) => Number(c.replace(/,/g, '')));
        const best = counts.indexOf(Math.max(...counts));
        expect(counts[best]).toBeGreaterThan(0);
        await bodyRows(page).nth(best).getByTestId('sales-drill').click();
        await page.waitForURL((u) => u.pathname === '/transaction/ecommerce' && u.searchParams.has('from') && u.searchParams.has('status'));
        await expect.poll(async () => page.getByTestId('report-total').innerText(), POLL).toBe(`${counts[best]!.toLocaleString('en')} record${counts[best] === 1 ? '' : 's'}`);
      } finally {
        await context.close();
      }
    });
  }
});
