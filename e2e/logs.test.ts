/**
 * Logs and observability (issue 30, "Done when" e2e) in a real browser against the real portal on a
 * fresh embedded database (one portal for the file: fast refund acknowledgement retries, private
 * outbound addresses allowed, a metrics token):
 *  1. a failing action's toast gives a reference that finds the request in the portal log: a key
 *     listed on /log-ingest-keys is revoked meanwhile by a colleague (the node client), Revoke in
 *     the browser is refused (409), the error toast shows "Reference: <uuid>", and /portal-log-files
 *     filtered by that reference shows the request, its status and duration, in the row and in its
 *     detail;
 *  2. the scheduler log shows a refund acknowledgement's retries: a merchant's callback URL points
 *     at a real HTTPS receiver on loopback that answers 503, 503, then 200; the manual refund made
 *     on the refund desk leaves RETRY, RETRY, COMPLETED on /scheduler-log-files under the refund's
 *     request id, and its request timeline shows the portal request, then each provider call and
 *     job attempt in order;
 *  3. a terminal log line sent over OTLP/HTTP by OpenTelemetry's own SDK and exporter with the demo
 *     terminal key shows in the live tail within 2 s of its export; Pause holds (and counts) what
 *     matches the screen's filters, Resume shows it;
 *  4. GET /metrics with the token passes `promtool check metrics`; without it, it is refused.
 * No fixed sleeps: each step waits for what it caused (an answer, a row, a text).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ExportResultCode } from '@opentelemetry/core';
import { PortalClient, reportApi, type ReportRow } from '@paydesk/contract';
import { DEMO_INGEST_KEYS } from '../apps/server/src/seed/demo-ingest-keys.ts';
import { urlKeyOf } from '../apps/web/src/shared/report-query.ts';
import { clickSettled, launchChromium, newPortalContext, signInOnPage } from './browser.ts';
import { httpsReceiver, otlpTerminalLogger, promtoolCheck, type HttpsReceiver } from './log-helpers.ts';
import { startPortal, type RunningPortal } from './server.ts';

const ADMIN = 'admin@paydesk.my';
const PASSWORD = 'Paydesk@2026';
const WAIT = { timeout: 20_000 } as const;
const METRICS_TOKEN = 'e2e-metrics-token-7f3a9c2d51b84e06';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** This run's mark in every label and log line it writes. */
const RUN = randomUUID().slice(0, 8);

const pathOf = (url: string) => new URL(url).pathname;

