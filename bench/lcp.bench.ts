/**
 * First-load benchmark (first-load budgets): `node --import tsx bench/lcp.bench.ts
 * [-r RUNS]` (default 5 runs each). Needs the built web app (`npm run build`); `WEB_DIST=/abs/dist`
 * measures another build (e.g. an older commit's) with the same server.
 *
 * Starts the portal as `npm start` does (e2e/server.ts: a child process on a fresh embedded
 * database) and drives Debian's Chromium (e2e/browser.ts) to measure Largest Contentful Paint,
 * read from a PerformanceObserver('largest-contentful-paint') once the page has settled:
 *  - a static HTML page served by the same server (baseline: what the server and the browser
 *    cost with no application code; written into dist for the run and removed after),
 *  - /auth, cold (a fresh browser context: empty HTTP cache, no session),
 *  - the dashboard (/) of a signed-in user, cold HTTP cache (cleared through the DevTools
 *    protocol), until its figures show; the API calls of that load are printed with their start
 *    and end times, to show which run in parallel.
 * Prints each median against the budget of 1.0 s and as a ratio of the baseline's median.
 * Numbers only, no assertions: a shared machine's timings belong in a report, not in a test.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { startPortal } from '../e2e/server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', short: 'r' } } });
const RUNS = Number(values.runs ?? 5);
const BUDGET_MS = 1_000;
const PASSWORD = 'Paydesk@2026';
const USER = 'merchant@paydesk.my';
// The build the portal serves: WEB_DIST (the server's own variable, an absolute path here) or apps/web/dist.
const DIST = process.env.WEB_DIST ?? resolve(new URL('../apps/web/dist', import.meta.url).pathname);
const BASELINE = 'lcp-baseline.html';

/** The page's LCP (ms since navigation start) once `settled` resolves, the latest candidate counting. */
async function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((res, rej) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          if (last) res(last.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => rej(new Error('no largest-contentful-paint entry')), 5_000);
      }),
  );
}

/** API calls of the current page: path, start and end (ms since navigation start). */
async function apiCalls(page: Page): Promise<{ path: string; start: number; end: number }[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
      .map((e) => ({ path: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function measureBaseline(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/${BASELINE}`, { waitUntil: 'load' });
  const lcp = await lcpOf(page);
  await context.close();
  return lcp;
}

async function measureSignIn(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/auth`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = await lcpOf(page);
  await context.close();
  return lcp;
}

/** Signs in once per context, then measures a cold-cache load of the dashboard. */
async function measureDashboard(browser: Browser, origin: string, printCalls: boolean): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(USER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByTestId('dash-today-count').waitFor();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.getByTestId('dash-today-count').waitFor();
  await page.waitForLoadState('networkidle');
  const lcp = await lcpOf(page);
  if (printCalls) {
    console.log('  API calls of one dashboard load (ms from navigation start):');
    for (const c of await apiCalls(page)) console.log(`    ${String(c.start).padStart(5)} → ${String(c.end).padStart(5)}  ${c.path}`);
  }
  await context.close();
  return lcp;
}

function show(label: string, runs: number[], baseline?: number): void {
  const m = median(runs);
  const verdict = m <= BUDGET_MS ? 'within' : 'OVER';
  const ratio = baseline ? `, ${(m / baseline).toFixed(2)} × baseline` : '';
  console.log(`  ${label.padEnd(34)} median ${m.toFixed(0).padStart(5)} ms (${verdict} the ${BUDGET_MS} ms budget${ratio}); runs ${runs.map((r) => r.toFixed(0)).join(', ')}`);
}

writeFileSync(
  join(DIST, BASELINE),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><h1 style="font:600 24px system-ui;margin:48px">Sign in to the Portal</h1><p style="font:14px system-ui;margin:0 48px">A static page: the server and the browser, no application code.</p></body></html>',
);
const portal = await startPortal({ DEMO_PASSWORD: PASSWORD });
const browser = await launchChromium();
try {
  const baseline: number[] = [];
  const signIn: number[] = [];
  const dashboard: number[] = [];
  // Interleaved, so a busy moment of a shared machine touches every kind alike.
  for (let r = 0; r < RUNS; r++) {
    baseline.push(await measureBaseline(browser, portal.url));
    signIn.push(await measureSignIn(browser, portal.url));
    dashboard.push(await measureDashboard(browser, portal.url, r === RUNS - 1));
  }
  const base = median(baseline);
  console.log(`LCP in Chromium (${RUNS} runs each, localhost, cold HTTP cache):`);
  show('static HTML page (baseline)', baseline);
  show('/auth', signIn, base);
  show('dashboard (/) signed in', dashboard, base);
} finally {
  await browser.close();
  await portal.stop();
  rmSync(join(DIST, BASELINE), { force: true });
}
