/**
 * The settlement desk in a real browser: on a fresh portal whose first start
 * generated and imported the providers' demo settlement files, a SUPERADMIN opens the Revenue
 * Monster settlement report, imports the sample file of the last day through the screen and
 * watches it go through the stages to its results, and sees Verify disabled with its reason on
 * the lines of its own file (four eyes); then finds a NOT TALLY item, reads the two
 * sides and the difference, verifies it with a note (the demo import has no importing user, so
 * four eyes allow it) and sees it VERIFIED; and exports the report as CSV. On the payouts built at
 * that first start, the same user holds a scheduled TPA payout for a risk violation from
 * /tpa-payout-report-v2 and sees it HELD, named as its holder, with Release disabled and the reason (four eyes).
 * From /payout-report's Bank batches, the user downloads the bulk-credit file of the demo batch
 * awaiting its result, records the bank's result file the first start left in payout-samples,
 * sees the batch completed, and opens its payouts, paid and failed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { urlKeyOf } from '../apps/web/src/shared/report-query.ts';
import { chooseOption, clickSettled, launchChromium, newPortalContext, settleAnimations, signInOnPage } from './browser.ts';
import { exportCsv } from './csv-export.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 30_000 } as const;

describe('settlement desk', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal({ JOB_POLL_SECONDS: '1' }), launchChromium()]);
    context = await newPortalContext(browser, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await signInOnPage(page, portal.url, 'admin@paydesk.my', 'Paydesk@2026');
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  const rows = () => page.locator('main .ant-table-tbody tr.ant-table-row');

  it('imports a settlement file through the screen and shows its progress and results', async () => {
    const samples = join(portal.dataDir, 'settlement-samples');
    const sample = readdirSync(samples).filter((n) => n.startsWith('rm-settlement-')).sort().at(-1)!;
    await page.goto(`${portal.url}/rm-settlement-report`);
    await rows().first().waitFor(WAIT);
    await clickSettled(page, page.getByTestId('recon-import-open'));
    const dialog = page.getByTestId('recon-import');
    await dialog.waitFor(WAIT);
    // Import without a file: the dialog says what is missing.
    await clickSettled(page, page.getByTestId('recon-import-start'));
    await dialog.getByText('Choose the settlement file to import').waitFor(WAIT);
    await dialog.locator('input[type=file]').setInputFiles(join(samples, sample));
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/Settlement/Import', WAIT);
    await clickSettled(page, page.getByTestId('recon-import-start'));
    expect((await sent).status()).toBe(200);
    await expect.poll(() => page.getByTestId('recon-import-status').innerText(), WAIT).toBe('Imported');
    expect(await page.getByTestId('recon-import-results').innerText()).toMatch(/Tally \d+ · Not tally \d+ · Provider only 2 · Portal only \d+ · Duplicate 0/);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  it("names who imported an item's file and shows Verify disabled, with the reason, to that user", async () => {
    // The provider-only lines of the file this user just imported (the newest), each naming its importer.
    await page.goto(`${portal.url}/rm-settlement-report?${urlKeyOf('Result')}=3&sort=TxnAt&order=desc`);
    await rows().first().waitFor(WAIT);
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
    let own = false;
    for (let i = 0; i < Math.min(5, await rows().count()) && !own; i++) {
      await rows().nth(i).click();
      await drawer.getByTestId('recon-actions').waitFor(WAIT);
      own = /File imported by\s+admin@paydesk\.my/.test(await drawer.innerText());
      if (!own) {
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden', ...WAIT });
      }
    }
    expect(own).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Verify' }).isDisabled()).toBe(true);
    expect(await drawer.getByTestId('recon-verify-why').innerText()).toContain('another user must verify its differences');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });
  });

  it('verifies a NOT TALLY item with a note, then exports the report', async () => {
    // Oldest first: items of the demo import (no importing user), not of the file this user just
    // imported, which four eyes keep from them (403).
    await page.goto(`${portal.url}/rm-settlement-report?${urlKeyOf('Result')}=2&sort=TxnAt&order=asc`);
    await rows().first().waitFor(WAIT);
    expect(await rows().first().innerText()).toContain('Not tally');
    await rows().first().click();
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
    await drawer.getByTestId('recon-actions').waitFor(WAIT);
    const text = await drawer.innerText();
    expect(text).toMatch(/Portal amount[\s\S]*Provider amount/);
    expect(text).toMatch(/Amount: provider [\d.]+, portal [\d.]+ \(\+[\d.]+\)/);
    await clickSettled(page, drawer.getByRole('button', { name: 'Verify' }));
    const note = page.getByTestId('recon-note');
    await note.waitFor(WAIT);
    await note.fill('Provider confirmed a surcharge; portal amount is right');
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/Settlement/Verify', WAIT);
    await clickSettled(page, page.locator('.ant-modal').filter({ has: note }).getByRole('button', { name: 'Verify' }));
    expect((await verified).status()).toBe(200);
    await page.locator('.ant-message-success').filter({ hasText: /verified/ }).first().waitFor(WAIT);
    await expect.poll(() => drawer.innerText(), WAIT).toContain('Provider confirmed a surcharge');
    expect(await drawer.innerText()).toContain('Verified');
    await note.waitFor({ state: 'hidden', ...WAIT });
    await settleAnimations(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', ...WAIT });
    const csv = await exportCsv(page);
    expect(csv.fileName).toMatch(/^rm-settlement-report/);
    expect(csv.header).toEqual(expect.arrayContaining(['Reference no.', 'Result', 'Portal amount', 'Provider amount', 'Differences']));
    expect(csv.rows.length).toBeGreaterThan(0);
    for (const r of csv.rows) expect(r[csv.header.indexOf('Result')]).toBe('Not tally');
  });

  it('holds a scheduled TPA payout for a risk violation, and refuses the release of its own hold', async () => {
    await page.goto(`${portal.url}/tpa-payout-report-v2?${urlKeyOf('State')}=SCHEDULED`);
    await rows().first().waitFor(WAIT);
    expect(await rows().first().innerText()).toContain('Scheduled');
    await rows().first().click();
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
    await drawer.getByTestId('payout-actions').waitFor(WAIT);
    expect(await drawer.innerText()).toMatch(/Payable[\s\S]*Net/);
    await clickSettled(page, drawer.getByRole('button', { name: 'Hold' }));
    const note = page.getByTestId('payout-note');
    await note.waitFor(WAIT);
    const modal = page.locator('.ant-modal').filter({ has: note });
    // The options are a virtual list: type to bring the rule into view.
    const violation = modal.getByLabel('Risk violation');
    await clickSettled(page, violation);
    await violation.fill('large-transaction');
    await chooseOption(page, violation, /large-transaction amount/);
    await note.fill('Card-not-present spike under review with the acquirer');
    const held = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/Payout/Hold', WAIT);
    await clickSettled(page, modal.getByRole('button', { name: 'Hold' }));
    expect((await held).status()).toBe(200);
    await note.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(() => drawer.innerText(), WAIT).toContain('Card-not-present spike under review');
    expect(await drawer.innerText()).toContain('Held');
    // Releasing one's own hold is refused (four eyes): the screen names the holder and says so on a
    // disabled Release before any note is typed.
    await expect.poll(() => drawer.innerText(), WAIT).toMatch(/Held by\s+admin@paydesk\.my/);
    const release = drawer.getByRole('button', { name: 'Release' });
    await release.waitFor(WAIT);
    expect(await release.isDisabled()).toBe(true);
    expect(await drawer.getByTestId('payout-release-why').innerText()).toContain('another user must release it');
  });

  it("records a bank batch's result file through the screen and shows its payouts paid and failed", async () => {
    const samples = join(portal.dataDir, 'payout-samples');
    const sample = readdirSync(samples).find((n) => n.startsWith('bank-result-PDB'))!;
    const reference = /PDB\d{8}/.exec(sample)![0];
    await page.goto(`${portal.url}/payout-report`);
    await rows().first().waitFor(WAIT);
    await clickSettled(page, page.getByTestId('payout-batches-open'));
    const list = page.getByTestId('payout-batch-list');
    const batchRow = list.locator('tr.ant-table-row', { hasText: reference });
    await batchRow.waitFor(WAIT);
    expect(await batchRow.innerText()).toContain("Awaiting the bank's result");
    // The bulk-credit file: H, a D per line, T.
    const download = page.waitForEvent('download', WAIT);
    await clickSettled(page, batchRow.getByRole('button', { name: 'Download file' }));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${reference}-\\d{8}-DIRECT-MYR\\.csv$`));
    const records = readFileSync((await file.path())!, 'utf8').trim().split('\r\n');
    expect(records[0]).toMatch(new RegExp(`^H,${reference},`));
    expect(records.at(-1)).toMatch(/^T,\d+,[\d.]+,\d+$/);
    const lines = records.filter((r) => r.startsWith('D,')).length;
    // Record the bank's answer: every line paid but one.
    await clickSettled(page, batchRow.getByRole('button', { name: 'Record bank result' }));
    const dialog = page.getByTestId('payout-result');
    await dialog.waitFor(WAIT);
    await dialog.locator('input[type=file]').setInputFiles(join(samples, sample));
    await clickSettled(page, page.getByTestId('payout-result-send'));
    const recorded = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/Result'), WAIT);
    await clickSettled(page, page.locator('.ant-modal-confirm').getByRole('button', { name: 'Yes, record' }));
    expect((await recorded).status()).toBe(200);
    await expect.poll(() => page.getByTestId('payout-result-done').innerText(), WAIT).toContain(`${lines - 1} paid, 1 failed`);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => batchRow.innerText(), WAIT).toContain('Completed');
    // The batch's log: who downloaded the file with the account numbers, who recorded the result.
    await clickSettled(page, batchRow.locator('button.ant-table-row-expand-icon'));
    const history = list.locator('[data-testid^="batch-history-"]');
    await expect.poll(() => history.innerText(), WAIT).toContain('Bank result recorded');
    expect(await history.innerText()).toContain('Bulk-credit file downloaded');
    // Its payouts: the report filtered by the batch.
    await clickSettled(page, batchRow.getByRole('button', { name: 'Show payouts' }));
    await page.waitForURL((u) => u.searchParams.has(urlKeyOf('BatchId')), WAIT);
    await expect.poll(async () => (await rows().allInnerTexts()).join('\n'), WAIT).toMatch(/Paid/);
    expect(await page.getByTestId('report-total').innerText()).toMatch(new RegExp(`\\b${lines}\\b`));
  });
});

