/**
 * Money in (issue 31) in a real browser against the real portal, with its traffic simulator on:
 * a batch posted by the simulator's client (apps/server/src/sim/ingest-client.ts: the
 * `standardwebhooks` signer, the demo gateway secret) shows in /transaction/ecommerce and in the
 * dashboard's count of today within 5 s; its replay answers DUPLICATE and the list still holds
 * one row per reference; a ticket above the large-transaction limit raises the rule, listed on
 * /risk-transaction; the simulator's own traffic moves today's count while the test watches, and
 * /payment-log-files lists its requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_SIGNING_SECRETS } from '../apps/server/src/sim/demo-secrets.ts';
import { postSigned } from '../apps/server/src/sim/ingest-client.ts';
import { simRef } from '../apps/server/src/sim/traffic.ts';
import { launchChromium, newPortalContext, signInOnPage } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 20_000 } as const;
/** The goal: what was posted is on screen within this many ms. */
const VISIBLE_MS = 5_000;

describe('money in: the signed ingest API and the traffic simulator', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mid: string;

  const rows = () => page.locator('main .ant-table-tbody tr.ant-table-row');
  const todayCount = async () => Number((await page.getByTestId('dash-today-count').innerText()).replace(/\D/g, ''));
  const post = (body: unknown) => postSigned(portal.url, '/api/ingest/v1/transactions', DEMO_SIGNING_SECRETS.PAYMENT_GATEWAY, body);
  const row = (over: Record<string, unknown> = {}) => ({
    TxnRefNo: simRef(), ServiceType: 1, PaymentMethod: 'CC', Status: 'SUCCESS', Mid: mid, Amount: '48.20', Currency: 'MYR',
    CreatedAt: new Date(Date.now() - 5_000).toISOString(), MaskedPan: '411111******1111', ...over,
  });

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal({ DEMO_SIMULATOR: 'true', SIM_TPS: '2' }), launchChromium()]);
    context = await newPortalContext(browser, { viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signInOnPage(page, portal.url, 'admin@paydesk.my', 'Paydesk@2026');
    // A merchant taking ecommerce payments: the MID of a successful ecommerce sale, read from its detail.
    await page.goto(`${portal.url}/transaction/ecommerce?status=SUCCESS`);
    await rows().first().waitFor(WAIT);
    await rows().first().click();
    const label = page.locator('.ant-descriptions-item-label').filter({ hasText: /^MID$/ }).first();
    await label.waitFor(WAIT);
    mid = (await label.locator('xpath=following-sibling::*[1]').innerText()).trim();
    expect(mid).toMatch(/^\w+$/);
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  it('shows a posted batch in the ecommerce list and the dashboard within 5 s; its replay changes nothing', async () => {
    await page.goto(`${portal.url}/`);
    await page.getByTestId('dash-today-count').waitFor(WAIT);
    const before = await todayCount();
    const batch = Array.from({ length: 40 }, () => row());
    const res = await post({ Transactions: batch });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Source: 'PAYMENT_GATEWAY', Created: 40, Rejected: 0 });
    // The dashboard: today's count has the 40 (and whatever the simulator added meanwhile).
    await page.reload();
    await expect.poll(async () => (await page.getByTestId('dash-today-count').isVisible()) && (await todayCount()) >= before + 40, { timeout: VISIBLE_MS }).toBe(true);
    // The list: the batch's last row, by its reference.
    const ref = batch[39]!.TxnRefNo;
    await page.goto(`${portal.url}/transaction/ecommerce?ref=${ref}`);
    await rows().filter({ hasText: ref }).first().waitFor({ timeout: VISIBLE_MS });
    expect(await rows().count()).toBe(1);

    const replay = await post({ Transactions: batch });
    expect(replay.body).toMatchObject({ Created: 0, Duplicates: 40 });
    await page.reload();
    await rows().filter({ hasText: ref }).first().waitFor(WAIT);
    expect(await rows().count()).toBe(1);
  });

  it('raises the large-transaction rule from an ingested row, listed on /risk-transaction', async () => {
    const big = row({ Amount: '15000.00' });
    const res = await post({ Transactions: [big] });
    expect(res.body).toMatchObject({ Created: 1 });
    expect(Number(res.body.Alerts)).toBeGreaterThanOrEqual(1);
    await page.goto(`${portal.url}/risk-transaction?ref=${big.TxnRefNo}`);
    await rows().filter({ hasText: big.TxnRefNo }).first().waitFor(WAIT);
    expect(await rows().count()).toBeGreaterThanOrEqual(1);
  });

  it("moves today's count with the simulator's own traffic, each of its requests in the payment log", async () => {
    await page.goto(`${portal.url}/`);
    await page.getByTestId('dash-today-count').waitFor(WAIT);
    const before = await todayCount();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('dash-today-count').waitFor(WAIT);
          return todayCount();
        },
        { timeout: 30_000, interval: 3_000 },
      )
      .toBeGreaterThan(before);
    // The payment log (issue 30's /payment-log-files): the ingest requests, inbound from the gateway and the terminal host.
    await page.goto(`${portal.url}/payment-log-files`);
    await rows().filter({ hasText: 'POST /api/ingest/v1/transactions' }).first().waitFor(WAIT);
    expect(await rows().filter({ hasText: /PAYMENT_GATEWAY|TERMINAL_HOST/ }).count()).toBeGreaterThan(0);
  });
});
