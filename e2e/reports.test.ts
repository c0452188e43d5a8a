/**
 * Every declared list report as a user uses it, in headless Chromium against
 * the real portal on a fresh embedded database. Generated from REPORTS: a list report declared
 * later is covered with no edit here. For each list report × {SUPERADMIN, a MERCHANT_HQ user}
 * (the merchant HQ only where its default group holds the report's permission):
 * open it from the menu, sort by a sortable column header (order checked on the rows), page to
 * the next keyset page and back (order continued across the page, the first page the same on
 * return), filter through the form by an enum filter of the declaration (URL and rows follow;
 * a date preset where no enum filter has a shown column), open a row's detail drawer (title and
 * every detail label, closed by Escape), export the filtered list as CSV (data rows = the total
 * the page shows; a merchant HQ's page and file hold only its own merchant), then narrow by the
 * "Last 7 days" preset (its days in the URL, the rows' dates within them).
 *
 * One portal, one Chromium, one signed-in context per user; no fixed sleeps: each step waits for
 * the answer of the request it caused and for the table to have no spinner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPORTS, REPORT_LABELS, columnIn, type ListReportDef, type ReportColumn, type ReportFilter } from '@paydesk/contract';
import { NAV_TREE, defaultPermissions, enumLabeller, type GroupType, type NavNode } from '@paydesk/domain';
import { PRESET_LABELS, malaysianToday, presetRanges, type PresetKey } from '../apps/web/src/shared/date-presets.ts';
import { urlKeyOf } from '../apps/web/src/shared/report-query.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { clickSettled, headerPicker, launchChromium, newPortalContext } from './browser.ts';
import { exportCsv } from './csv-export.ts';
import { startPortal, type RunningPortal } from './server.ts';
import { isLiveLog } from './log-screens.ts';

const PASSWORD = 'Paydesk@2026';
const LIST_REPORTS = REPORTS.filter((r): r is ListReportDef => r.kind === 'list');
const USERS: readonly { group: GroupType; email: string }[] = [
  { group: 'SUPERADMIN', email: 'admin@paydesk.my' },
  { group: 'MERCHANT_HQ', email: 'merchant@paydesk.my' },
];
const enumLabel = enumLabeller('en');
/** How long a poll waits for the page to show what it should (the default 1 s is short on a loaded machine). */
const WAIT = { timeout: 20_000 } as const;
const label = (key: string): string => REPORT_LABELS.en[key] ?? (en as Record<string, string>)[key] ?? key;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An accessible name ending with `text` (antd puts the icon's name first: "shopping-cart E-commerce"). */
const endsWith = (text: string) => new RegExp(`(^|\\s)${escapeRe(text)}$`);

/** Whether the default group of `group` may open the report (its permission, its group types). */
const mayOpen = (group: GroupType, def: ListReportDef) => defaultPermissions(group).includes(def.permission) && (!def.groupTypes || def.groupTypes.includes(group));

/** The menu labels leading to `path`: the groups top down, then the entry. */
function menuTrail(path: string, nodes: NavNode[] = NAV_TREE): string[] | null {
  for (const n of nodes) {
    if (n.kind === 'route' && n.path === path) return [label(n.labelKey)];
    if (n.kind === 'group') {
      const below = menuTrail(path, n.children);
      if (below) return [label(n.labelKey), ...below];
    }
  }
  return null;
}

/** The rows of the report table as the user sees them: header titles and each row's key and cell texts. */
interface TableView {
  headers: string[];
  rows: { key: string; cells: string[] }[];
}

async function readTable(page: Page): Promise<TableView> {
  return page.evaluate(() => {
    const table = document.querySelector('main .ant-table');
    const headers = Array.from(table?.querySelectorAll('thead th') ?? []).map((th) => (th as HTMLElement).innerText.trim());
    const rows = Array.from(table?.querySelectorAll('tbody tr.ant-table-row') ?? []).map((tr) => ({
      key: tr.getAttribute('data-row-key') ?? '',
      cells: Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim()),
    }));
    return { headers, rows };
  });
}

/** The cells of one column (by its declared title) on the page, or null when the column is not shown. */
function columnCells(view: TableView, column: ReportColumn): string[] | null {
  const title = label(column.labelKey);
  const at = view.headers.findIndex((h) => h === title || h.startsWith(`${title} `) || h.startsWith(`${title}\n`));
  return at < 0 ? null : view.rows.map((r) => r.cells[at] ?? '');
}

