/**
 * Responsive shell and accessibility, in headless Chromium against the real portal:
 * /auth signed out and every built route as a MERCHANT_HQ at 390 × 844 and 1440 × 900 (no
 * horizontal overflow, 0 critical/serious axe-core violations over WCAG 2.0/2.1 A and AA, a title
 * "{screen} · {product} Portal" differing per screen, a `main` landmark and a working skip link);
 * the phone menu drawer navigates, the dark theme passes axe too, at 390 every list report's
 * detail drawer with its related sections (chain, link, schedule, timeline) fits, and in Chinese
 * the screens draw real glyphs (scripts/ensure-chromium.mjs installs the font).
 * The SUPERADMIN's sweeps are in layout-a11y-sweep.test.ts, run beside this file.
 */
import { describe, expect, it } from 'vitest';
import { LIST_REPORTS } from '@paydesk/contract';
import { a11yFixture, DESKTOP, overflow, PHONE, PRODUCT, seriousViolations, settled, SIZES, SWEEP_MS, type Visit } from './a11y.ts';
import { pickInHeader } from './browser.ts';
import { LOG_SCREENS_WITHOUT_DEMO_ROWS } from './log-screens.ts';

describe('responsive shell and accessibility', () => {
  const fx = a11yFixture();

  it('/auth signed out: titled, a main landmark, 0 overflow and 0 serious violations at both sizes', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await fx.newPage(viewport);
      await page.goto(`${fx.url()}/auth`);
      await page.getByLabel('Email').waitFor();
      await expect.poll(() => page.title()).toBe(`Sign in · ${PRODUCT} Portal`);
      expect(await page.locator('main').count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  for (const [name, viewport] of SIZES) {
    it(`MERCHANT_HQ at ${name}: every built route`, async () => {
      const page = await fx.newPage(viewport);
      await fx.signIn(page, 'merchant@paydesk.my');
      const visits = await fx.visitAll(page);
      fx.expectClean(visits, /^No access · /);
      // The merchant's own screens are there to check, not only refusals.
      expect(visits.filter((v) => !v.title.startsWith('No access')).length).toBeGreaterThan(1);
    }, SWEEP_MS);
  }

  it('at 390 the navigation is a drawer opened from the header, and navigates', async () => {
    const page = await fx.newPage(PHONE);
    await fx.signIn(page, 'admin@paydesk.my');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.isVisible()).toBe(false);
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    await nav.waitFor({ state: 'visible' });
    const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await nav.getByRole('menuitem', { name: 'Live transaction (online)' }).click();
    await nav.getByRole('menuitem', { name: /E-commerce$/ }).click();
    await page.waitForURL((u) => u.pathname === '/transaction/ecommerce');
    await nav.waitFor({ state: 'hidden' });
    // Closing the drawer gives focus back to the button that opened it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await settled(page);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });

  it("at 390 every list report's detail drawer, with its related sections, fits the phone and passes axe", async () => {
    const page = await fx.newPage(PHONE);
    await fx.signIn(page, 'admin@paydesk.my');
    const visits: Visit[] = [];
    // Every list with demo rows (log-screens.ts names the log screens that have none yet).
    for (const def of LIST_REPORTS.filter((d) => !LOG_SCREENS_WITHOUT_DEMO_ROWS.has(d.name))) {
      await page.goto(`${fx.url()}${def.path}`);
      await settled(page);
      // A phone lists the rows as cards (shared/card-list.tsx); a tap opens the detail. Every list
      // has seeded rows; a wait that still ends without a card names the list and what it showed.
      const card = page.locator('main [data-testid="list-card"]').first();
      await card.waitFor({ timeout: 60_000 }).catch(async (e: unknown) => {
        throw new Error(`${def.path}: no row card; the screen read "${(await page.locator('main').innerText()).slice(0, 300)}"`, { cause: e });
      });
      await card.click();
      await page.waitForURL((u) => u.pathname.startsWith(`${def.path}/`));
      if (def.related?.includes('timeline')) await page.getByTestId('txn-timeline').waitFor();
      await page.waitForFunction(() => document.querySelector('.ant-drawer .ant-skeleton-active') === null);
      // The drawer's own body must not scroll sideways either: the chain table scrolls in its box.
      const inner = await page.evaluate(() => {
        const body = document.querySelector<HTMLElement>('.ant-drawer-body');
        return body ? body.scrollWidth - body.clientWidth : 0;
      });
      visits.push({ path: new URL(page.url()).pathname, title: await page.title(), overflow: Math.max(await overflow(page), inner), violations: await seriousViolations(page) });
    }
    expect(fx.report(visits), 'detail drawers at 390').toBe('');
  }, SWEEP_MS);

  it('the dark theme passes axe too, on the main kinds of screen', async () => {
    const page = await fx.newPage(DESKTOP);
    await fx.signIn(page, 'admin@paydesk.my');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    const visits: Visit[] = [];
    for (const path of ['/', '/transaction/ecommerce', '/merchant-config', '/user-group', '/system-setting', '/bulk-update-mdr']) {
      await page.goto(`${fx.url()}${path}`);
      await settled(page);
      visits.push({ path, title: await page.title(), overflow: await overflow(page), violations: await seriousViolations(page) });
    }
    expect(fx.report(visits), 'dark theme').toBe('');
    const phone = await fx.newPage(PHONE);
    await fx.signIn(phone, 'merchant@paydesk.my');
    await phone.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => phone.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(phone)).toEqual([]);
  });

  it('in Chinese every screen draws its characters as glyphs, not empty boxes, in screenshots', async () => {
    const page = await fx.newPage(DESKTOP);
    await fx.signIn(page, 'merchant@paydesk.my');
    await pickInHeader(page, 'Language', '简体中文');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    for (const path of ['/', '/transaction/ecommerce', '/sales-report/ecommerce']) {
      await page.goto(`${fx.url()}${path}`);
      await settled(page);
      // The screen's own Han characters, each shown alone in the page's font and captured: without
      // a Chinese font Chromium draws every one as the same box, so the captures would be alike.
      const chars = await page.evaluate(showHanProbe);
      expect(chars.length, path).toBeGreaterThan(10);
      const shots = new Set<string>();
      for (let i = 0; i < chars.length; i++) shots.add((await page.locator('#han-probe > span').nth(i).screenshot()).toString('base64'));
      expect(shots.size, `${path}: distinct captures of ${chars.join('')}`).toBe(chars.length);
    }
  });
});

/**
 * In the page: up to 16 distinct Han characters of the body's text, each put in its own box of a
 * probe fixed on top of the screen in the body's font (to be captured one by one); answers them.
 */
function showHanProbe(): string[] {
  const chars = [...new Set([...document.body.innerText].filter((c) => /\p{Script=Han}/u.test(c)))].slice(0, 16);
  document.getElementById('han-probe')?.remove();
  const probe = document.createElement('div');
  probe.id = 'han-probe';
  probe.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647;background:#fff;color:#000;font-size:20px;line-height:28px';
  for (const c of chars) {
    const box = document.createElement('span');
    box.textContent = c;
    box.style.cssText = 'display:inline-block;width:28px;height:28px;text-align:center';
    probe.append(box);
  }
  document.body.append(probe);
  return chars;
}
