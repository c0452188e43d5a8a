/**
 * Saved views in a real browser against the real portal on a fresh embedded database, as
 * SUPERADMIN on /transaction/ecommerce: a list filtered (successful), sorted (amount, ascending)
 * and with one column turned off is saved under a name; in a fresh browser context (no column
 * choice stored) the view opens from the "Views" list with the same filter, sort and columns, and
 * its copied link opens the same list for another user (a merchant HQ, within its own scope).
 * No fixed sleeps: each step waits for the answer or the text it caused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { urlKeyOf } from '../apps/web/src/shared/report-query.ts';
import { clickSettled, launchChromium } from './browser.ts';
import { signIn as signInAs } from './onboarding-steps.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 20_000 } as const;
const LIST_API = '/api/portal/Transaction/Ecommerce/Search';
const VIEW = 'Successful by amount';

describe('saved views', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** Signs `email` in, in a new context (1440 × 900) that may read the clipboard. */
  async function signIn(email: string): Promise<Page> {
    const page = await signInAs(browser, portal.url, email);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    contexts.push(page.context());
    return page;
  }

  /** Runs `action` and waits for the list's answer and its rows. */
  async function listAfter(page: Page, action: () => Promise<unknown>): Promise<void> {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === LIST_API && r.request().method() === 'POST', WAIT);
    await action();
    expect((await answered).status()).toBe(200);
    await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor(WAIT);
  }

  const headers = (page: Page) => page.locator('main .ant-table-thead th').allInnerTexts().then((t) => t.map((x) => x.trim()).filter(Boolean));
  /** The rows' status and amount cells (by their headers' positions). */
  async function statusesAndAmounts(page: Page): Promise<{ statuses: string[]; amounts: number[] }> {
    const names = await page.locator('main .ant-table-thead th').allInnerTexts();
    const s = names.findIndex((n) => n.trim() === 'Status');
    const a = names.findIndex((n) => n.trim() === 'Amount');
    const rows = await page.locator('main .ant-table-tbody tr.ant-table-row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
    return { statuses: rows.map((r) => r[s]!.trim()), amounts: rows.map((r) => Number(r[a]!.replace(/[^\d.]/g, ''))) };
  }
  const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await portal?.stop();
  });

  it('saves filters, sort and columns under a name; the view and its link reopen them in a fresh browser and for another user', async () => {
    const page = await signIn('admin@paydesk.my');
    const query = `${urlKeyOf('Status')}=SUCCESS&sort=TxnAmount&order=asc`;
    await listAfter(page, () => page.goto(`${portal.url}/transaction/ecommerce?${query}`));
    // Turn off one column that is neither the status nor the amount.
    const before = await headers(page);
    const dropped = before.find((h) => !['Status', 'Amount', 'Reference no.'].includes(h))!;
    expect(dropped).toBeTruthy();
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name: dropped }).uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page), WAIT).not.toContain(dropped);

    // Save it.
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByTestId('saved-views').getByRole('button', { name: 'Save this view' }).click();
    await page.getByTestId('saved-view-name').fill(VIEW);
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/SavedView/Save', WAIT);
    await clickSettled(page, page.locator('.ant-modal').getByRole('button', { name: 'Save', exact: true }));
    expect((await saved).status()).toBe(200);
    await page.locator('.ant-message-success').filter({ hasText: `View "${VIEW}" saved` }).waitFor(WAIT);

    // A fresh browser context (no column choice stored): the view opens from the list.
    const fresh = await signIn('admin@paydesk.my');
    await listAfter(fresh, () => fresh.goto(`${portal.url}/transaction/ecommerce`));
    expect(await headers(fresh)).toContain(dropped);
    await fresh.getByRole('button', { name: 'Views' }).click();
    await listAfter(fresh, () => fresh.getByTestId('saved-views').getByText(VIEW, { exact: true }).click());
    await expect.poll(() => new URL(fresh.url()).search, WAIT).toBe(`?${query}`);
    await expect.poll(() => headers(fresh), WAIT).not.toContain(dropped);
    const reopened = await statusesAndAmounts(fresh);
    expect(new Set(reopened.statuses)).toEqual(new Set(['Success']));
    expect(ascending(reopened.amounts)).toBe(true);

    // Its link, copied, opens the same list for a merchant HQ.
    await fresh.getByRole('button', { name: 'Views' }).click();
    await fresh.getByTestId('saved-views').getByRole('button', { name: `Copy link: ${VIEW}` }).click();
    await fresh.locator('.ant-message-success').filter({ hasText: 'Link copied' }).waitFor(WAIT);
    const link = await fresh.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${portal.url}/transaction/ecommerce?${query}&cols=`)).toBe(true);
    expect(new URL(link).searchParams.get('cols')).toMatch(/^-\w+$/);
    const merchant = await signIn('merchant@paydesk.my');
    await listAfter(merchant, () => merchant.goto(link));
    await expect.poll(() => new URL(merchant.url()).search, WAIT).toBe(`?${query}`);
    await expect.poll(() => headers(merchant), WAIT).not.toContain(dropped);
    const shared = await statusesAndAmounts(merchant);
    expect(new Set(shared.statuses)).toEqual(new Set(['Success']));
    expect(ascending(shared.amounts)).toBe(true);
  }, 240_000);
});