/** A cell's text as a value that orders like the column: money and counts as numbers, MYT date-times as YYYYMMDDHHmmss. */
function sortValue(kind: ReportColumn['kind'], text: string): number | string {
  if (kind === 'money' || kind === 'count' || kind === 'percent') return Number(text.replace(/[^\d.-]/g, ''));
  if (kind === 'datetime') {
    const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    if (!m) throw new Error(`not a DD-MM-YYYY HH:mm:ss date-time: "${text}"`);
    return `${m[3]}${m[2]}${m[1]}${m[4]}${m[5]}${m[6]}`;
  }
  // A day (§9 DD-MM-YYYY) orders by year, month, day: as text, 30-11 would sort after 01-12.
  if (kind === 'date') {
    const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
    if (!m) throw new Error(`not a DD-MM-YYYY day: "${text}"`);
    return `${m[3]}${m[2]}${m[1]}`;
  }
  return text;
}

function isOrdered(values: (number | string)[], order: 'asc' | 'desc'): boolean {
  return values.every((v, i) => i === 0 || (order === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));
}

/** The total the page shows ("1,234 records"), and whether it is the count's cap ("more than …"). */
async function shownTotal(page: Page): Promise<{ total: number; capped: boolean }> {
  const text = await page.getByTestId('report-total').innerText();
  return { total: Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN), capped: /more than/i.test(text) };
}

/** The list has its answer: a total shown, no spinner over the table, the pager not waiting. */
async function listSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="report-total"]')?.textContent ?? '').trim() !== '' &&
      // antd's Spin wraps the table inside .ant-table-wrapper (stale rows stay under it while fetching).
      document.querySelector('main .ant-table-wrapper .ant-spin-spinning') === null &&
      document.querySelector('main .ant-table') !== null,
  );
}

/**
 * Runs `action` and waits for the answer to the report's Search request it sends (a request sent
 * before the action and still under way is not taken for it), then for the table to settle.
 */
