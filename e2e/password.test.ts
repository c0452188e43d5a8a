/**
 * Password self-service in a real browser, on ONE portal (a fresh embedded database; its SMTP_URL
 * a real SMTP receiver this test starts):
 *  - forgot password: the sign-in page's "Forgot password?" → the e-mail → the neutral
 *    confirmation → the reset mail arrives at the SMTP receiver → its link opens the set-password
 *    page (no session) → a new password → sign-in with it lands on the dashboard, and the old
 *    password no longer signs in; axe finds nothing serious on the request and confirmation;
 *  - change password: a signed-in user opens "Change password" from the user menu, a wrong
 *    current password is refused at its field, the right one changes it, and the user signs out
 *    and in again with the new password (axe over the page after the change).
 * No fixed sleeps: each step waits for what it caused (a text, a URL, a mail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSmtpReceiver, type SmtpReceiver } from '../apps/server/test/integration/smtp-receiver.ts';
import { seriousViolations } from './a11y.ts';
import { clickSettled, launchChromium, newPortalContext } from './browser.ts';
import { DEMO_PASSWORD, fillSignIn, invitationLink, signIn } from './onboarding-steps.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 30_000 } as const;
/** bypassCSP: the portal's CSP (script-src 'self') would refuse the injected axe-core script. */
const A11Y_CONTEXT = { viewport: { width: 1280, height: 800 }, locale: 'en-GB', bypassCSP: true };

/** Opens the signed-in user's menu and takes its item `item`. */
async function userMenu(page: Page, item: string): Promise<void> {
  await clickSettled(page, page.getByRole('button', { name: /· Profile$/ }));
  await clickSettled(page, page.getByRole('menuitem', { name: item }));
}

describe('password self-service: a reset by e-mail, and a change from the user menu', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    [portal, browser] = await Promise.all([startPortal({ SMTP_URL: smtp.url, JOB_POLL_SECONDS: '1' }), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  it('e-mails a reset link from the sign-in page, sets a new password by it and signs in with it', async () => {
    const email = 'agent@paydesk.my';
    const password = 'Lupa#Kata2026Laluan';
    const page = await (await newPortalContext(browser, A11Y_CONTEXT)).newPage();
    await page.goto(`${portal.url}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/forgot-password', WAIT);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor(WAIT);
    // The pointer left where the link was, now over the submit button: its hover colour is not what the sweep checks.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);

    // The e-mail rule is checked before anything is sent.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(/please enter a valid email address/i).waitFor(WAIT);

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor(WAIT);
    await page.getByText(`If ${email} belongs to an account that may sign in`).waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);

    // The mail arrives at the SMTP receiver; its link opens the set-password page without a session.
    const link = await invitationLink(smtp, email);
    expect(smtp.newestTo(email)).toContain('works once, for 1 hour');
    const { pathname, search } = new URL(link);
    await page.goto(`${portal.url}${pathname}${search}`);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor(WAIT);
    await page.getByText(`Choose a password for ${email}.`).waitFor(WAIT);
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('New password again').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((u) => u.pathname === '/auth', WAIT);
    await page.getByText('Your password is set. Sign in with it.').waitFor(WAIT);

    // The old password is refused; the new one signs in.
    await fillSignIn(page, email, DEMO_PASSWORD);
    await page.getByText('Invalid email or password').waitFor(WAIT);
    await fillSignIn(page, email, password);
    await page.waitForURL((u) => u.pathname === '/', WAIT);
    await page.context().close();
  }, 240_000);

  it('changes the password from the user menu, refusing a wrong current password at its field', async () => {
    const email = 'branch@paydesk.my';
    const password = 'Tukar#Kata2026Baru';
    const page = await signIn(browser, portal.url, email, A11Y_CONTEXT);
    await userMenu(page, 'Change password');
    await page.waitForURL((u) => u.pathname === '/change-password', WAIT);
    // The live policy is shown, as on the set-password page.
    await page.getByText('from 12 to 128 characters').waitFor(WAIT);

    await page.getByLabel('Current password').fill('Not-The-Password-1');
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('New password again').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong').waitFor(WAIT);

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Your other sessions were signed out.').waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);

    await userMenu(page, 'Sign out');
    await page.waitForURL((u) => u.pathname === '/auth', WAIT);
    await fillSignIn(page, email, password);
    await page.waitForURL((u) => u.pathname === '/', WAIT);
    await page.context().close();
  }, 240_000);
});
