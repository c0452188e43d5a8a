/**
 * The profile screens in a real browser, against the real
 * portal on a fresh embedded database:
 *  - an agency user creates a merchant HQ under one of its agents with a person (NRIC) and a
 *    bank account on /merchant, and adds a PDF document (SSM certificate) on the new profile;
 *    being its maker (and not platform staff) it is offered no KYC action;
 *  - a SUPERADMIN opens the same profile, starts the review and verifies it, then moves it under
 *    another agent; the status history shows both changes with the reviewer;
 *  - on a phone (390 × 844) the profile drawer, each of its sections and the edit form fit the screen
 *    and have no critical or serious axe-core violation (WCAG 2.0/2.1 A and AA).
 * The creation and the verification are the onboarding journey's steps (onboarding-steps.ts).
 * No fixed sleeps: each step waits for what it caused (a request's answer, a text, a status).
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseOption, clickSettled, launchChromium, settleAnimations } from './browser.ts';
import { MERCHANT_PROFILE_API, confirm, createMerchant, signIn, verifyMerchant } from './onboarding-steps.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 20_000 } as const;
const AXE_SOURCE: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** The critical and serious axe-core findings (WCAG 2.0/2.1 A and AA) of the page, as text. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} @ ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** How far the page is wider than the screen, in px (0 or less: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('profiles', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let profileId = 0;
  const name = `Kedai Ujian ${Date.now() % 100_000} Sdn Bhd`;
  // bypassCSP: the portal's CSP (script-src 'self') would refuse the injected axe-core script.
  const signInAs = (email: string, viewport = { width: 1440, height: 900 }) => signIn(browser, portal.url, email, { viewport, bypassCSP: true });

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('lets an agency user create a merchant with a person, a bank account and a PDF document', async () => {
    const page = await signInAs('agency@paydesk.my');
    profileId = await createMerchant(page, portal.url, name);
    // The maker, and not platform staff: no KYC action.
    expect(await page.getByTestId('kyc-actions').count()).toBe(0);
  }, 240_000);

  it('lets a SUPERADMIN review and verify it, move it to another agent, and shows the history', async () => {
    expect(profileId).toBeGreaterThan(0);
    const page = await signInAs('admin@paydesk.my');
    const detail = await verifyMerchant(page, portal.url, profileId, name);

    // Moved under another agent (merchant:move), audited; the profile shows its new parent.
    await clickSettled(page, detail.getByTestId('profile-move'));
    const dialog = page.locator('.ant-modal').filter({ hasText: `Move ${name} to another agent` });
    await dialog.waitFor(WAIT);
    const current = /Now under (.+)\. Its branches/.exec(await dialog.innerText())?.[1] ?? '';
    await dialog.getByLabel('New agent').click();
    const other = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasNotText: current }).first();
    await other.waitFor(WAIT);
    const agent = (await other.getAttribute('title'))!;
    await chooseOption(page, dialog.getByLabel('New agent'), agent);
    await clickSettled(page, dialog.getByRole('button', { name: 'Move to another agent' }));
    const moved = page.waitForResponse((r) => new URL(r.url()).pathname === `${MERCHANT_PROFILE_API}/Move`, WAIT);
    await confirm(page, `Move ${name} under ${agent}?`);
    expect((await moved).status()).toBe(200);
    await detail.getByTestId('profile-company').getByText(agent).waitFor(WAIT);

    await settleAnimations(page);
    await clickSettled(page, detail.getByTestId('section-history'));
    const history = detail.getByTestId('profile-history');
    await expect.poll(() => history.locator('tr.ant-table-row').count(), WAIT).toBeGreaterThanOrEqual(3);
    expect(await history.locator('tr.ant-table-row').first().innerText()).toContain('admin@paydesk.my');
  }, 240_000);

  it('fits a phone: the profile drawer, its sections and the edit form, with no serious axe violation', async () => {
    expect(profileId).toBeGreaterThan(0);
    const page = await signInAs('admin@paydesk.my', { width: 390, height: 844 });
    await page.goto(`${portal.url}/merchant/${profileId}`);
    const detail = page.getByTestId('profile-detail');
    await detail.getByTestId('profile-company').getByText(name).waitFor(WAIT);
    const findings: string[] = [];
    const check = async (where: string) => {
      await settleAnimations(page);
      const wider = await overflow(page);
      if (wider > 0) findings.push(`${where}: ${wider}px wider than the screen`);
      for (const f of await seriousViolations(page)) findings.push(`${where}: ${f}`);
    };
    await check('company');
    // On a phone the sections are chosen in a select.
    for (const [section, label] of [['persons', 'Persons (1)'], ['accounts', 'Bank accounts (1)'], ['documents', 'Documents (1)'], ['services', 'Services'], ['history', 'History']] as const) {
      await chooseOption(page, detail.getByLabel('Section'), label);
      await detail.getByTestId(`profile-section-${section}`).waitFor(WAIT);
      await check(section);
    }
    await clickSettled(page, page.getByTestId('profile-edit'));
    await page.getByTestId('profile-form').getByTestId('person-0').waitFor(WAIT);
    await check('edit form');
    expect(findings).toEqual([]);
  }, 240_000);
});
