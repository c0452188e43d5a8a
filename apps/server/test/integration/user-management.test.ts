/**
 * User management, invitations and two-factor sign-in, on both databases, with
 * mail delivered to a real SMTP receiver (smtp-server) listening in the test:
 *  - invite → the e-mail arrives with the link (outbox row SENT, its body sealed) → Token/Check →
 *    SetPassword (a weak password answers every broken rule in one multi-line Password message;
 *    a used link answers TOK410) → Login → Mfa/Start → Mfa/Confirm with a code computed by otpauth
 *    → Login without a code MFA401 → with a later code accepted → the same code again refused →
 *    a recovery code works once;
 *  - a merchant HQ cannot invite into another merchant's company, onto the platform, with a group
 *    of another level, nor grant a group holding a permission it lacks; it sees only users of its
 *    subtree and only their memberships there; Update keeps memberships outside its scope and
 *    refuses to rename an account that works elsewhere; a stale Version is CF409;
 *  - Lock ends the user's sessions at once and refuses sign-in until Unlock; ResendInvite ends the
 *    old link, links expire, a reset link sets a new password and ends the old sessions;
 *    Deactivate and Reactivate;
 *  - an SMTP refusal is recorded on the outbox row (FAILED after the last attempt); without
 *    SMTP_URL a row stays PENDING;
 *  - with MFA_ENFORCE on, an unenrolled SUPERADMIN reaches only the profile, enrolment and the
 *    currency list (MFA403 otherwise) until it enrols (mfa-enforcement*.test.ts: every route).
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '@paydesk/domain';
import type { PortalClient } from '@paydesk/contract';
import { sealSecret } from '../../src/engine/secret-fields.ts';
import { deliverMail, markMailFailed } from '../../src/platform/mail.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

const GOOD_PASSWORD = 'Kopi-Ais-2026-Tarik';

/** A free loopback port. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `read` until it answers a value (not undefined), up to 30 s. */
async function eventually<T>(read: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
}