describe('logs and observability', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let receiver: HttpsReceiver;
  let admin: PortalClient;
  const contexts: BrowserContext[] = [];

  async function signIn(): Promise<Page> {
    const context = await newPortalContext(browser, { viewport: { width: 1600, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await signInOnPage(page, portal.url, ADMIN, PASSWORD);
    return page;
  }

  const rowsOf = (page: Page) => page.locator('main .ant-table-tbody tr.ant-table-row');

  /** Opens the list at `path` with `query`, waits for its Search answer (200) and answers its rows' count. */
  async function openList(page: Page, path: string, api: string, query: Record<string, string>): Promise<number> {
    const answered = page.waitForResponse((r) => pathOf(r.url()) === `/api/portal/${api}/Search` && r.request().method() === 'POST', WAIT);
    await page.goto(`${portal.url}${path}?${new URLSearchParams(query).toString()}`);
    expect((await answered).status()).toBe(200);
    await rowsOf(page).first().or(page.locator('main .ant-table-placeholder')).first().waitFor(WAIT);
    return rowsOf(page).count();
  }

  /** Opens the list again until it shows `n` rows (log entries are stored in batches off the request path). */
  async function openListWith(page: Page, path: string, api: string, query: Record<string, string>, n: number): Promise<void> {
    await expect.poll(() => openList(page, path, api, query), { timeout: 60_000 }).toBe(n);
  }

  /** A list row's cells by column title (the header's titles, in order). */
  async function cellsOf(page: Page, row: Locator): Promise<Record<string, string>> {
    const titles = await page.locator('main .ant-table-thead th').allInnerTexts();
    const cells = await row.locator('td').allInnerTexts();
    return Object.fromEntries(titles.map((t, i) => [t.trim(), (cells[i] ?? '').trim()]));
  }

  /** The value shown for `label` in a detail drawer's fields. */
  const detailValue = (drawer: Locator, label: string) =>
    drawer.locator(`xpath=.//th[contains(@class,"ant-descriptions-item-label")][normalize-space()=${JSON.stringify(label)}]/following-sibling::td[1]`).innerText();

  const detailDrawer = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('report-detail-body') });

  beforeAll(async () => {
    receiver = await httpsReceiver();
    [portal, browser] = await Promise.all([
      startPortal({
        REFUND_ACK_RETRY_LIMIT: '3',
        REFUND_ACK_RETRY_DELAY_SECONDS: '1',
        JOB_POLL_SECONDS: '1',
        // The receiver is on loopback, which a callback may reach only with this.
        CALLBACK_ALLOW_PRIVATE: 'true',
        // The receiver's self-signed certificate, trusted by the portal's node as an extra anchor.
        NODE_EXTRA_CA_CERTS: receiver.certFile,
        METRICS_TOKEN,
      }),
      launchChromium(),
    ]);
    admin = new PortalClient(portal.url);
    await admin.login(ADMIN, PASSWORD);
  }, 300_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await portal?.stop();
    await receiver?.close();
  });

  it('a refused action’s toast reference finds the request in the portal log, with its status and duration', async () => {
    const page = await signIn();
    const label = `E2E terminal host ${RUN}`;
    const issued = await admin.call('logIngestKeyIssue', { body: { Source: 'TERMINAL', Label: label } });
    const listed = page.waitForResponse((r) => pathOf(r.url()) === '/api/portal/LogIngestKey/Search' && r.status() === 200, WAIT);
    await page.goto(`${portal.url}/log-ingest-keys`);
    await listed;
    const row = rowsOf(page).filter({ hasText: label });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain('Active');

    // A colleague revokes it meanwhile; this page still lists it as active.
    expect((await admin.call('logIngestKeyRevoke', { body: { Id: issued.Item.Id } })).Status).toBe('REVOKED');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor(WAIT);
    const refused = page.waitForResponse((r) => pathOf(r.url()) === '/api/portal/LogIngestKey/Revoke', WAIT);
    await clickSettled(page, confirm.getByRole('button', { name: 'Revoke' }));
    const answer = await refused;
    expect(answer.status()).toBe(409);

    // The error toast names the request.
    const reference = page.locator('.ant-message-error .toast-reference');
    await reference.waitFor(WAIT);
    const shown = (await reference.innerText()).trim();
    expect(shown).toMatch(/^Reference: /);
    const requestId = shown.replace(/^Reference: /, '');
    expect(requestId).toMatch(UUID);
    expect(answer.headers()['x-request-id']).toBe(requestId);

    // The portal log found by that reference: one request, its operation, status and duration.
    await openListWith(page, '/portal-log-files', 'Log/Portal', { [urlKeyOf('RequestId')]: requestId }, 1);
    const entry = rowsOf(page).first();
    const cells = await cellsOf(page, entry);
    expect(cells).toMatchObject({ Operation: 'POST /api/portal/LogIngestKey/Revoke', Outcome: '409', Level: 'Warning' });
    expect(cells['Duration (ms)']).toMatch(/^\d[\d,]*$/);
    expect(cells['Request reference']).toBe(requestId);
    expect(cells.User).toBe(ADMIN);

    // Its detail says the same.
    await entry.click();
    const drawer = detailDrawer(page);
    await drawer.getByTestId('report-detail-body').waitFor(WAIT);
    expect((await detailValue(drawer, 'Operation')).trim()).toBe('POST /api/portal/LogIngestKey/Revoke');
    expect((await detailValue(drawer, 'Outcome')).trim()).toBe('409');
    expect((await detailValue(drawer, 'Duration (ms)')).trim()).toBe(cells['Duration (ms)']);
    expect((await detailValue(drawer, 'Request reference')).trim()).toBe(requestId);
    expect(await detailValue(drawer, 'Message')).toContain('409');
  });

  it('the scheduler log shows a refund acknowledgement’s retries, and the request timeline ties them to the refund', async () => {
    // A PENDING refund request of a merchant HQ, through the refund desk's report API.
    const requests = reportApi(admin, { api: 'RiskPreChargeback/Request' });
    const pending = (await requests.search({ RowsPerPage: 20, SearchData: { Status: ['PENDING'] } })).Items;
    let target: { ref: string; config: Record<string, unknown> } | null = null;
    for (const r of pending) {
      const configs = await admin.callPath<{ Items: Record<string, unknown>[] }>('POST', '/api/portal/MerchantConfig/Search', {
        PageIndex: 1, RowsPerPage: 10, SearchData: { Keyword: String(r.MerchantName) },
      });
      const hq = configs.Items.find((c) => c.OrgLevel === 'MERCHANT_HQ' && c.OrgName === r.MerchantName);
      if (!hq) continue;
      const mine = await requests.search({ RowsPerPage: 50, SearchData: { Status: ['PENDING'], MerchantId: hq.OrgId } });
      if (mine.Items.some((m: ReportRow) => m.Id === r.Id)) {
        target = { ref: String(r.TxnRefNo), config: hq };
        break;
      }
    }
    if (!target) throw new Error('no PENDING refund request of a merchant HQ in the demo seed');

    // Its callback URL: the receiver, which answers 503 twice, then 200.
    const callback = `${receiver.origin}/paydesk/refunds/${RUN}`;
    // A Standard Webhooks secret (whsec_ and the base64 of 32 bytes), the only format the configuration takes.
    const secret = `whsec_${btoa(`e2e logs ${RUN} callback secret!`)}`;
    const { config } = target;
    if (config.Id) await admin.callPath('PUT', '/api/portal/MerchantConfig/Update', { Id: config.Id, Version: config.Version, CallbackUrl: callback, CallbackSecret: secret });
    else await admin.callPath('POST', '/api/portal/MerchantConfig/Create', { OrgId: config.OrgId, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, RiskProfile: 'STANDARD', CallbackUrl: callback, CallbackSecret: secret });
    receiver.received.length = 0;
    receiver.script.push(503, 503);

    // The manual refund on the refund desk.
    const page = await signIn();
    await openList(page, '/pre-chargeback', 'RiskPreChargeback/Request', { [urlKeyOf('TxnRefNo')]: target.ref });
    await rowsOf(page).first().click();
    const drawer = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title') });
    await drawer.getByRole('button', { name: 'Manual refund' }).click();
    await page.getByTestId('manual-refund-form').waitFor(WAIT);
    const refunded = page.waitForResponse((r) => pathOf(r.url()) === '/api/portal/RiskPreChargeback/UpdateRefund', WAIT);
    await clickSettled(page, page.getByRole('button', { name: /^Refund RM/ }));
    const answer = await refunded;
    expect(answer.status()).toBe(200);
    const requestId = answer.headers()['x-request-id']!;
    expect(requestId).toMatch(UUID);

    // The receiver is called three times, each call carrying the refund's request id.
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(3);
    expect(receiver.received.map((r) => r.headers['x-request-id'])).toEqual([requestId, requestId, requestId]);

    // The scheduler log by that request id: the three attempts, newest first.
    await openListWith(page, '/scheduler-log-files', 'Log/Scheduler', { [urlKeyOf('RequestId')]: requestId }, 3);
    const attempts = await Promise.all([0, 1, 2].map((i) => cellsOf(page, rowsOf(page).nth(i))));
    expect(attempts.map((a) => [a.Operation, a.Outcome])).toEqual([
      ['refund-ack', 'COMPLETED'],
      ['refund-ack', 'RETRY'],
      ['refund-ack', 'RETRY'],
    ]);
    expect(attempts.map((a) => a.Level)).toEqual(['Info', 'Warning', 'Warning']);
    for (const a of attempts) expect(a['Duration (ms)']).toMatch(/^\d[\d,]*$/);

    // The first attempt's request timeline: the portal request, then each call and its attempt, in order.
    await rowsOf(page).nth(2).click();
    const detail = detailDrawer(page);
    await detail.getByTestId('request-timeline-open').click();
    const timeline = page.getByTestId('request-timeline');
    await timeline.waitFor(WAIT);
    const items = timeline.locator('.ant-timeline-item');
    await expect.poll(() => items.count(), WAIT).toBe(7);
    const entries = await items.evaluateAll((els) => els.map((el) => ({ log: el.querySelector('.ant-tag')?.textContent ?? '', text: (el as HTMLElement).innerText })));
    expect(entries.map((e) => e.log)).toEqual(['Portal log', 'Payment log', 'Scheduler log', 'Payment log', 'Scheduler log', 'Payment log', 'Scheduler log']);
    expect(entries[0]!.text).toContain('POST /api/portal/RiskPreChargeback/UpdateRefund · 200');
    const calls = entries.filter((e) => e.log === 'Payment log').map((e) => e.text);
    const outcomes = [' · 503 · ', ' · 503 · ', ' · 200 · '];
    calls.forEach((c, i) => {
      expect(c).toContain(`POST ${callback}`);
      expect(c).toContain(outcomes[i]);
    });
    const jobs = entries.filter((e) => e.log === 'Scheduler log').map((e) => e.text);
    expect(jobs.map((j) => /refund-ack · (\w+) · \d+ ms/.exec(j)?.[1])).toEqual(['RETRY', 'RETRY', 'COMPLETED']);
  });

  it('a terminal log line sent over OTLP/HTTP with the demo key shows in the live tail within 2 s; Pause holds, Resume shows', async () => {
    const page = await signIn();
    const otlp = otlpTerminalLogger(portal.url, DEMO_INGEST_KEYS.TERMINAL);
    try {
      // The screen filtered by this run's mark: the tail follows the screen's filters, so the demo
      // terminal host's own lines stay out.
      const mark = `e2e-tail-${RUN}`;
      await openList(page, '/terminal-log-files', 'Log/Terminal', { [urlKeyOf('Text')]: mark });
      const tailOpened = page.waitForResponse((r) => pathOf(r.url()) === '/api/portal/Log/Terminal/Tail', WAIT);
      await page.getByTestId('live-tail-open').click();
      expect((await tailOpened).status()).toBe(200);
      const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('live-tail-rows') });
      // Live: the status dot turns to "processing" once the stream is open.
      await drawer.locator('.ant-badge-status-processing').waitFor(WAIT);
      const rows = drawer.getByTestId('live-tail-rows').locator('tr.ant-table-row');
      expect(await rows.count()).toBe(0);

      const live = `${mark} terminal T${RUN} settlement upload done`;
      const exported = await otlp.send(live, { 'terminal.id': `E2E${RUN.slice(0, 5).toUpperCase()}` });
      expect(exported.code, String(exported.error)).toBe(ExportResultCode.SUCCESS);
      await rows.filter({ hasText: live }).waitFor({ timeout: 10_000 });
      const waited = Date.now() - exported.at;
      expect(waited, `shown ${waited} ms after its export finished`).toBeLessThan(2_000);
      expect(await rows.count()).toBe(1);

      // Paused: a matching line is held and counted, a line of another text is not tailed at all.
      await drawer.getByTestId('live-tail-pause').click();
      await drawer.getByTestId('live-tail-resume').waitFor(WAIT);
      expect((await otlp.send(`e2e-other-${RUN} not for this screen`)).code).toBe(ExportResultCode.SUCCESS);
      const heldLine = `${mark} terminal T${RUN} paper low`;
      expect((await otlp.send(heldLine)).code).toBe(ExportResultCode.SUCCESS);
      const held = drawer.getByTestId('live-tail-held');
      await held.waitFor(WAIT);
      expect((await held.innerText()).trim()).toBe('1 new entries held while paused');
      expect(await rows.count()).toBe(1);
      expect(await rows.filter({ hasText: heldLine }).count()).toBe(0);

      // Resume: the held line shows, newest first, and the notice goes.
      await drawer.getByTestId('live-tail-resume').click();
      await rows.filter({ hasText: heldLine }).waitFor(WAIT);
      await held.waitFor({ state: 'detached', ...WAIT });
      expect(await rows.allInnerTexts()).toEqual([expect.stringContaining(heldLine), expect.stringContaining(live)]);
      await drawer.getByTestId('live-tail-pause').waitFor(WAIT);
    } finally {
      await otlp.shutdown();
    }
  });

  it('GET /metrics with its token passes promtool check metrics, and is refused without it', async () => {
    const scrape = await fetch(`${portal.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    // Some traffic of this file is in it (the portal's requests by route).
    expect(text).toMatch(/^# TYPE \w+ (counter|gauge|histogram)$/m);
    const check = promtoolCheck(text);
    expect(check.printed).toBe('');
    expect(check.status).toBe(0);
    const anonymous = await fetch(`${portal.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('# TYPE');
  });
});
