/**
 * Operations lists in real Chromium at a desktop width. At 1280 px the key money and status
 * columns (e-commerce Status and Amount, MDR rate and fees, risk thresholds) are on screen without
 * scrolling the table, and no fixed column covers another. Phones get cards instead of the table
 * (e2e/phone-lists.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPortalContext } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';

/** Each list and the columns that must be visible at 1280 px. */
const LISTS = [
  { path: '/transaction/ecommerce', visible: ['Reference no.', 'Status', 'Amount'] },
  { path: '/mdr-products', visible: ['MDR rate', 'Flat amount', 'Minimum fee', 'Maximum fee', 'Status', 'Actions'] },
  { path: '/risk-parameter', visible: ['Risk rule', 'Threshold', 'Status', 'Actions'] },
];

interface Layout {
  headers: { text: string; left: number; right: number }[];
  /** The table's own scroll box: content wider than the box means a horizontal scroll. */
  scrollWidth: number;
  clientWidth: number;
  boxRight: number;
  pageScrollWidth: number;
  viewport: number;
  fixedCells: number;
}

async function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
    const rect = box.getBoundingClientRect();
    return {
      headers: Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th'))
        .filter((th) => th.offsetParent !== null && th.getBoundingClientRect().height > 0)
        .map((th) => ({ text: th.innerText.trim(), left: th.getBoundingClientRect().left, right: th.getBoundingClientRect().right })),
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      boxRight: rect.right,
      pageScrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      fixedCells: document.querySelectorAll('.ant-table-cell-fix-right, .ant-table-cell-fix-left').length,
    };
  });
}

describe('list widths', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD, SEED_TRANSACTIONS: '2000' });
    browser = await launchChromium();
    const context = await newPortalContext(browser, { locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel('Email').fill('admin@paydesk.my');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function open(path: string) {
    await page.goto(`${portal.url}${path}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
  }

  for (const list of LISTS) {
    it(`${list.path} at 1280 px: the key columns are on screen, the table does not scroll, no column is fixed over another`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(list.path);
      const l = await layout(page);
      const texts = l.headers.map((h) => h.text);
      expect(texts).toEqual(expect.arrayContaining(list.visible));
      expect(l.scrollWidth, `table ${l.scrollWidth} px in a ${l.clientWidth} px box`).toBeLessThanOrEqual(l.clientWidth + 1);
      for (const h of l.headers) expect(h.right, `${h.text} ends at ${h.right}`).toBeLessThanOrEqual(Math.min(l.viewport, l.boxRight) + 1);
      expect(l.fixedCells).toBe(0);
      expect(l.pageScrollWidth).toBeLessThanOrEqual(l.viewport);
    });
  }
});