async function afterSearch(page: Page, def: ListReportDef, action: () => Promise<void>): Promise<void> {
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/portal/${def.api}/Search` && r.method() === 'POST');
  await action();
  const res = await (await sent).response();
  expect(res?.status(), `${def.api}/Search`).toBe(200);
  await listSettled(page);
}

/**
 * The enum filter to try and the value to pick: the first enum filter whose column the table
 * shows, with the code the current page shows least often (so the rows change and the export
 * stays small), or null when no enum filter has a shown column.
 */
function pickEnumFilter(
  def: ListReportDef,
  view: TableView,
): { filter: Extract<ReportFilter, { kind: 'enum' }>; column: ReportColumn; code: string; text: string; mixed: boolean } | null {
  for (const f of def.filters) {
    if (f.kind !== 'enum') continue;
    const column = def.columns.find((c) => c.key === f.key && c.kind === 'enum' && columnIn(c, 'list'));
    const cells = column ? columnCells(view, column) : null;
    if (!column || !cells || cells.length === 0) continue;
    const counts = new Map<string, number>();
    for (const c of cells) counts.set(c, (counts.get(c) ?? 0) + 1);
    const [text] = [...counts.entries()].sort((a, b) => a[1] - b[1])[0]!;
    const code = f.values.map(String).find((v) => enumLabel(f.enumKey, v) === text);
    if (code !== undefined) return { filter: f, column, code, text, mixed: counts.size > 1 };
  }
  return null;
}

describe('every list report, as a user uses it', () => {
  let portal: RunningPortal;
  let browser: Browser;

  beforeAll(async () => {
    // Half the journey's demo volume: every kind still has more than a page at the SUPERADMIN and
    // rows for the demo merchant HQ, and seeding and the exports take half the time.
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD, SEED_TRANSACTIONS: '10000' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  describe.each(USERS)('as $group', ({ group, email }) => {
    // The log screens move while the sweep reads them: they are the log e2e's (log-screens.ts).
    const reports = LIST_REPORTS.filter((def) => mayOpen(group, def) && !isLiveLog(def));
    let context: BrowserContext;
    let page: Page;
    /** A merchant HQ's own merchant, as its user-group picker names it. */
    let ownMerchant = '';

    beforeAll(async () => {
      context = await newPortalContext(browser, { acceptDownloads: true, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', viewport: { width: 1440, height: 900 } });
      page = await context.newPage();
      page.setDefaultTimeout(20_000);
      await page.goto(`${portal.url}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      if (group === 'MERCHANT_HQ') {
        // The picker shows "{group} · {company}" for the membership in use.
        const shown = await headerPicker(page, 'User group').innerText();
        ownMerchant = shown.split(' · ').slice(1).join(' · ').trim();
        expect(ownMerchant, 'the merchant HQ user works for a merchant').not.toBe('');
      }
    });

    afterAll(async () => {
      await context?.close();
    });

    it('has a report to open', () => {
      expect(reports.length).toBeGreaterThan(0);
    });

    /** Opens the report from the side navigation, groups expanded as needed, and waits for its rows. */
    async function openFromMenu(def: ListReportDef): Promise<void> {
      const trail = menuTrail(def.path);
      expect(trail, `${def.path} is in the navigation tree`).not.toBeNull();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const groupLabel of trail!.slice(0, -1)) {
        const title = nav.getByRole('menuitem', { name: endsWith(groupLabel) }).first();
        if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
      }
      const entry = nav.getByRole('menuitem', { name: endsWith(trail!.at(-1)!) });
      await afterSearch(page, def, () => entry.click());
      await page.waitForURL((u) => u.pathname === def.path);
      await page.getByRole('heading', { name: label(def.titleKey), exact: true }).waitFor();
    }

    /**
     * Picks `pick.text` in the enum filter's multi-select, searches, and checks: the URL carries
     * the code, every row shows it, and the total fell (strictly when the page showed other values).
     */
    async function filterByEnum(def: ListReportDef, pick: NonNullable<ReturnType<typeof pickEnumFilter>>, before: number): Promise<void> {
      const form = page.locator('main form');
      const select = form.getByLabel(label(pick.filter.labelKey), { exact: true });
      await select.click();
      await select.fill(pick.text);
      await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${pick.text}"]`).click();
      await page.keyboard.press('Escape');
      await afterSearch(page, def, () => form.getByRole('button', { name: endsWith('Search') }).click());
      const url = new URL(page.url());
      expect(url.searchParams.get(urlKeyOf(pick.filter.key)), `the URL carries the filter: ${url.search}`).toBe(pick.code);
      const { total } = await shownTotal(page);
      if (pick.mixed) expect(total, 'fewer rows than before the filter').toBeLessThan(before);
      else expect(total).toBeLessThanOrEqual(before);
      expect(new Set(columnCells(await readTable(page), pick.column)), `${pick.filter.key} column after filtering`).toEqual(new Set([pick.text]));
    }

    /**
     * Chooses a preset of the date range picker, searches, and checks: the URL carries the
     * preset's Malaysian days, the total did not grow, every row's date lies within those days.
     */
    async function filterByDatePreset(def: ListReportDef, preset: PresetKey, before: number): Promise<void> {
      const range = def.filters.find((f) => f.kind === 'dateRange');
      expect(range, 'an enum filter over a shown column, or a date range').toBeDefined();
      const form = page.locator('main form');
      const dropdown = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
      const shown = presetRanges(malaysianToday())[preset].map((d) => d.format('DD-MM-YYYY'));
      const inputs = form.locator('.ant-picker-range input');
      const [from, to] = presetRanges(malaysianToday())[preset].map((d) => d.format('YYYY-MM-DD'));
      // Choose the preset and search until the report is asked for the preset's days. Under load a
      // click on the preset or on Search can be lost (a panel still opening, a button still moving:
      // no request at all — a CI run once failed 15 reports in a row that way), so the whole step
      // is tried again, up to three times, each click after the animations settle.
      for (let attempt = 1; ; attempt++) {
        await clickSettled(page, form.getByLabel(label(range!.labelKey), { exact: true }));
        await clickSettled(page, dropdown.locator('.ant-picker-presets li', { hasText: label(PRESET_LABELS[preset]) }));
        // A preset sets the range; Escape closes the panel if it stayed open (it keeps the value).
        if (await dropdown.isVisible()) await page.keyboard.press('Escape');
        await dropdown.waitFor({ state: 'hidden' });
        await page.mouse.move(0, 0);
        const held = [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
        if (held[0] !== shown[0] || held[1] !== shown[1]) {
          expect(attempt, `the date picker holds the preset's days (${held.join(' ~ ')})`).toBeLessThan(3);
          continue;
        }
        const sent = page
          .waitForRequest((r) => new URL(r.url()).pathname === `/api/portal/${def.api}/Search` && r.method() === 'POST', { timeout: 8_000 })
          .catch(() => null);
        await clickSettled(page, form.getByRole('button', { name: endsWith('Search') }));
        const request = await sent;
        if (request) {
          expect((await request.response())?.status(), `${def.api}/Search`).toBe(200);
          break;
        }
        expect(attempt, `Search with ${from}..${to} sent no request (URL ${page.url()})`).toBeLessThan(3);
      }
      await listSettled(page);
      const url = new URL(page.url());
      expect([url.searchParams.get('from'), url.searchParams.get('to')], `the URL carries the preset's days: ${url.search}`).toEqual([from, to]);
      expect((await shownTotal(page)).total).toBeLessThanOrEqual(before);
      const dateColumn = def.columns.find((c) => c.source === def.dateColumn && c.kind === 'datetime' && columnIn(c, 'list'));
      const cells = dateColumn ? columnCells(await readTable(page), dateColumn) : null;
      for (const cell of cells ?? []) {
        const day = String(sortValue('datetime', cell)).slice(0, 8);
        expect(day >= from!.replace(/-/g, '') && day <= to!.replace(/-/g, ''), `${cell} within ${from}..${to}`).toBe(true);
      }
    }

    for (const def of reports) {
      it(`${def.path}: opens from the menu, sorts, pages, filters, shows a detail and exports`, async () => {
        await openFromMenu(def);
        const first = await shownTotal(page);
        if (group !== 'SUPERADMIN' && first.total === 0) {
          // The demo data depends on the day it is seeded: a merchant may have none of a rarer kind
          // (BNPL, pre-auth). Then the page must say so, with no row and no error.
          await expect.poll(() => page.locator('main .ant-table-placeholder').count(), WAIT).toBe(1);
          expect(await page.locator('main tbody tr.ant-table-row').count()).toBe(0);
          return;
        }
        expect(first.total, 'rows on opening').toBeGreaterThan(0);
        let view = await readTable(page);
        expect(view.rows.length).toBeGreaterThan(0);
        const size = Number(new URL(page.url()).searchParams.get('size') ?? 20);
        expect(view.rows.length).toBe(Math.min(size, first.total));

        // A merchant HQ sees its own merchant only.
        const merchantColumn = def.columns.find((c) => c.source === 'org.merchant');
        if (group === 'MERCHANT_HQ' && merchantColumn) {
          const cells = columnCells(view, merchantColumn);
          if (cells) expect(new Set(cells), 'merchant column on the page').toEqual(new Set([ownMerchant]));
        }

        // Sorting and keyset paging are the list controller's, the same for every caller: the
        // SUPERADMIN proves them on every report; a merchant's run keeps to what its scope changes
        // (its rows, filter results, detail and export).
        let sortKey = def.defaultSort.key;
        let sorted1 = first;
        if (group === 'SUPERADMIN') {
          // Sort by a column header (a sortable column other than the default order's, else the default's): the URL, the header's aria-sort and the rows follow.
          const sortable = def.columns.filter((c) => c.sortable && columnIn(c, 'list') && columnCells(view, c) !== null);
          expect(sortable.length, 'a sortable column is shown').toBeGreaterThan(0);
          const sortBy = sortable.find((c) => c.key !== def.defaultSort.key) ?? sortable[0]!;
          sortKey = sortBy.key;
          const header = page.locator('main thead th').filter({ has: page.getByText(label(sortBy.labelKey), { exact: true }) });
          await afterSearch(page, def, () => header.click());
          const url = new URL(page.url());
          const order = (url.searchParams.get('order') ?? def.defaultSort.order) as 'asc' | 'desc';
          expect(url.searchParams.get('sort') ?? def.defaultSort.key).toBe(sortBy.key);
          expect(await header.getAttribute('aria-sort')).toBe(order === 'asc' ? 'ascending' : 'descending');
          view = await readTable(page);
          const sorted = () => columnCells(view, sortBy)!.map((t) => sortValue(sortBy.kind, t));
          const page1 = sorted();
          expect(isOrdered(page1, order), `${sortBy.key} ${order}: ${page1.join(', ')}`).toBe(true);

          // The next keyset page continues the order; Previous brings back the same first page.
          const next = page.getByRole('button', { name: /^Next/ });
          const pager = page.getByTestId('list-page');
          sorted1 = await shownTotal(page);
          if (sorted1.total > size) {
            const keys1 = view.rows.map((r) => r.key);
            await afterSearch(page, def, () => next.click());
            await expect.poll(() => pager.innerText(), WAIT).toMatch(/^Page 2 of /);
            view = await readTable(page);
            expect(view.rows.length).toBe(Math.min(size, sorted1.total - size));
            expect(view.rows.some((r) => keys1.includes(r.key)), 'page 2 repeats no row of page 1').toBe(false);
            const page2 = sorted();
            expect(isOrdered([...page1, ...page2], order), 'the order continues across the page').toBe(true);
            // Page 1 may come from the cache (no request): wait for what it shows instead.
            await page.getByRole('button', { name: endsWith('Previous') }).click();
            await expect.poll(() => pager.innerText(), WAIT).toMatch(/^Page 1 of /);
            await listSettled(page);
            await expect.poll(async () => (await readTable(page)).rows.map((r) => r.key), WAIT).toEqual(keys1);
          } else {
            await expect(next.isDisabled(), 'no next page when every row fits').resolves.toBe(true);
          }
        }

        // Filter through the form by an enum filter of the declaration (else a date preset): the URL and the rows follow.
        view = await readTable(page);
        const pick = pickEnumFilter(def, view);
        if (pick) await filterByEnum(def, pick, sorted1.total);
        else await filterByDatePreset(def, 'last30', sorted1.total);
        expect(new URL(page.url()).searchParams.get('sort') ?? def.defaultSort.key, 'the sort stays').toBe(sortKey);
        const filtered = await shownTotal(page);
        expect(filtered.total, 'rows after filtering').toBeGreaterThan(0);
        view = await readTable(page);

        // A row's detail drawer: its title names the row, every detail label shows; Escape closes it.
        const row = page.locator('main tbody tr.ant-table-row').first();
        const rowKey = await row.getAttribute('data-row-key');
        const refColumn = def.columns.find((c) => c.key === 'TxnRefNo' && columnIn(c, 'list'));
        const ref = refColumn ? columnCells(view, refColumn)?.[0] : undefined;
        await row.click();
        await page.waitForURL((u) => u.pathname === `${def.path}/${rowKey}`);
        const drawer = page.getByRole('dialog');
        const detailLabels = def.columns.filter((c) => columnIn(c, 'detail')).map((c) => label(c.labelKey));
        await expect.poll(() => drawer.innerText(), WAIT).toContain(detailLabels.at(-1)!);
        const drawerText = await drawer.innerText();
        for (const l of detailLabels) expect(drawerText, `detail label "${l}"`).toContain(l);
        const title = await drawer.locator('.ant-drawer-title').innerText();
        expect(title).toContain(label(def.detailTitleKey ?? 'txn.detail'));
        if (ref) expect(title).toContain(ref);
        await page.keyboard.press('Escape');
        await page.waitForURL((u) => u.pathname === def.path);
        await drawer.waitFor({ state: 'hidden' });

        // Export the filtered list: the file has as many data rows as the page's total.
        expect(filtered.capped, 'the filtered total is exact (≤ 10,000), so the file can be counted').toBe(false);
        const file = await exportCsv(page);
        expect(file.fileName).toMatch(new RegExp(`^${escapeRe(def.exportName ?? def.path.split('/').filter(Boolean).join('-'))}-\\d{8}-\\d{6}\\.csv$`));
        expect(file.rows.length, 'CSV data rows = the total shown').toBe(filtered.total);
        const csvAt = (c: ReportColumn) => file.header.findIndex((h) => h === label(c.labelKey) || h.startsWith(`${label(c.labelKey)} (`));
        if (pick && columnIn(pick.column, 'export')) expect(new Set(file.rows.map((r) => r[csvAt(pick.column)])), `${pick.filter.key} in the file`).toEqual(new Set([pick.text]));
        if (group === 'MERCHANT_HQ' && merchantColumn && columnIn(merchantColumn, 'export')) {
          expect(new Set(file.rows.map((r) => r[csvAt(merchantColumn)])), 'merchant column of the file').toEqual(new Set([ownMerchant]));
        }

        // A date preset on top of the enum filter: the range of the preset in the URL, the rows within it.
        if (pick && def.filters.some((f) => f.kind === 'dateRange')) await filterByDatePreset(def, 'last7', filtered.total);
      });
    }
  });
});
