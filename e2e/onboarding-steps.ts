/**
 * The steps of the onboarding journey in a real browser, shared by e2e/onboarding-journey.test.ts
 * and e2e/profiles.test.ts: signing in, an agency user creating a merchant HQ on /merchant, a
 * SUPERADMIN verifying it, inviting a user from /user-management, reading the invitation link from
 * a real SMTP receiver (the portal's SMTP_URL), and the invitee's password, TOTP enrolment and
 * sign-in with a code.
 * Each step waits for what it caused (a request's answer, a text, a status), never a fixed time,
 * and asserts what it did.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { citiesOfState } from '@paydesk/domain';
import type { SmtpReceiver } from '../apps/server/test/integration/smtp-receiver.ts';
import { chooseOption, clickSettled, newPortalContext } from './browser.ts';

/** The demo users' password (the seed's default). */
export const DEMO_PASSWORD = 'Paydesk@2026';
/** The merchant profile routes' base path. */
export const MERCHANT_PROFILE_API = '/api/portal/Merchant/Profile';
const WAIT = { timeout: 30_000 } as const;
/** The smallest PDF the server's magic-byte check takes for one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Fills the sign-in form of the page (on /auth) and sends it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs `email` in, in a new browser context (1440 × 900, en-GB, reduced motion unless `options`
 * say otherwise), and answers its page once it has landed on the dashboard.
 */
export async function signIn(browser: Browser, url: string, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newPortalContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'en-GB', ...options });
  const page = await context.newPage();
  await page.goto(`${url}/auth`);
  await fillSignIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/', WAIT);
  return page;
}

/**
 * Chooses the first option the select of `input` offers (its list from the server) and answers
 * its title. The previous select's dropdown may still be closing (slower on a loaded machine): its
 * options would be taken for this one's, so this one opens only once none is left open.
 */
export async function chooseFirst(page: Page, input: Locator): Promise<string> {
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count(), WAIT).toBe(0);
  await input.click();
  const first = page.locator(OPEN_OPTIONS).first();
  await first.waitFor(WAIT);
  const title = (await first.getAttribute('title'))!;
  await chooseOption(page, input, title);
  return title;
}

/** Types `title` into the searchable select of `input` and chooses the option of that title once the server has offered it. */
export async function chooseSearched(page: Page, input: Locator, title: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count(), WAIT).toBe(0);
  await input.click();
  await input.fill(title);
  await page.locator(`${OPEN_OPTIONS}[title=${JSON.stringify(title)}]`).waitFor(WAIT);
  await chooseOption(page, input, title);
}

/** Answers the confirmation titled `title` with Yes. */
export async function confirm(page: Page, title: string): Promise<void> {
  const modal = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await modal.waitFor(WAIT);
  await clickSettled(page, modal.getByRole('button', { name: 'Yes' }));
}

/** The onboarding status the profile drawer shows. */
export const shownStatus = (detail: Locator) => detail.locator('[data-status]').first().getAttribute('data-status');

/**
 * On /merchant (the page signed in as an agency user): creates a merchant HQ named `name` under
 * the first agent offered, with a person (an NRIC of a day that does not exist is refused on the
 * field first) and a bank account (shown masked), then uploads a PDF SSM certificate on the new
 * profile. Leaves the page on the profile, PENDING, and answers its id.
 */
