/**
 * The onboarding journey in a real browser, end to end on ONE portal (a fresh embedded
 * database; its SMTP_URL a real SMTP receiver this test starts):
 *  - an agency user creates a merchant HQ on /merchant with a person (NRIC), a bank account and a
 *    PDF document uploaded through the screen;
 *  - the agency user, its submitter, is offered no Verify (no KYC action at all), and its direct
 *    Review calls (START_REVIEW, VERIFY) are refused 403 PERM403: the profile stays PENDING;
 *  - a SUPERADMIN starts the review and verifies it through the screen;
 *  - the SUPERADMIN invites a user FOR THAT NEW MERCHANT (its company chosen in the invite form);
 *    the invitation arrives by SMTP; the invitee opens the link without a session, sets a
 *    password, signs in into the new merchant, enrols an authenticator from the user menu (the code
 *    computed with otpauth), saves the recovery codes, signs out, and signs in with email,
 *    password and a code, landing on the portal with the new merchant as its company.
 * No fixed sleeps: each step waits for what it caused (a request's answer, a text, a status, a mail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PortalClient, PortalError } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { startSmtpReceiver, type SmtpReceiver } from '../apps/server/test/integration/smtp-receiver.ts';
import { headerPicker, launchChromium, newPortalContext } from './browser.ts';
import {
  DEMO_PASSWORD, createMerchant, enrolTotp, fillSignIn, invitationLink, inviteUser, setPasswordFromLink, shownStatus, signIn, signInWithCode, signOut, verifyMerchant,
} from './onboarding-steps.ts';
import { startPortal, type RunningPortal } from './server.ts';

const WAIT = { timeout: 30_000 } as const;
const INVITEE = { email: 'siti.e2e@kedai-ujian.my', nickName: 'Siti', password: 'Kedai#Ujian2026' };

/** The refusal of a call that must fail: its status and ErrorCode. */
async function refusalOf(call: Promise<unknown>): Promise<[number, string]> {
  try {
    await call;
  } catch (e) {
    if (e instanceof PortalError) return [e.status, e.errorCode];
    throw e;
  }
  throw new Error('expected the call to be refused');
}

describe('onboarding journey: a merchant created, verified and its first user signed in with a code', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let smtp: SmtpReceiver;
  let profileId = 0;
  let verified = false;
  const name = `Kedai Ujian ${Date.now() % 100_000} Sdn Bhd`;

  /** The new merchant's name in the header's user-group switcher (`group · company`: the company the session is in). */
  const headerCompany = (page: Page) => headerPicker(page, 'User group').getByText(name);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    [portal, browser] = await Promise.all([startPortal({ SMTP_URL: smtp.url, JOB_POLL_SECONDS: '1' }), launchChromium()]);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  it('lets an agency user create a merchant it cannot verify itself, on the screen or by a direct call', async () => {
    const page = await signIn(browser, portal.url, 'agency@paydesk.my');
    profileId = await createMerchant(page, portal.url, name);
    // The submitter is offered no KYC action, Verify among them.
    expect(await page.getByTestId('kyc-actions').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verify' }).count()).toBe(0);

    // Nor can it decide the profile by calling the Review endpoint itself.
    const submitter = new PortalClient(portal.url);
    await submitter.login('agency@paydesk.my', DEMO_PASSWORD);
    const before = await submitter.call('merchantProfileGet', { params: { Id: profileId } });
    expect([before.OnboardingStatus, before.AllowedActions]).toEqual(['PENDING', []]);
    for (const Action of ['START_REVIEW', 'VERIFY'] as const) {
      expect(await refusalOf(submitter.call('merchantProfileReview', { body: { Id: profileId, Version: before.Version, Action } }))).toEqual([403, ERROR_CODES.FORBIDDEN]);
    }
    const after = await submitter.call('merchantProfileGet', { params: { Id: profileId } });
    expect([after.OnboardingStatus, after.Version]).toEqual(['PENDING', before.Version]);
    await page.context().close();
  }, 240_000);

  it('lets a SUPERADMIN review and verify it through the screen', async () => {
    expect(profileId).toBeGreaterThan(0);
    const page = await signIn(browser, portal.url, 'admin@paydesk.my');
    const detail = await verifyMerchant(page, portal.url, profileId, name);
    expect(await shownStatus(detail)).toBe('VERIFIED');
    verified = true;
    await page.context().close();
  }, 240_000);

  it("invites the new merchant's first user, who sets a password, enrols TOTP and signs in with a code into the merchant", async () => {
    expect(verified).toBe(true);
    const admin = await signIn(browser, portal.url, 'admin@paydesk.my');
    expect(await inviteUser(admin, portal.url, { ...INVITEE, level: 'Merchant HQ', company: name })).toBe(name);
    await admin.context().close();

    // The invitee opens the e-mailed link on a phone, without a session, and sets a password.
    const link = await invitationLink(smtp, INVITEE.email);
    const page = await (await newPortalContext(browser, { viewport: { width: 390, height: 844 }, locale: 'en-GB' })).newPage();
    await setPasswordFromLink(page, portal.url, link, INVITEE);

    // Signs in with the password alone (no authenticator yet), into the new merchant.
    await fillSignIn(page, INVITEE.email, INVITEE.password);
    await page.waitForURL((u) => u.pathname === '/', WAIT);
    await headerCompany(page).waitFor(WAIT);

    const totp = await enrolTotp(page, INVITEE.nickName);
    await signOut(page, INVITEE.nickName);
    await signInWithCode(page, INVITEE.email, INVITEE.password, totp);
    await headerCompany(page).waitFor(WAIT);
    expect(await headerCompany(page).innerText()).toContain(name);
    await page.context().close();
  }, 300_000);
});