describe.each(DATABASES)('user management on %s', (kind) => {
  let s: TestServer;
  let smtp: SmtpReceiver;
  let admin: PortalClient;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  const one = async <T,>(sql: string, params?: unknown[]) => (await q<T>(sql, params))[0]!;
  let hqId: number;
  let otherHqId: number;
  let hqGroupId: number;
  let superGroupId: number;

  /** The link's token of the last mail received for `to`. */
  const tokenFor = (to: string) =>
    eventually(() => smtp.newestTo(to)?.match(/https:\/\/portal\.test\/auth\/invite\?token=([A-Za-z0-9_-]{43})/)?.[1]);

  /** Invites `email` as `inviter` and sets its password through the e-mailed link; answers the user id. */
  const inviteAndActivate = async (inviter: PortalClient, email: string, memberships: { CompanyId: number | null; GroupId: number }[]) => {
    const { Id } = await inviter.call('userInvite', { body: { Email: email, NickName: 'New User', Memberships: memberships } });
    const token = await tokenFor(email);
    await s.client().call('tokenSetPassword', { body: { Token: token, Password: GOOD_PASSWORD } });
    return Id;
  };
  const userRow = (c: PortalClient, id: number) => c.call('userGet', { params: { Id: id } });
  const idOf = async (email: string) => (await one<{ id: number }>(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])).id;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    s = await startTestServer({ kind, transactions: 300, config: { smtpUrl: smtp.url, publicUrl: 'https://portal.test', jobPollSeconds: 0.5 } });
    admin = await s.signIn('admin@paydesk.my');
    hqId = (await one<{ org_id: number }>(`SELECT m.org_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'merchant@paydesk.my' AND m.is_default`)).org_id;
    otherHqId = (await one<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' AND is_active = 1 AND id <> $1 ORDER BY id LIMIT 1`, [hqId])).id;
    hqGroupId = (await one<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'MERCHANT_HQ' AND is_default`)).id;
    superGroupId = (await one<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'SUPERADMIN' AND is_default`)).id;
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('invites by e-mail, sets the password by the link, enrols TOTP and signs in with a code once, and with a recovery code once', async () => {
    const email = `siti.${kind}@kedai-runcit.my`;
    const { Id } = await admin.call('userInvite', { body: { Email: email, NickName: 'Siti Aminah', Phone: '012-345 6789', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } });
    expect((await userRow(admin, Id)).Status).toBe('INVITED');

    const token = await tokenFor(email);
    const row = await eventually(async () => {
      const [r] = await q<{ status: string; body: string; template: string; sent_at: Date | null }>(`SELECT status, body, template, sent_at FROM mail_outbox WHERE lower(to_address) = $1`, [email]);
      return r?.status === 'SENT' ? r : undefined;
    });
    expect(row.template).toBe('INVITE');
    expect(row.sent_at).not.toBeNull();
    // Sealed at rest: the live link is not readable from the table.
    expect(row.body.startsWith('enc:v1:')).toBe(true);
    expect(row.body).not.toContain(token);

    const anon = s.client();
    expect(await anon.call('tokenCheck', { body: { Token: token } })).toMatchObject({ Email: email, NickName: 'Siti Aminah', Purpose: 'INVITE', MinLength: 12 });
    const weak = await errorOf(anon.call('tokenSetPassword', { body: { Token: token, Password: 'short' } }));
    expect(weak.status).toBe(400);
    expect(weak.errorCode).toBe('VAL400');
    // §8: a blank line and the word Password, then one line per broken rule.
    expect(weak.message).toContain('\n\n');
    expect(weak.message).toContain('Password');
    expect(weak.message.split('\n\n')[1]!.split('\n')).toEqual(['- Password must have at least 12 characters', '- Password must contain letters and digits']);
    expect(await anon.call('tokenSetPassword', { body: { Token: token, Password: GOOD_PASSWORD } })).toEqual({ Success: true });
    const used = await errorOf(anon.call('tokenSetPassword', { body: { Token: token, Password: GOOD_PASSWORD } }));
    expect([used.status, used.errorCode]).toEqual([410, 'TOK410']);
    const unknown = await errorOf(anon.call('tokenCheck', { body: { Token: 'x'.repeat(43) } }));
    // Unknown and used links answer alike.
    expect([unknown.status, unknown.errorCode, unknown.message]).toEqual([used.status, used.errorCode, used.message]);

    const user = s.client();
    await user.login(email, GOOD_PASSWORD);
    expect((await userRow(admin, Id)).Status).toBe('ACTIVE');
    expect(await user.call('profile')).toMatchObject({ MfaEnabled: false, MfaSetupRequired: false });

    const start = await user.call('mfaStart');
    expect(start.Secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(start.OtpAuthUri).toContain('otpauth://totp/');
    expect(start.QrDataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const totp = new TOTP({ secret: start.Secret, algorithm: 'SHA1', digits: 6, period: 30 });
    const wrong = await errorOf(user.call('mfaConfirm', { body: { Code: totp.generate({ timestamp: s.now().getTime() + 10 * 60_000 }) } }));
    expect(wrong.errorCode).toBe('VAL400');
    const { RecoveryCodes } = await user.call('mfaConfirm', { body: { Code: totp.generate({ timestamp: s.now().getTime() }) } });
    expect(RecoveryCodes).toHaveLength(10);
    expect(new Set(RecoveryCodes).size).toBe(10);
    expect((await q(`SELECT 1 FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, [Id])).length).toBe(10);
    expect((await userRow(admin, Id)).MfaEnabled).toBe(true);
    // A session alone cannot swap the authenticator once enrolled.
    expect((await errorOf(user.call('mfaStart'))).errorCode).toBe('CF409');

    const noCode = await errorOf(s.client().login(email, GOOD_PASSWORD));
    expect([noCode.status, noCode.errorCode]).toEqual([401, 'MFA401']);
    // A wrong password still answers the plain bad-credentials error: the code is asked only after it.
    expect((await errorOf(s.client().login(email, 'Not-The-Password-1'))).errorCode).toBe('AUTH401');

    s.advance(31_000);
    const code = totp.generate({ timestamp: s.now().getTime() });
    const signedIn = s.client();
    await signedIn.call('login', { body: { Email: email, Password: GOOD_PASSWORD, OtpCode: code } });
    expect((await signedIn.call('profile')).MfaEnabled).toBe(true);
    const replay = await errorOf(s.client().call('login', { body: { Email: email, Password: GOOD_PASSWORD, OtpCode: code } }));
    expect([replay.status, replay.errorCode]).toEqual([401, 'MFA401']);

    const recovery = s.client();
    await recovery.call('login', { body: { Email: email, Password: GOOD_PASSWORD, RecoveryCode: RecoveryCodes[0]!.toLowerCase() } });
    const again = await errorOf(s.client().call('login', { body: { Email: email, Password: GOOD_PASSWORD, RecoveryCode: RecoveryCodes[0]! } }));
    expect(again.errorCode).toBe('MFA401');

    // ResetMfa by the administrator: the user signs in with the password alone again.
    const reset = await admin.call('userResetMfa', { body: { Id, Version: (await userRow(admin, Id)).Version } });
    expect(reset.MfaEnabled).toBe(false);
    await s.client().login(email, GOOD_PASSWORD);
  });

  it('keeps a merchant HQ inside its own company: no other company, no platform, no other level, no permission it lacks', async () => {
    const merchant = await s.signIn('merchant@paydesk.my');
    const invite = (Memberships: { CompanyId: number | null; GroupId: number }[], Email = `hq.staff.${kind}.${Math.random().toString(36).slice(2, 8)}@kedai.my`) =>
      errorOf(merchant.call('userInvite', { body: { Email, NickName: 'Staff', Memberships } }));

    expect((await invite([{ CompanyId: otherHqId, GroupId: hqGroupId }])).errorCode).toBe('NF404');
    expect((await invite([{ CompanyId: null, GroupId: superGroupId }])).errorCode).toBe('PERM403');
    const agencyGroup = (await one<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'AGENCY' AND is_default`)).id;
    expect((await invite([{ CompanyId: hqId, GroupId: agencyGroup }])).errorCode).toBe('VAL400');

    // A merchant HQ group that also watches risk alerts, which a merchant HQ does not hold.
    const [g] = await q<{ id: number }>(`INSERT INTO user_groups (name, group_type) VALUES ('HQ with risk ${kind}', 'MERCHANT_HQ') RETURNING id`);
    await q(`INSERT INTO user_group_permissions (group_id, permission) SELECT $1, unnest($2::text[])`, [g!.id, [...defaultPermissions('MERCHANT_HQ'), 'risk:view']]);
    const lacking = await invite([{ CompanyId: hqId, GroupId: g!.id }]);
    expect([lacking.status, lacking.errorCode]).toEqual([403, 'PERM403']);
    expect(lacking.message).toContain(`HQ with risk ${kind}`);
    expect(lacking.message).toContain('risk:view');
    expect((await q(`SELECT 1 FROM users WHERE email LIKE 'hq.staff.%'`)).length).toBe(0);

    // Its own company with its own group: allowed; the e-mail already in use is CF409.
    const ok = await merchant.call('userInvite', { body: { Email: `cashier.${kind}@kedai.my`, NickName: 'Cashier', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } });
    expect(ok.Id).toBeGreaterThan(0);
    expect((await errorOf(merchant.call('userInvite', { body: { Email: `CASHIER.${kind}@kedai.my`, NickName: 'Again', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } }))).errorCode).toBe('CF409');
  });

  it("lists only the users of the caller's subtree with their memberships there, and updates only those", async () => {
    const merchant = await s.signIn('merchant@paydesk.my');
    const page = await merchant.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 999, SearchData: {} } });
    const paths = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [hqId]);
    const subtree = new Set((await q<{ id: number }>(`SELECT id FROM organizations WHERE path LIKE $1`, [`${paths[0]!.path}%`])).map((r) => Number(r.id)));
    expect(page.TotalRecords).toBe(page.Items.length);
    expect(page.Items.length).toBeGreaterThan(1);
    for (const u of page.Items) {
      expect(u.Memberships.length).toBeGreaterThan(0);
      for (const m of u.Memberships) expect(subtree.has(m.CompanyId!)).toBe(true);
    }
    expect(page.Items.map((u) => u.Email)).not.toContain('admin@paydesk.my');
    const adminId = await idOf('admin@paydesk.my');
    expect((await errorOf(userRow(merchant, adminId))).errorCode).toBe('NF404');
    expect((await errorOf(merchant.call('userLock', { body: { Id: adminId, Version: 1 } }))).errorCode).toBe('NF404');

    // mm@paydesk.my works for the master merchant too: the HQ sees its HQ membership only.
    const mmId = await idOf('mm@paydesk.my');
    const mm = await userRow(merchant, mmId);
    expect(mm.Memberships.map((m) => m.CompanyId)).toEqual([hqId]);
    const financeGroup = (await one<{ id: number }>(`SELECT id FROM user_groups WHERE name = 'Merchant HQ Finance'`)).id;
    const updated = await merchant.call('userUpdate', {
      body: { Id: mmId, Version: mm.Version, NickName: mm.NickName, Phone: mm.Phone ?? '', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }, { CompanyId: hqId, GroupId: financeGroup }] },
    });
    expect(updated.Memberships.map((m) => m.GroupId).sort()).toEqual([hqGroupId, financeGroup].sort());
    expect((await userRow(admin, mmId)).Memberships.some((m) => m.GroupType === 'MASTER_MERCHANT')).toBe(true);
    const rename = await errorOf(merchant.call('userUpdate', { body: { Id: mmId, Version: updated.Version, NickName: 'Renamed', Phone: '', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } }));
    expect(rename.errorCode).toBe('PERM403');
    expect((await errorOf(merchant.call('userLock', { body: { Id: mmId, Version: updated.Version } }))).errorCode).toBe('PERM403');
    const stale = await errorOf(merchant.call('userUpdate', { body: { Id: mmId, Version: mm.Version, NickName: mm.NickName, Phone: '', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } }));
    expect([stale.status, stale.errorCode]).toEqual([409, 'CF409']);

    // Filters: by status and keyword.
    const invited = await admin.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 50, SearchData: { Status: 'INVITED' } } });
    expect(invited.Items.length).toBeGreaterThan(0);
    expect(invited.Items.every((u) => u.Status === 'INVITED')).toBe(true);
    const byKeyword = await admin.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 50, SearchData: { Keyword: 'BRANCH@PAYDESK' } } });
    expect(byKeyword.Items.map((u) => u.Email)).toEqual(['branch@paydesk.my']);
  });

  it('ends the sessions of a locked user at once and refuses its sign-in until unlocked; nobody locks themselves', async () => {
    const branch = await s.signIn('branch@paydesk.my');
    await branch.call('profile');
    const id = await idOf('branch@paydesk.my');
    const before = await userRow(admin, id);
    const locked = await admin.call('userLock', { body: { Id: id, Version: before.Version } });
    expect(locked.Status).toBe('LOCKED');
    expect((await errorOf(branch.call('profile'))).errorCode).toBe('SC499');
    expect((await errorOf(s.signIn('branch@paydesk.my'))).errorCode).toBe('AUTH423');
    const unlocked = await admin.call('userUnlock', { body: { Id: id, Version: locked.Version } });
    expect(unlocked.Status).toBe('ACTIVE');
    await s.signIn('branch@paydesk.my');
    const self = await errorOf(admin.call('userLock', { body: { Id: await idOf('admin@paydesk.my'), Version: 1 } }));
    expect(self.errorCode).toBe('PERM403');
  });

  it('sends a new invitation (the old link dies), expires links, and resets a password by a 1-hour link that ends the old sessions', async () => {
    const email = `ahmad.${kind}@kedai-runcit.my`;
    const { Id } = await admin.call('userInvite', { body: { Email: email, NickName: 'Ahmad', Memberships: [{ CompanyId: hqId, GroupId: hqGroupId }] } });
    const first = await tokenFor(email);
    const resent = await admin.call('userResendInvite', { body: { Id, Version: (await userRow(admin, Id)).Version } });
    const second = await eventually(async () => {
      const t = await tokenFor(email);
      return t !== first ? t : undefined;
    });
    expect((await errorOf(s.client().call('tokenCheck', { body: { Token: first } }))).errorCode).toBe('TOK410');
    // 72 hours later the invitation has expired too; ResendInvite makes a fresh one.
    s.advance(72 * 3_600_000 + 1_000);
    expect((await errorOf(s.client().call('tokenCheck', { body: { Token: second } }))).errorCode).toBe('TOK410');
    // The administrator's session went idle meanwhile.
    admin = await s.signIn('admin@paydesk.my');
    await admin.call('userResendInvite', { body: { Id, Version: resent.Version } });
    const third = await eventually(async () => {
      const t = await tokenFor(email);
      return t !== second ? t : undefined;
    });
    await s.client().call('tokenSetPassword', { body: { Token: third, Password: GOOD_PASSWORD } });
    const active = await userRow(admin, Id);
    expect(active.Status).toBe('ACTIVE');
    expect((await errorOf(admin.call('userResendInvite', { body: { Id, Version: active.Version } }))).errorCode).toBe('CF409');

    const session = await s.signIn(email, GOOD_PASSWORD);
    await admin.call('userResetPassword', { body: { Id, Version: active.Version } });
    const reset = await eventually(async () => {
      const t = await tokenFor(email);
      return t !== third ? t : undefined;
    });
    expect(await s.client().call('tokenCheck', { body: { Token: reset } })).toMatchObject({ Purpose: 'RESET', Email: email });
    // Until the new password is set the old one works.
    await s.signIn(email, GOOD_PASSWORD);
    await s.client().call('tokenSetPassword', { body: { Token: reset, Password: 'Teh-Tarik-Kurang-Manis-9' } });
    expect((await errorOf(session.call('profile'))).errorCode).toBe('SC499');
    expect((await errorOf(s.signIn(email, GOOD_PASSWORD))).errorCode).toBe('AUTH401');
    await s.signIn(email, 'Teh-Tarik-Kurang-Manis-9');

    // Deactivate ends the sessions too; Reactivate lets the user back in.
    const live = await s.signIn(email, 'Teh-Tarik-Kurang-Manis-9');
    const off = await admin.call('userDeactivate', { body: { Id, Version: (await userRow(admin, Id)).Version } });
    expect(off.Status).toBe('INACTIVE');
    expect((await errorOf(live.call('profile'))).errorCode).toBe('SC499');
    expect((await errorOf(s.signIn(email, 'Teh-Tarik-Kurang-Manis-9'))).errorCode).toBe('AUTH401');
    expect((await admin.call('userReactivate', { body: { Id, Version: off.Version } })).Status).toBe('ACTIVE');
    await s.signIn(email, 'Teh-Tarik-Kurang-Manis-9');
  });

  it('records an SMTP refusal on the outbox row, FAILED when its job fails for good; without SMTP_URL the row stays PENDING', async () => {
    const port = await freePort();
    const refusing = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onRcptTo: (_a, _s, cb) => cb(new Error('mailbox unavailable')) });
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    try {
      const [row] = await q<{ id: string }>(`INSERT INTO mail_outbox (to_address, subject, body, template) VALUES ('nobody@kedai.my', 'Test', $1, 'INVITE') RETURNING id`, [
        sealSecret(s.app.ctx.keys.fieldKey, 'hello'),
      ]);
      const mailId = Number(row!.id);
      const ctx = { ...s.app.ctx, config: { ...s.app.ctx.config, smtpUrl: `smtp://127.0.0.1:${port}` } };
      const attempt = (lastAttempt: boolean) => deliverMail(ctx, { id: 'x', data: { mailId }, retryCount: 0, retryLimit: 6, lastAttempt });
      const read = () => one<{ status: string; attempts: number; last_error: string | null }>(`SELECT status, attempts, last_error FROM mail_outbox WHERE id = $1`, [mailId]);
      await expect(attempt(false)).rejects.toThrow();
      expect(await read()).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect((await read()).last_error).toContain('mailbox unavailable');
      await expect(attempt(true)).rejects.toThrow();
      expect(await read()).toMatchObject({ status: 'PENDING', attempts: 2 });
      // The job failing for good is the queue's failedForGood (platform/jobs.ts dead letters).
      await markMailFailed(ctx, mailId, 'mailbox unavailable');
      expect(await read()).toMatchObject({ status: 'FAILED', attempts: 2, last_error: 'mailbox unavailable' });

      const [idle] = await q<{ id: string }>(`INSERT INTO mail_outbox (to_address, subject, body, template) VALUES ('later@kedai.my', 'Test', $1, 'RESET') RETURNING id`, [sealSecret(s.app.ctx.keys.fieldKey, 'hi')]);
      await deliverMail({ ...s.app.ctx, config: { ...s.app.ctx.config, smtpUrl: '' } }, { id: 'y', data: { mailId: Number(idle!.id) }, retryCount: 0, retryLimit: 6, lastAttempt: true });
      expect(await one(`SELECT status, attempts FROM mail_outbox WHERE id = $1`, [Number(idle!.id)])).toEqual({ status: 'PENDING', attempts: 0 });
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('holds the members of a group flagged "Two-factor required" on /user-group to enrolment, and lets them through once it is cleared', async () => {
    const email = `hq.mfa.${kind}@kedai.my`;
    await inviteAndActivate(admin, email, [{ CompanyId: hqId, GroupId: hqGroupId }]);
    const setFlag = async (value: 0 | 1) => {
      const g = await admin.callPath<{ Version: number; MfaRequired: number }>('GET', `/api/portal/UserGroup/Get/${hqGroupId}`);
      const after = await admin.callPath<{ MfaRequired: number }>('PUT', '/api/portal/UserGroup/Update', { Id: hqGroupId, Version: g.Version, MfaRequired: value });
      expect(after.MfaRequired).toBe(value);
    };
    const enforcing = await startTestServer({ shareDatabaseWith: s, config: { mfaEnforce: true } });
    try {
      await setFlag(1);
      const member = await enforcing.signIn(email, GOOD_PASSWORD);
      expect(await member.call('profile')).toMatchObject({ MfaEnabled: false, MfaSetupRequired: true });
      const held = await errorOf(member.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 10, SearchData: {} } }));
      expect([held.status, held.errorCode]).toEqual([403, 'MFA403']);
      await setFlag(0);
      const again = await enforcing.signIn(email, GOOD_PASSWORD);
      expect((await again.call('profile')).MfaSetupRequired).toBe(false);
    } finally {
      await setFlag(0);
      await enforcing.close();
    }
  });

  it('holds an unenrolled SUPERADMIN to enrolment while MFA_ENFORCE is on', async () => {
    const email = `ops.${kind}@paydesk.my`;
    await inviteAndActivate(admin, email, [{ CompanyId: null, GroupId: superGroupId }]);
    const enforcing = await startTestServer({ shareDatabaseWith: s, config: { mfaEnforce: true } });
    try {
      const ops = await enforcing.signIn(email, GOOD_PASSWORD);
      expect(await ops.call('profile')).toMatchObject({ MfaEnabled: false, MfaSetupRequired: true });
      const held = await errorOf(ops.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 10, SearchData: {} } }));
      expect([held.status, held.errorCode]).toEqual([403, 'MFA403']);
      await ops.call('currencies');
      const start = await ops.call('mfaStart');
      const totp = new TOTP({ secret: start.Secret, algorithm: 'SHA1', digits: 6, period: 30 });
      await ops.call('mfaConfirm', { body: { Code: totp.generate({ timestamp: enforcing.now().getTime() }) } });
      expect((await ops.call('profile')).MfaSetupRequired).toBe(false);
      expect((await ops.call('userSearch', { body: { PageIndex: 1, RowsPerPage: 10, SearchData: {} } })).TotalRecords).toBeGreaterThan(0);
    } finally {
      await enforcing.close();
    }
  });
});
