/**
 * The refund desk in a real browser, against the real portal on a fresh
 * embedded database:
 *  - as a merchant HQ, requests a refund from an e-commerce transaction's detail through the §3
 *    form (the service type is required with 'placeholder_cannot_be_empty'; the amount cannot be
 *    typed), and sees the request pending in the transaction and in its /pre-chargeback queue;
 *  - as SUPERADMIN, takes pending requests through the six actions of the handling screen:
 *    details (with a link to the original transaction's detail), manual refund, view log, resend acknowledgement (disabled, with its reason, for a merchant without a callback URL), reject and mark not found, each
 *    with its §8 prompt word for word, and sees each request's new status.
 * No fixed sleeps: each step waits for what it caused (a request's answer, a text, a status).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { urlKeyOf } from '../apps/web/src/shared/report-query.ts';
import { chooseOption, clickSettled, launchChromium, newPortalContext, signInOnPage } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';
const WAIT = { timeout: 20_000 } as const;
const EMPTY = 'This field cannot be empty';

describe('refund desk', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function signIn(email: string): Promise<Page> {
    const context = await newPortalContext(browser, { viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signInOnPage(page, portal.url, email, PASSWORD);
    return page;
  }

  /** Opens `path` with `query` and waits for the list's answer. */
  async function openList(page: Page, path: string, query: Record<string, string>): Promise<void> {
    const api = path === '/pre-chargeback' ? '/api/portal/RiskPreChargeback/Request/Search' : '/api/portal/Transaction/Ecommerce/Search';
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === api && r.request().method() === 'POST', WAIT);
    await page.goto(`${portal.url}${path}?${new URLSearchParams(query).toString()}`);
    expect((await answered).status()).toBe(200);
    await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor(WAIT);
  }

  /** Opens the `n`th row's detail drawer and answers it. */
  async function openRow(page: Page, n: number) {
    await page.locator('main .ant-table-tbody tr.ant-table-row').nth(n).click();
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
    await drawer.getByTestId('refund-actions').or(drawer.getByTestId('request-refund')).or(drawer.locator('.ant-tag')).first().waitFor(WAIT);
    return drawer;
  }

  /** The §8 prompt shown by a confirmation: its title must be `text`; answers its OK button. */
  /** Answers Yes to the §8 prompt titled `text`, once it has settled. */
  async function prompt(page: Page, text: string) {
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor(WAIT);
    expect((await confirm.locator('.ant-modal-confirm-title').innerText()).trim()).toBe(text);
    await clickSettled(page, confirm.getByRole('button', { name: 'Yes' }));
  }

  /** Waits for a success toast containing `text`. */
  const toast = (page: Page, text: RegExp) => page.locator('.ant-message-success').filter({ hasText: text }).first().waitFor(WAIT);

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal({ JOB_POLL_SECONDS: '1' }), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await portal?.stop();
  });

  it('lets a merchant HQ request a refund from a transaction detail through the §3 form', async () => {
    const page = await signIn('merchant@paydesk.my');
    await openList(page, '/transaction/ecommerce', { [urlKeyOf('Status')]: 'SUCCESS' });
    // The first successful sale with nothing refunded yet offers the form.
    let drawer = await openRow(page, 0);
    for (let i = 1; !(await drawer.getByTestId('request-refund').isVisible()) && i < 10; i++) {
      await page.keyboard.press('Escape');
      drawer = await openRow(page, i);
    }
    const ref = (await drawer.locator('.ant-drawer-title').innerText()).split(' · ').pop()!.trim();
    await drawer.getByTestId('request-refund').click();
    const form = page.getByTestId('refund-form');
    await form.waitFor(WAIT);
    // The amount is shown and cannot be typed; the reference is the transaction's.
    expect(await page.getByTestId('refund-amount').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('refund-amount').inputValue()).toMatch(/RM\s?[\d,]+\.\d{2}/);
    expect(await page.getByTestId('refund-references').inputValue()).toBe(ref);
    // Service type is required: cleared, the form refuses with §5's message.
    await form.locator('.ant-select').first().hover();
    await form.locator('.ant-select-clear').first().click();
    await page.getByTestId('refund-submit').click();
    await form.getByText(EMPTY).first().waitFor(WAIT);
    expect(await form.getByText(EMPTY).count()).toBe(2);
    await chooseOption(page, form.getByLabel('Service type'), 'E-commerce');
    await chooseOption(page, form.getByLabel('Reason'), 'Requested by customer');
    await form.getByLabel('Description').fill('Customer cancelled the order');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/RiskPreChargeback/RequestRefund', WAIT);
    await clickSettled(page, page.getByTestId('refund-submit'));
    const answer = await sent;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await toast(page, new RegExp(`Refund requested for ${ref}`));
    // The transaction now shows its pending request, and the merchant's queue holds it.
    await drawer.getByText('Refund request pending').waitFor(WAIT);
    await openList(page, '/pre-chargeback', { [urlKeyOf('TxnRefNo')]: ref });
    const row = page.locator('main .ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => row.innerText(), WAIT).toContain('Pending');
    expect(await row.innerText()).toContain('Requested by customer');
    // A merchant watches its requests; deciding them is the platform's.
    const mine = await openRow(page, 0);
    expect(await mine.getByRole('button', { name: 'Manual refund' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'View log' }).count()).toBe(1);
  }, 180_000);

  it('takes pending requests through the six actions of the handling screen as SUPERADMIN, with the §8 prompts', async () => {
    const page = await signIn('admin@paydesk.my');
    const pending = { [urlKeyOf('Status')]: 'PENDING' };

    // 1–2. Details, then the manual refund (the §3 form read-only, the amount confirmed).
    await openList(page, '/pre-chargeback', pending);
    let drawer = await openRow(page, 0);
    const refunded = (await drawer.locator('.ant-drawer-title').innerText()).split(' · ').pop()!.trim();
    expect(await drawer.innerText()).toContain('Refund reason');
    // The original transaction opens in its own view's detail, and the desk is one step back.
    await drawer.getByTestId('refund-original').click();
    await page.waitForURL((u) => /^\/transaction\/[\w/-]+\/\d+$/.test(u.pathname), WAIT);
    await page.locator('.ant-drawer-title').filter({ hasText: refunded }).first().waitFor(WAIT);
    await openList(page, '/pre-chargeback', pending);
    drawer = await openRow(page, 0);
    expect((await drawer.locator('.ant-drawer-title').innerText()).split(' · ').pop()!.trim()).toBe(refunded);
    await drawer.getByRole('button', { name: 'Manual refund' }).click();
    const form = page.getByTestId('manual-refund-form');
    await form.waitFor(WAIT);
    expect(await form.innerText()).toContain(refunded);
    const refundSent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/RiskPreChargeback/UpdateRefund', WAIT);
    await clickSettled(page, page.getByRole('button', { name: /^Refund RM/ }));
    expect((await refundSent).status()).toBe(200);
    await toast(page, new RegExp(`${refunded} refunded`));

    // 3. View log: the request and the refund by this user.
    await drawer.getByRole('button', { name: 'View log' }).click();
    const log = page.getByTestId('refund-log');
    await log.waitFor(WAIT);
    await expect.poll(() => log.innerText(), WAIT).toContain('admin@paydesk.my');
    expect(await log.innerText()).toMatch(/Requested[\s\S]*Refunded/);
    await page.keyboard.press('Escape');

    // 4. Resend acknowledgement: the demo merchant has no callback, so the delivery fails at once
    //    (REFUNDED_ACK_FAIL); a resend would fail the same way, so the desk shows it disabled and
    //    says why (the resend itself: refund-ack.test.ts, with a real receiver).
    await openList(page, '/pre-chargeback', { [urlKeyOf('TxnRefNo')]: refunded });
    await expect
      .poll(async () => {
        await openList(page, '/pre-chargeback', { [urlKeyOf('TxnRefNo')]: refunded });
        return page.locator('main .ant-table-tbody tr.ant-table-row').first().innerText();
      }, WAIT)
      .toContain('acknowledgement failed');
    drawer = await openRow(page, 0);
    const resend = drawer.getByRole('button', { name: 'Resend acknowledgement' });
    await resend.waitFor(WAIT);
    expect(await resend.isDisabled()).toBe(true);
    expect(await drawer.getByTestId('refund-actions-why').innerText()).toContain('the merchant has no callback URL');
    await page.keyboard.press('Escape');

    // 5. Reject: the description is required, then the §8 prompt.
    await openList(page, '/pre-chargeback', pending);
    drawer = await openRow(page, 0);
    const rejected = (await drawer.locator('.ant-drawer-title').innerText()).split(' · ').pop()!.trim();
    await drawer.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('refund-description') });
    await dialog.waitFor(WAIT);
    await clickSettled(page, dialog.getByRole('button', { name: 'Reject' }));
    await dialog.getByText(EMPTY).waitFor(WAIT);
    await page.getByTestId('refund-description').fill('Duplicate of an earlier request');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const rejectSent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/RiskPreChargeback/Reject', WAIT);
    await prompt(page, 'are you sure to reject this transaction for refund');
    expect((await rejectSent).status()).toBe(200);
    await toast(page, new RegExp(`${rejected} rejected`));
    await page.keyboard.press('Escape');

    // 6. Mark not found: the same form, its own prompt.
    await openList(page, '/pre-chargeback', pending);
    drawer = await openRow(page, 0);
    const notFound = (await drawer.locator('.ant-drawer-title').innerText()).split(' · ').pop()!.trim();
    await drawer.getByRole('button', { name: 'Mark not found' }).click();
    await page.getByTestId('refund-description').fill('No such payment at the acquirer');
    await clickSettled(page, page.locator('.ant-modal').filter({ has: page.getByTestId('refund-description') }).getByRole('button', { name: 'Mark not found' }));
    const notFoundSent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/RiskPreChargeback/TxnNotFound', WAIT);
    await prompt(page, 'are you sure to mark this transaction as not found');
    expect((await notFoundSent).status()).toBe(200);
    await toast(page, new RegExp(`${notFound} marked as not found`));
    await page.keyboard.press('Escape');

    // Each request shows its new status in the queue.
    for (const [ref, status] of [[rejected, 'Rejected'], [notFound, 'Transaction not found']] as const) {
      await openList(page, '/pre-chargeback', { [urlKeyOf('TxnRefNo')]: ref });
      expect(await page.locator('main .ant-table-tbody tr.ant-table-row').first().innerText()).toContain(status);
    }
  }, 240_000);

  it('rejects 5 selected requests at once: one description, one prompt, a result per request', async () => {
    const page = await signIn('admin@paydesk.my');
    await openList(page, '/pre-chargeback', { [urlKeyOf('Status')]: 'PENDING' });
    const rows = page.locator('main .ant-table-tbody tr.ant-table-row');
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) {
      await rows.nth(i).getByRole('checkbox').check();
      refs.push((await rows.nth(i).getAttribute('aria-label'))!.replace('Open transaction ', ''));
    }
    const bar = page.getByTestId('bulk-bar');
    expect(await bar.innerText()).toContain('5 selected');
    await bar.getByRole('button', { name: 'Reject' }).click();
    await page.getByTestId('bulk-note').fill('Duplicate requests from one checkout');
    await clickSettled(page, page.locator('.ant-modal').filter({ has: page.getByTestId('bulk-note') }).getByRole('button', { name: 'Reject' }));
    await prompt(page, 'Reject 5 refund requests?');
    const results = page.getByTestId('bulk-results');
    await page.locator('.ant-modal-title').getByText('Reject: 5 of 5 done').waitFor(WAIT);
    const lines = await results.getByTestId('bulk-result').allInnerTexts();
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => l.startsWith('Done'))).toBe(true);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
    // Each request is rejected in the queue, with the description given once for all.
    for (const ref of refs) {
      await openList(page, '/pre-chargeback', { [urlKeyOf('TxnRefNo')]: ref });
      expect(await rows.first().innerText()).toContain('Rejected');
    }
  }, 240_000);
});
