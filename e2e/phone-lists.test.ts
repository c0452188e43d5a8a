/**
 * Lists on a phone (390 × 844) in real Chromium against the real portal, as SUPERADMIN: ten list
 * reports, the refund desk and the risk desk show their rows as cards (shared/card-list.tsx) with
 * every key column (priority 1) labelled on the card, the filters behind a "Filters" button (a
 * drawer), and the first result within the first screen; no card, toolbar button or page is wider
 * than the screen. The payout report's bank batches drawer fits the screen, each batch a card with
 * its total and its "Download file" on screen. Opening the filters drawer and searching from it
 * closes it. No fixed sleeps: each step waits for what it caused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LIST_REPORTS, REPORT_LABELS, columnIn, type ListReportDef } from '@paydesk/contract';
import { en } from '../apps/web/src/i18n/en.ts';
import { launchChromium } from './browser.ts';
import { signIn } from './onboarding-steps.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 20_000 } as const;
const PHONE = { width: 390, height: 844 };

/** The refund and risk desks, and ten other list reports (declaration order). */
const DESKS = LIST_REPORTS.filter((d) => d.source === 'refund_requests' || d.source === 'risk_alerts');
const LISTS: ListReportDef[] = [...LIST_REPORTS.filter((d) => !DESKS.includes(d)).slice(0, 10), ...DESKS];
const label = (key: string): string => REPORT_LABELS.en[key] ?? (en as Record<string, string>)[key] ?? key;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

describe('lists on a phone', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
    page = await signIn(browser, portal.url, 'admin@paydesk.my', { viewport: PHONE });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /** Boxes of the elements `selector` matches that are shown. */
  const boxes = (selector: string) =>
    page.evaluate(
      (sel) =>
        Array.from(document.querySelectorAll<HTMLElement>(sel))
          .filter((e) => e.offsetParent !== null)
          .map((e) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }),
      selector,
    );
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  const within = (b: Box) => b.left >= -0.5 && b.right <= PHONE.width + 0.5;

  async function openList(def: ListReportDef): Promise<void> {
    await page.goto(`${portal.url}${def.path}`);
    await page.locator('main [data-testid="list-card"], main .ant-empty').first().waitFor(WAIT);
    await page.waitForFunction(() => document.querySelector('main .ant-skeleton-active, main .ant-spin-spinning') === null);
  }

  for (const def of LISTS) {
    it(`${def.path}: cards with the key columns, filters in a drawer, the first result on the first screen, nothing wider than 390 px`, async () => {
      await openList(def);
      const cards = await boxes('main [data-testid="list-card"]');
      expect(cards.length, 'the demo has rows for this list').toBeGreaterThan(0);
      for (const c of cards) expect(within(c), `a card spans ${c.left}–${c.right}`).toBe(true);
      expect(cards[0]!.top, 'the first result starts on the first screen').toBeLessThan(PHONE.height);
      // Every key column but the card's title (the first) is labelled on the card.
      const keys = def.columns.filter((c) => columnIn(c, 'list') && (c.priority ?? 2) === 1).map((c) => label(c.labelKey));
      const first = await page.locator('main [data-testid="list-card"]').first().locator('dt').allInnerTexts();
      const listed = def.columns.filter((c) => columnIn(c, 'list')).map((c) => label(c.labelKey));
      expect(first).toEqual(expect.arrayContaining(keys.filter((k) => k !== listed[0])));
      // The toolbar (filters, sort, refresh, columns, views, export) fits the screen.
      const tools = await boxes('main button');
      for (const b of tools) expect(within(b), `a button spans ${b.left}–${b.right}`).toBe(true);
      expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    });
  }

  it('the filters drawer fits the screen and closes on Search, which asks the list again', async () => {
    const def = LISTS[0]!;
    await openList(def);
    await page.getByTestId('filters-open').click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByRole('button', { name: 'Search', exact: true }) });
    await drawer.waitFor(WAIT);
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const asked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/Search'), WAIT);
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    expect((await asked).status()).toBe(200);
    await drawer.waitFor({ state: 'hidden', ...WAIT });
  });

  it("the payout report's bank batches drawer fits the screen, each batch a card with its total and Download file on screen", async () => {
    await page.goto(`${portal.url}/payout-report`);
    await page.getByRole('button', { name: 'Bank batches' }).click();
    const list = page.getByTestId('payout-batch-list');
    await list.locator('[data-testid="list-card"], .ant-empty').first().waitFor(WAIT);
    const drawer = (await page.locator('.ant-drawer-content-wrapper').last().boundingBox())!;
    expect(drawer.x + drawer.width).toBeLessThanOrEqual(PHONE.width);
    const cards = list.locator('[data-testid="list-card"]');
    expect(await cards.count(), 'the demo has bank batches').toBeGreaterThan(0);
    const card = cards.first();
    expect(await card.innerText()).toContain('Total');
    const download = (await card.getByRole('button', { name: 'Download file' }).boundingBox())!;
    expect(download.x).toBeGreaterThanOrEqual(0);
    expect(download.x + download.width).toBeLessThanOrEqual(PHONE.width);
    for (const c of await boxes('.ant-drawer [data-testid="list-card"]')) expect(within(c)).toBe(true);
  });
});
