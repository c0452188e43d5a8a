/** Debian's Chromium driven by playwright-core (never a downloaded browser build). */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/**
 * A new browser context for the portal: the system asks for reduced motion, so antd's transitions
 * are off (apps/web antd-frame.tsx) and no click lands on a modal or dropdown still zooming in.
 * Why every test's context: a click during the zoom-in of a confirmation prompt hit the prompt's
 * body instead of its button on a loaded CI machine and the prompt stayed open. The portal's own
 * behaviour with motion is antd's; none of our tests assert an animation. `options` override
 * (viewport, locale, downloads); lint forbids `browser.newContext` elsewhere in e2e.
 */
export function newPortalContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}

/**
 * Resolves when every finite animation in the page has finished (antd's modal zoom, dropdown slide,
 * message fade); endless ones (spinners) are left out so it never hangs. Why: playwright's
 * "stable" check passes on the slow tail of an easing while the element still moves, so mousedown
 * and mouseup can land on different nodes and the browser synthesises no click at all: the click
 * is lost, not late (microsoft/playwright#16048). Clicking after this makes the click land.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Clicks `target` once the page's animations have settled (see settleAnimations). */
export async function clickSettled(page: Page, target: Locator): Promise<void> {
  await target.waitFor({ timeout: 20_000 });
  await settleAnimations(page);
  await target.click();
}

/**
 * Chooses the option titled `title` (exactly; a RegExp is matched against the option's text) in
 * the antd select whose input is `input`, and waits until the select shows it. A click that lands
 * while the dropdown is still opening or closing (a select just cleared, a busy machine) can be
 * dropped by the select, so the choice is made again until it shows, up to three times; the
 * dropdown is opened only when it is not open already (no Escape: inside a modal it would close
 * the modal). Throws playwright's TimeoutError when the option never appears or never sticks.
 */
export async function chooseOption(page: Page, input: Locator, title: string | RegExp): Promise<void> {
  const select = input.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  // antd 6: a single select shows its value as the text of -content (marked -content-has-value), a
  // multiple one as a -selection-item per value.
  const chosen = select.locator('.ant-select-content-has-value, .ant-select-selection-item').filter({ hasText: title });
  const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
  const option = (typeof title === 'string' ? page.locator(`${open}[title=${JSON.stringify(title)}]`) : page.locator(open, { hasText: title })).first();
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await input.click();
    await clickSettled(page, option);
    try {
      await chosen.first().waitFor({ timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/**
 * The header's picker for `label` ('User group', 'Currency', 'Language'): a button named
 * "{current choice} · {label}" (app/header/header-picker.tsx).
 */
export function headerPicker(page: Page, label: string): Locator {
  return page.locator('header').getByRole('button', { name: new RegExp(` · ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

/**
 * Opens the header picker for `label`, chooses the menu item `option`, and waits until a header
 * picker shows it (by its test id: choosing a language renames the pickers themselves).
 */
export async function pickInHeader(page: Page, label: string, option: string | RegExp): Promise<void> {
  await headerPicker(page, label).click();
  await clickSettled(page, page.getByRole('menuitem', { name: option }));
  await page.locator('header [data-testid="header-picker"]').filter({ hasText: option }).waitFor();
}

/**
 * Signs `email` in on `page` through the sign-in screen of the portal at `portalUrl` (password
 * typed, Enter) and waits for the dashboard. The demo's password unless told.
 */
export async function signInOnPage(page: Page, portalUrl: string, email: string, password = 'Paydesk@2026'): Promise<void> {
  await page.goto(`${portalUrl}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
}
