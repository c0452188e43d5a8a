/**
 * The global search (⌘K / Ctrl K) in a real browser against the real portal on a fresh embedded
 * database, as a merchant HQ: Ctrl+K opens the dialog, the last 4 digits of a seeded transaction's
 * card find it and Enter opens its detail; so does the tail of its reference. On a phone (390 px)
 * the header's search button opens the same dialog within the screen's width, and it passes axe.
 * The seeded transaction is read through the API (the newest e-commerce card sale of the merchant).
 * No fixed sleeps: each step waits for the answer or the text it caused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PortalClient, ecommerceTransactions, reportApi } from '@paydesk/contract';
import { seriousViolations } from './a11y.ts';
import { launchChromium, newPortalContext, signInOnPage } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';
const EMAIL = 'merchant@paydesk.my';
const WAIT = { timeout: 20_000 } as const;
const SEARCH_API = '/api/portal/GlobalSearch/Search';

describe('global search', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let sample: { id: number; ref: string; last4: string };

  /** Signs the merchant HQ in at a viewport and waits for the header's search button (its shortcut is live then). */
  async function signIn(width: number, height: number): Promise<Page> {
    // bypassCSP: the portal's CSP (script-src 'self') would refuse the injected axe-core script.
    const context = await newPortalContext(browser, { viewport: { width, height }, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    await signInOnPage(page, portal.url, EMAIL, PASSWORD);
    await page.getByRole('button', { name: /^Search( Ctrl K)?$/ }).waitFor(WAIT);
    return page;
  }

  /** Types `text` into the open dialog's box and waits for the search answer of exactly that text. */
  async function typeQuery(page: Page, text: string): Promise<void> {
    const box = page.getByRole('combobox', { name: 'Search the records you can see' });
    await box.waitFor(WAIT);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === SEARCH_API && r.status() === 200, WAIT);
    await box.fill(text);
    await answered;
  }

  /** The option of the sample transaction in the open dialog. */
  const sampleOption = (page: Page) => page.getByRole('option').filter({ hasText: sample.ref });

  /** Presses Enter until the URL is the sample's detail (the active option is the first hit; arrows move to it). */
  async function openSampleWithKeys(page: Page): Promise<void> {
    await sampleOption(page).waitFor(WAIT);
    const options = await page.getByRole('option').allInnerTexts();
    const at = options.findIndex((t) => t.includes(sample.ref));
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => sampleOption(page).getAttribute('aria-selected'), WAIT).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/transaction/ecommerce/${sample.id}` && u.searchParams.get('ref') === sample.ref, WAIT);
    // The detail drawer of the transaction opens over its list.
    await page.getByRole('dialog').filter({ hasText: sample.ref }).first().waitFor(WAIT);
  }

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    const client = new PortalClient(portal.url);
    await client.login(EMAIL, PASSWORD);
    const page = await reportApi(client, ecommerceTransactions).search({ RowsPerPage: 50 });
    const row = page.Items.find((i) => typeof i.MaskedPAN === 'string' && /\d{4}$/.test(i.MaskedPAN));
    if (!row) throw new Error('no card transaction seeded for the merchant');
    sample = { id: row.Id, ref: String(row.TxnRefNo), last4: String(row.MaskedPAN).slice(-4) };
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await portal?.stop();
  });

  it('Ctrl+K finds a transaction by the last 4 digits of its card, and Enter opens it', async () => {
    const page = await signIn(1440, 900);
    await page.keyboard.press('Control+k');
    await typeQuery(page, sample.last4);
    await openSampleWithKeys(page);
  });

  it('Ctrl+K finds a transaction by part of its reference (its tail), and Enter opens it', async () => {
    const page = await signIn(1440, 900);
    await page.keyboard.press('Control+k');
    await typeQuery(page, sample.ref.slice(-8));
    await openSampleWithKeys(page);
  });

  it('works on a phone: the header button opens the dialog within 390 px, grouped hits, a nothing-found state', async () => {
    const page = await signIn(390, 844);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await typeQuery(page, sample.ref.slice(0, 10));
    await sampleOption(page).waitFor(WAIT);
    await page.getByRole('group', { name: 'Transactions' }).waitFor(WAIT);
    const box = await page.locator('.ant-modal').first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The open dialog with its grouped hits, the second one active, passes axe (WCAG 2.1 A and AA).
    await page.keyboard.press('ArrowDown');
    expect(await seriousViolations(page)).toEqual([]);
    await typeQuery(page, 'ZZZZZZZZ');
    await page.getByText('Nothing found.', { exact: false }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Search the records you can see' }).waitFor({ state: 'hidden', ...WAIT });
  });
});
