/**
 * Responsive shell and accessibility over every built route (issue 9), in headless Chromium
 * against the real portal: as the SUPERADMIN (every permission) and as a MERCHANT_HQ, plus /auth
 * signed out, at 390 × 844 and 1440 × 900 — no horizontal overflow, 0 critical/serious axe-core
 * violations (WCAG 2.0/2.1 A and AA), a title "{screen} · {product} Portal" differing per screen,
 * a `main` landmark and a skip link that is the first Tab stop and moves focus to it. Also: the
 * phone menu drawer navigates, the dark theme passes axe too, and at 390 every list report's
 * detail drawer with its related sections (chain, link, schedule, timeline: issue 10 item 3) fits.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LIST_REPORTS } from '@paydesk/contract';
import { BUILT_ROUTE_PATHS } from '../apps/web/src/app/built-route-paths.ts';
import { launchChromium } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

const PASSWORD = 'Paydesk@2026';
const PRODUCT = 'Paydesk';
const AXE_SOURCE: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const TITLE = new RegExp(`^.+ · ${PRODUCT} Portal$`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
type Viewport = typeof PHONE;

interface Finding {
  id: string;
  impact: string | null;
  targets: string[];
}

/** Runs axe-core in the page over WCAG 2.0/2.1 A and AA; answers the critical and serious findings. */
async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact ?? null, targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n')[1]?.trim() ?? ''}` : ''}`) }));
  });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits until the route's screen has rendered: no spinner or skeleton left, a page title set. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main') !== null &&
      (document.querySelector('main')?.textContent ?? '').trim() !== '' &&
      document.querySelector('main .ant-spin-spinning, main .ant-skeleton-active') === null &&
      / · /.test(document.title),
  );
  // axe measures colours as painted: wait until no CSS transition or animation is running (the
  // context asks for reduced motion, which turns antd's off, but a browser may still run one).
  // Endless ones (a status badge's pulse) never finish and change no text colour: not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The skip link is the first Tab stop of a freshly loaded page and moves focus into `main`. */
async function skipLinkWorks(page: Page): Promise<{ first: string; after: string }> {
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => {
    const a = document.activeElement;
    return a instanceof HTMLAnchorElement ? `${a.getAttribute('href')}|${a.innerText}` : (a?.tagName ?? '');
  });
  await page.keyboard.press('Enter');
  const after = await page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? '');
  return { first, after };
}

interface Visit {
  path: string;
  title: string;
  overflow: number;
  violations: Finding[];
}