export async function createMerchant(page: Page, url: string, name: string): Promise<number> {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === `${MERCHANT_PROFILE_API}/Search`, WAIT);
  await page.goto(`${url}/merchant`);
  expect((await listed).status()).toBe(200);
  await page.locator('main .ant-table-tbody tr.ant-table-row').first().waitFor(WAIT);

  await clickSettled(page, page.getByTestId('profile-new'));
  const form = page.getByTestId('profile-form');
  await form.waitFor(WAIT);
  await chooseFirst(page, form.getByLabel('Under (Agent)'));
  await form.getByTestId('profile-name').fill(name);
  await chooseOption(page, form.getByLabel('Company type'), 'Private Limited Company (SDN BHD)');
  await form.getByTestId('profile-regno').fill('202301012345');
  await chooseOption(page, form.getByLabel('Nature of business'), '5411 · Grocery Stores, Supermarkets');
  await form.getByTestId('profile-address1').fill('12 Jalan Ampang');
  await chooseOption(page, form.getByLabel('State', { exact: true }), 'Selangor');
  await chooseOption(page, form.getByLabel('City', { exact: true }), citiesOfState('Selangor')[0]!);
  await form.getByTestId('profile-postcode').fill('50450');
  await form.getByTestId('profile-phone').fill('+60123456789');
  await form.getByTestId('profile-email').fill('ali@kedai.example.com');

  await form.getByTestId('add-person').click();
  await form.getByTestId('person-0-name').fill('Ali bin Abu');
  // A date that does not exist is refused on the field, before any request.
  await form.getByTestId('person-0-idno').fill('900230-14-5673');
  await form.getByTestId('person-0-idno').blur();
  await form.getByTestId('person-0').getByText(/Enter the NRIC as YYMMDD-PB-###G/).waitFor(WAIT);
  await form.getByTestId('person-0-idno').fill('900101-14-5673');

  await form.getByTestId('add-account').click();
  await chooseFirst(page, form.getByTestId('account-0').getByLabel('Bank', { exact: true }));
  await form.getByTestId('account-0-name').fill('Kedai Ujian');
  await form.getByTestId('account-0-no').fill('1234567890');

  const created = page.waitForResponse((r) => new URL(r.url()).pathname === `${MERCHANT_PROFILE_API}/Create`, WAIT);
  await clickSettled(page, page.getByTestId('profile-save'));
  expect((await created).status()).toBe(200);
  // The new profile opens, PENDING, where its documents are uploaded.
  await page.waitForURL((u) => /^\/merchant\/\d+$/.test(u.pathname), WAIT);
  const profileId = Number(new URL(page.url()).pathname.split('/').pop());
  const detail = page.getByTestId('profile-detail');
  await detail.getByTestId('profile-company').getByText(name).waitFor(WAIT);
  expect(await shownStatus(detail)).toBe('PENDING');

  await clickSettled(page, detail.getByTestId('section-accounts'));
  expect(await detail.getByTestId('masked-account').innerText()).toBe('••••7890');

  await clickSettled(page, detail.getByTestId('section-documents'));
  await detail.getByTestId('profile-upload').locator('input[type="file"]').setInputFiles({ name: 'ssm-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === `${MERCHANT_PROFILE_API}/${profileId}/Document`, WAIT);
  await clickSettled(page, detail.getByTestId('profile-doc-upload'));
  expect((await uploaded).status()).toBe(200);
  await detail.getByTestId('profile-documents').getByText('ssm-certificate.pdf').waitFor(WAIT);
  return profileId;
}

/**
 * As a reviewer (the page signed in as a SUPERADMIN who is not the profile's maker): opens the
 * profile, starts its review and verifies it through the KYC buttons, each confirmed. Leaves the
 * page on the VERIFIED profile and answers its drawer.
 */
export async function verifyMerchant(page: Page, url: string, profileId: number, name: string): Promise<Locator> {
  await page.goto(`${url}/merchant/${profileId}`);
  const detail = page.getByTestId('profile-detail');
  await detail.getByTestId('profile-company').getByText(name).waitFor(WAIT);
  const actions = page.getByTestId('kyc-actions');
  await actions.waitFor(WAIT);
  expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Start review']);

  await clickSettled(page, actions.getByRole('button', { name: 'Start review' }));
  await confirm(page, `Start the review of ${name}?`);
  await expect.poll(() => shownStatus(detail), WAIT).toBe('REVIEWING');
  await actions.getByRole('button', { name: 'Verify' }).waitFor(WAIT);
  expect(await actions.getByRole('button').allInnerTexts()).toEqual(['Verify', 'Reject']);

  await clickSettled(page, actions.getByRole('button', { name: 'Verify' }));
  await confirm(page, `Verify ${name}?`);
  await expect.poll(() => shownStatus(detail), WAIT).toBe('VERIFIED');
  await actions.getByRole('button', { name: 'Suspend' }).waitFor(WAIT);
  return detail;
}

/** The invitation link of the newest mail to `email` the SMTP receiver has, once one has arrived. */
export async function invitationLink(smtp: SmtpReceiver, email: string): Promise<string> {
  const link = () => smtp.newestTo(email)?.match(/https?:\/\/[^\s"'<>]+\/auth\/invite\?token=[A-Za-z0-9_-]{43}/)?.[0];
  await expect.poll(link, { timeout: 60_000 }).toBeDefined();
  return link()!;
}

/** Who is invited, and into which company: `company` by name, or the first one offered. */
export interface Invitation {
  email: string;
  nickName: string;
  level: string;
  company?: string;
}

/**
 * On /user-management (the page signed in as a SUPERADMIN): invites a user with one membership of
 * `level`, its company and the first group of that level; checks the list shows the user Invited
 * in that company. Answers the company's name.
 */
export async function inviteUser(admin: Page, url: string, who: Invitation): Promise<string> {
  await admin.goto(`${url}/user-management`);
  await admin.locator('[data-testid="users-list"] tr.ant-table-row').first().waitFor(WAIT);
  await clickSettled(admin, admin.getByTestId('users-invite'));
  const form = admin.getByTestId('user-form');
  await form.waitFor(WAIT);
  await form.getByLabel('Email', { exact: true }).fill(who.email);
  await form.getByLabel('Nick name').fill(who.nickName);
  await chooseOption(admin, form.getByLabel('Level'), who.level);
  const companyInput = form.getByLabel('Company');
  let company: string;
  if (who.company === undefined) company = await chooseFirst(admin, companyInput);
  else await chooseSearched(admin, companyInput, (company = who.company));
  await chooseFirst(admin, form.getByLabel('Group'));
  const invited = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/portal/UserManagement/Invite', WAIT);
  await clickSettled(admin, admin.getByTestId('user-form-submit'));
  expect((await invited).status()).toBe(200);
  await admin.getByText(`Invitation sent to ${who.email}`).waitFor(WAIT);
  await admin.getByTestId('users-keyword').locator('input').fill(who.email);
  await admin.getByTestId('users-keyword').locator('input').press('Enter');
  const row = admin.locator('[data-testid="users-list"] tr.ant-table-row', { hasText: who.email });
  await row.waitFor(WAIT);
  expect(await row.innerText()).toContain('Invited');
  expect(await row.innerText()).toContain(company);
  return company;
}

/**
 * Opens the invitation `link` on `page` (a browser without a session), sets `password` for
 * `email` under the policy, and arrives at the sign-in with the confirmation.
 */
export async function setPasswordFromLink(page: Page, url: string, link: string, who: { email: string; nickName: string; password: string }): Promise<void> {
  const { pathname, search } = new URL(link);
  await page.goto(`${url}${pathname}${search}`);
  await page.getByRole('heading', { name: `Welcome, ${who.nickName}` }).waitFor(WAIT);
  await page.getByText(`Choose a password for ${who.email}.`).waitFor(WAIT);
  await page.getByLabel('New password', { exact: true }).fill(who.password);
  await page.getByLabel('New password again').fill(who.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL((u) => u.pathname === '/auth', WAIT);
  await page.getByText('Your password is set. Sign in with it.').waitFor(WAIT);
}

/** Opens the user menu of the signed-in `nickName` and takes its item `item`. */
async function userMenu(page: Page, nickName: string, item: string): Promise<void> {
  await clickSettled(page, page.getByRole('button', { name: `${nickName} · Profile` }));
  await clickSettled(page, page.getByRole('menuitem', { name: item }));
}

/**
 * Enrols an authenticator for the signed-in `nickName` from the user menu: the code computed with
 * otpauth from the key the page shows; the ten recovery codes shown and acknowledged as saved.
 * Answers the authenticator (its enrolment code is spent).
 */
export async function enrolTotp(page: Page, nickName: string): Promise<TOTP> {
  await userMenu(page, nickName, 'Two-factor authentication');
  await page.waitForURL((u) => u.pathname === '/mfa-setup', WAIT);
  expect(await page.getByTestId('mfa-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const key = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByTestId('mfa-code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('mfa-recovery-codes').getByRole('listitem');
  await codes.first().waitFor(WAIT);
  expect(await codes.count()).toBe(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await clickSettled(page, page.getByRole('button', { name: 'Continue' }));
  await page.waitForURL((u) => u.pathname === '/', WAIT);
  return totp;
}

/** Signs the signed-in `nickName` out from the user menu. */
export async function signOut(page: Page, nickName: string): Promise<void> {
  await userMenu(page, nickName, 'Sign out');
  await page.waitForURL((u) => u.pathname === '/auth', WAIT);
}

/**
 * Signs in on /auth with email and password, which alone is not enough: the page asks for the
 * authenticator's code (a one-time-code field), and lands on the dashboard with it.
 */
export async function signInWithCode(page: Page, email: string, password: string, totp: TOTP): Promise<void> {
  await fillSignIn(page, email, password);
  const code = page.getByLabel('Authentication code');
  await code.waitFor(WAIT);
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  // The enrolment's code is spent (a code is accepted once): the next step's code, inside the ±1 window.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/', WAIT);
}
