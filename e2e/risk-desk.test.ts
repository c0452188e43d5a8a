/**
 * The risk desk in a real browser, against the real portal on a fresh embedded
 * database whose demo seed ran the rules (replayed days and the demo scenarios through ingest):
 * the dashboard counts the open alerts and opens /risk; a SUPERADMIN takes a PENDING alert
 * (it becomes Open, named as its assignee, with no "Take over" for its owner), comments on it,
 * closes it with a resolution after the confirmation, reads the rule's finding and the transactions
 * it counted inline (linked to their details) and its history in words; each subject is named and
 * each case shows its age; a pending alert goes to a colleague picked from the server's list; "my
 * queue" lists the caller's cases; /risk-transaction lists the transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clickSettled, launchChromium, newPortalContext, signInOnPage } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 20_000 } as const;

describe('risk desk', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    context = await newPortalContext(browser, { viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInOnPage(page, portal.url, 'admin@paydesk.my', 'Paydesk@2026');
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  const rows = () => page.locator('main .ant-table-tbody tr.ant-table-row');
  const drawer = () => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
  const toast = (text: RegExp) => page.locator('.ant-message-success').filter({ hasText: text }).first().waitFor(WAIT);
  /** Runs `action` and waits for the answer of the Risk route it calls (200). */
  async function answered(route: string, action: () => Promise<void>): Promise<void> {
    const res = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/portal/Risk/${route}` && r.request().method() === 'POST', WAIT);
    await action();
    expect((await res).status()).toBe(200);
  }

  it('counts the open alerts on the dashboard and opens them', async () => {
    const figure = page.getByTestId('dash-open-risk-alerts');
    await figure.waitFor(WAIT);
    await expect.poll(async () => Number((await figure.innerText()).replace(/\D/g, '')), WAIT).toBeGreaterThan(0);
    await page.getByTestId('dash-open-risk-alerts-link').click();
    await page.waitForURL((u) => u.pathname === '/risk');
    await rows().first().waitFor(WAIT);
    expect(await rows().count()).toBeGreaterThan(0);
  });

  it('takes a pending alert, comments, closes it with a resolution and reads its history and evidence', async () => {
    await page.goto(`${portal.url}/risk?status=PENDING`);
    await rows().first().waitFor(WAIT);
    await rows().first().click();
    const d = drawer();
    await d.getByTestId('risk-actions').waitFor(WAIT);
    const id = /\/risk\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
    // The finding and the transactions it counted are in the detail itself, in words and units,
    // each transaction a link to its own detail.
    const evidence = d.getByTestId('risk-evidence');
    await evidence.waitFor(WAIT);
    const finding = await d.getByTestId('risk-finding').innerText();
    expect(finding).toMatch(/observed against/);
    expect(finding).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    expect(await evidence.locator('li').count()).toBeGreaterThan(0);
    const first = evidence.locator('li a').first();
    expect(await first.getAttribute('href')).toMatch(/^\/transaction\/[\w-]+(\/[\w-]+)?\/\d+$/);

    await answered('Assign', () => d.getByRole('button', { name: 'Take' }).click());
    await toast(new RegExp(`Alert ${id} is yours`));
    await d.getByRole('button', { name: 'Close alert' }).waitFor(WAIT);
    // The case is the admin's now: named as its assignee, and not offered back as "Take over".
    await expect.poll(() => d.innerText(), WAIT).toContain('admin@paydesk.my');
    expect(await d.getByRole('button', { name: 'Take over' }).count()).toBe(0);

    await d.getByRole('button', { name: 'Comment' }).click();
    await page.getByTestId('risk-note').fill('Called the merchant: card testing confirmed');
    await answered('Comment', () => clickSettled(page, page.locator('.ant-modal').filter({ has: page.getByTestId('risk-note') }).getByRole('button', { name: 'Comment' })));
    await toast(/Comment added/);

    await d.getByRole('button', { name: 'Close alert' }).click();
    const form = page.locator('.ant-modal').filter({ has: page.getByTestId('risk-note') });
    await form.getByRole('button', { name: 'Close alert' }).click();
    await form.getByText('This field cannot be empty').waitFor(WAIT);
    await page.getByTestId('risk-note').fill('Card blocked with the issuer; merchant informed');
    await form.getByRole('button', { name: 'Close alert' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor(WAIT);
    await answered('Close', () => clickSettled(page, confirm.getByRole('button', { name: 'Yes' })));
    await toast(new RegExp(`Alert ${id} closed`));
    await expect.poll(() => d.innerText(), WAIT).toContain('Closed');

    await d.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('risk-history');
    await history.waitFor(WAIT);
    const text = await history.innerText();
    expect(text).toMatch(/Raised[\s\S]*Taken[\s\S]*Comment[\s\S]*Closed/);
    expect(text).toContain('admin@paydesk.my');
    // The raising reads in words, never the rule's code.
    expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    await page.keyboard.press('Escape');
  });

  it('names each subject and how long it has waited, and gives a pending alert to a colleague picked from the list', async () => {
    await page.goto(`${portal.url}/risk?status=PENDING`);
    await rows().first().waitFor(WAIT);
    const header = await page.locator('main .ant-table-thead').innerText();
    expect(header).toContain('Age');
    // A subject is a name, a masked card, an IP or a reference: never an internal number alone.
    const subjectIndex = (await page.locator('main .ant-table-thead th').allInnerTexts()).findIndex((h) => h.trim() === 'Subject');
    expect(subjectIndex).toBeGreaterThanOrEqual(0);
    const subjects = await rows().locator(`td:nth-child(${subjectIndex + 1})`).allInnerTexts();
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.filter((x) => /^\d+$/.test(x.trim()))).toEqual([]);

    await rows().first().click();
    const d = drawer();
    await d.getByTestId('risk-actions').waitFor(WAIT);
    const id = /\/risk\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
    await d.getByRole('button', { name: 'Assign to…' }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('risk-actions-pick') });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('combobox').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await option.waitFor(WAIT);
    const colleague = (await option.innerText()).trim();
    expect(colleague).toMatch(/@/);
    expect(colleague).not.toBe('admin@paydesk.my');
    await option.click();
    await answered('AssignTo', () => clickSettled(page, dialog.getByRole('button', { name: 'Assign to…' })));
    await toast(new RegExp(`Alert ${id} assigned`));
    await expect.poll(() => d.innerText(), WAIT).toContain(colleague);
    await page.keyboard.press('Escape');
  });

  it("filters the desk to the caller's own queue, each case naming its assignee", async () => {
    await page.goto(`${portal.url}/risk?assignee=ME`);
    await rows().first().waitFor(WAIT);
    const texts = await rows().allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => t.includes('admin@paydesk.my'))).toBe(true);
    // The filter bar shows the choice, in words.
    expect(await page.locator('main form').innerText()).toContain('Me (my queue)');
  });

  it('lists the transactions that triggered rules, with the rule', async () => {
    await page.goto(`${portal.url}/risk-transaction`);
    await rows().first().waitFor(WAIT);
    expect(await rows().first().innerText()).toMatch(/PD[A-Z0-9]+/);
  });
});