describe('responsive shell and accessibility over every built route', () => {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // Fewer demo transactions than the journey: these checks need screens with rows, not volume.
    portal = await startPortal({ DEMO_PASSWORD: PASSWORD, SEED_TRANSACTIONS: '2000' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await portal?.stop();
  });

  async function newPage(viewport: Viewport): Promise<Page> {
    // bypassCSP: the portal's CSP (script-src 'self') would refuse the injected axe-core script.
    const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', reducedMotion: 'reduce', bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${portal.url}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await settled(page);
  }

  /**
   * Opens each route in turn and measures it: the first by a page load, the others as the app
   * navigates (history push + popstate, what a menu click does), which spares a session restore
   * per route. Before the Tab check, focus is put on <body> so Tab starts from the top.
   */
  async function visitAll(page: Page): Promise<Visit[]> {
    const visits: Visit[] = [];
    for (const [i, path] of BUILT_ROUTE_PATHS.entries()) {
      const before = await page.title();
      if (i === 0) await page.goto(`${portal.url}${path}`);
      else
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await page.waitForURL((u) => u.pathname === path);
      // The router keeps the previous screen up while the next one loads (a transition): wait
      // for the new screen's title, except between two refusals, which look alike.
      if (i > 0 && !before.startsWith('No access'))
        await page.waitForFunction((old) => document.title !== old, before, { timeout: 60_000 }).catch((e: unknown) => {
          throw new Error(`${path}: the screen did not render (title still "${before}")`, { cause: e });
        });
      await settled(page);
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute('tabindex');
      });
      expect(new URL(page.url()).pathname, 'stays on the route').toBe(path);
      const skip = await skipLinkWorks(page);
      expect(skip.first, `${path}: first Tab stop`).toBe('#main-content|Skip to main content');
      expect(skip.after, `${path}: the skip link moves focus to main`).toBe('main');
      visits.push({ path, title: await page.title(), overflow: await overflow(page), violations: await seriousViolations(page) });
    }
    return visits;
  }

  function report(visits: Visit[]): string {
    return visits
      .filter((v) => v.overflow > 0 || v.violations.length > 0)
      .map((v) => `${v.path}: overflow ${v.overflow}px; ${v.violations.map((f) => `${f.impact} ${f.id} @ ${f.targets.join(' | ')}`).join('; ')}`)
      .join('\n');
  }

  function expectClean(visits: Visit[], forbiddenTitle: RegExp | null) {
    expect(report(visits), 'overflow / critical or serious axe violations').toBe('');
    for (const v of visits) expect(v.title, v.path).toMatch(TITLE);
    // A screen the group may not open says "No access"; every screen it may open has its own title.
    const open = visits.filter((v) => !forbiddenTitle?.test(v.title));
    expect(new Set(open.map((v) => v.title)).size, open.map((v) => `${v.path} → ${v.title}`).join('\n')).toBe(open.length);
  }

  it('/auth signed out: titled, a main landmark, 0 overflow and 0 serious violations at both sizes', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(viewport);
      await page.goto(`${portal.url}/auth`);
      await page.getByLabel('Email').waitFor();
      await expect.poll(() => page.title()).toBe(`Sign in · ${PRODUCT} Portal`);
      expect(await page.locator('main').count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  // A sweep visits every built route, so its time grows with each screen built (issue 14's last
  // one took SUPERADMIN's desktop sweep past the default 180 s on a loaded 2-core machine): about
  // 2.5 s a route, never less than the default.
  const SWEEP_MS = Math.max(180_000, BUILT_ROUTE_PATHS.length * 2_500);
  for (const [name, viewport] of [
    ['390 × 844', PHONE],
    ['1440 × 900', DESKTOP],
  ] as const) {
    it(`SUPERADMIN at ${name}: every built route`, async () => {
      const page = await newPage(viewport);
      await signIn(page, 'admin@paydesk.my');
      const visits = await visitAll(page);
      expectClean(visits, null);
    }, SWEEP_MS);

    it(`MERCHANT_HQ at ${name}: every built route`, async () => {
      const page = await newPage(viewport);
      await signIn(page, 'merchant@paydesk.my');
      const visits = await visitAll(page);
      expectClean(visits, /^No access · /);
      // The merchant's own screens are there to check, not only refusals.
      expect(visits.filter((v) => !v.title.startsWith('No access')).length).toBeGreaterThan(1);
    }, SWEEP_MS);
  }

  it('at 390 the navigation is a drawer opened from the header, and navigates', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'admin@paydesk.my');
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
    const page = await newPage(PHONE);
    await signIn(page, 'admin@paydesk.my');
    const visits: Visit[] = [];
    for (const def of LIST_REPORTS) {
      await page.goto(`${portal.url}${def.path}`);
      await settled(page);
      await page.locator('main .ant-table-tbody tr.ant-table-row').first().click();
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
    expect(report(visits), 'detail drawers at 390').toBe('');
  });

  it('the dark theme passes axe too, on the main kinds of screen', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin@paydesk.my');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    const visits: Visit[] = [];
    for (const path of ['/', '/transaction/ecommerce', '/merchant-config', '/user-group', '/system-setting', '/bulk-update-mdr']) {
      await page.goto(`${portal.url}${path}`);
      await settled(page);
      visits.push({ path, title: await page.title(), overflow: await overflow(page), violations: await seriousViolations(page) });
    }
    expect(report(visits), 'dark theme').toBe('');
    const phone = await newPage(PHONE);
    await signIn(phone, 'merchant@paydesk.my');
    await phone.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => phone.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
