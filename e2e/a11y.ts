/**
 * The layout and accessibility checks of the e2e sweeps, shared by layout-a11y.test.ts
 * and layout-a11y-sweep.test.ts: two files so that the two e2e workers run the long sweeps side by
 * side (CI time). axe-core over WCAG 2.0/2.1 A and AA, horizontal overflow, the page title, the skip link.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BUILT_ROUTE_PATHS } from '../apps/web/src/app/built-route-paths.ts';
import { launchChromium, newPortalContext } from './browser.ts';
import { startPortal, type RunningPortal } from './server.ts';

export const PASSWORD = 'Paydesk@2026';
export const PRODUCT = 'Paydesk';
const AXE_SOURCE: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
export const TITLE = new RegExp(`^.+ · ${PRODUCT} Portal$`);

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
export type Viewport = typeof PHONE;

export interface Finding {
  id: string;
  impact: string | null;
  targets: string[];
}

/** Runs axe-core in the page over WCAG 2.0/2.1 A and AA; answers the critical and serious findings. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
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

export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits until the route's screen has rendered: no spinner or skeleton left, a page title set. */
export async function settled(page: Page): Promise<void> {
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
export async function skipLinkWorks(page: Page): Promise<{ first: string; after: string }> {
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => {
    const a = document.activeElement;
    return a instanceof HTMLAnchorElement ? `${a.getAttribute('href')}|${a.innerText}` : (a?.tagName ?? '');
  });
  await page.keyboard.press('Enter');
  const after = await page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? '');
  return { first, after };
}

/**
 * A sweep visits every built route, so its time grows with each screen built (adding the firmware screen
 * took SUPERADMIN's desktop sweep past the default 180 s on a loaded 2-core machine): about 2.5 s a
 * route, never less than the default (ms).
 */
export const SWEEP_MS = Math.max(180_000, BUILT_ROUTE_PATHS.length * 2_500);

/** The two sizes every sweep runs at: a phone and a desktop. */
export const SIZES = [
  ['390 × 844', PHONE],
  ['1440 × 900', DESKTOP],
] as const;

export interface Visit {
  path: string;
  title: string;
  overflow: number;
  violations: Finding[];
}

/** The sweep fixture of one test file: what its tests use. */
export interface A11yFixture {
  /** The portal's base URL. */
  url(): string;
  /** A page in a new context at `viewport` (en-GB, Malaysian time, reduced motion, axe allowed). */
  newPage(viewport: Viewport): Promise<Page>;
  /** Signs `email` in on `page` and waits for the dashboard. */
  signIn(page: Page, email: string): Promise<void>;
  /** Every built route in turn, measured (title, overflow, axe, skip link asserted). */
  visitAll(page: Page): Promise<Visit[]>;
  /** The visits with overflow or a serious finding, a line each ('' when none). */
  report(visits: Visit[]): string;
  /** No overflow, no serious finding, the product title everywhere, a title per screen (but `forbiddenTitle`'s). */
  expectClean(visits: Visit[], forbiddenTitle: RegExp | null): void;
}

/**
 * Registers the file's beforeAll/afterAll: one portal on a fresh embedded database with 2,000 demo
 * transactions (screens with rows, not volume) and one Chromium, closed after the file.
 */
export function a11yFixture(): A11yFixture {
  let portal: RunningPortal;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
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
    const context = await newPortalContext(browser, { viewport, locale: 'en-GB', timezoneId: 'Asia/Kuala_Lumpur', bypassCSP: true });
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
   * A refusal ("No access") is one screen whatever the route: the first is checked in full, the
   * others for their title, route and overflow only (axe and the Tab walk took ~1.5 s a screen,
   * and three quarters of a merchant's sweep are refusals).
   */
  async function visitAll(page: Page): Promise<Visit[]> {
    const visits: Visit[] = [];
    let refusalChecked = false;
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
      const title = await page.title();
      if (title.startsWith('No access')) {
        if (refusalChecked) {
          visits.push({ path, title, overflow: await overflow(page), violations: [] });
          continue;
        }
        refusalChecked = true;
      }
      const skip = await skipLinkWorks(page);
      expect(skip.first, `${path}: first Tab stop`).toBe('#main-content|Skip to main content');
      expect(skip.after, `${path}: the skip link moves focus to main`).toBe('main');
      visits.push({ path, title, overflow: await overflow(page), violations: await seriousViolations(page) });
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


  return { url: () => portal.url, newPage, signIn, visitAll, report, expectClean };
}
