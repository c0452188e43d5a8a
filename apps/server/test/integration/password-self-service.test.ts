/**
 * Password self-service on both databases (issue 29 item 9):
 *  - ForgotPassword answers an unknown and a known e-mail identically (status, body), writes one
 *    audit row each, and only the known, ACTIVE account gets a RESET link in the outbox;
 *  - that link works once (Token/SetPassword ends the user's sessions, the old password stops
 *    working, the new one signs in), a newer request ends the older link, and a link expires after
 *    1 hour;
 *  - a locked (administrator or sign-in lockout), deactivated or invited account gets no mail;
 *  - ChangePassword refuses a wrong current password (naming CurrentPassword, recorded), an equal
 *    one (NewPassword) and a weak one (the §8 multi-line policy message); a right change ends the
 *    user's other sessions but not the calling one, writes one audit row and ends open links;
 *  - GetPasswordPolicy answers the live policy.
 * Users are made by `makeUser` (a factory with overrides) with the demo password hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../src/engine/secret-fields.ts';
import { ADMIN_LOCK_UNTIL } from '../../src/modules/users/account-actions.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/modules/users/forgot-password.ts';
import { DATABASES, PASSWORD, errorOf, startTestServer, type TestServer } from './harness.ts';

const NEW_PASSWORD = 'Teh-Halia-2026-Panas';

/** What a user made by the factory may differ in. */
interface UserOverrides {
  isActive?: 0 | 1;
  lockedUntil?: Date | null;
  /** False: an invited user who has not set a password yet. */
  hasPassword?: boolean;
}

describe.each(DATABASES)('password self-service on %s', (kind) => {
  let s: TestServer;
  let passwordHash: string;
  let membership: { org_id: number; group_id: number };
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  let made = 0;

  /** Makes a merchant HQ user with the demo password (unless overridden); answers its id and e-mail. */
  const makeUser = async (o: UserOverrides = {}): Promise<{ id: number; email: string }> => {
    const email = `reset.${++made}.${kind}@kedai-lupa.my`;
    const [u] = await q<{ id: number }>(`INSERT INTO users (email, nick_name, password_hash, is_active, locked_until) VALUES ($1, 'Lupa', $2, $3, $4) RETURNING id`, [
      email,
      o.hasPassword === false ? null : passwordHash,
      o.isActive ?? 1,
      o.lockedUntil ?? null,
    ]);
    await q(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, true)`, [u!.id, membership.org_id, membership.group_id]);
    return { id: u!.id, email };
  };

  /** The outbox rows addressed to `email`, newest first, their bodies opened. */
  const mailsTo = async (email: string) =>
    (await q<{ template: string; body: string }>(`SELECT template, body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC`, [email])).map((m) => ({
      template: m.template,
      body: openSecret(s.app.ctx.keys.fieldKey, m.body),
    }));
  /** The link token of the newest mail to `email`. */
  const tokenOf = async (email: string): Promise<string> => {
    const [mail] = await mailsTo(email);
    const token = mail?.body.match(/https:\/\/portal\.test\/auth\/invite\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    return token!;
  };
  /** The audit rows of `action` about user `id` (or, for an unknown e-mail, by `email`). */
  const auditRows = (action: string, who: { id?: number; email?: string }) =>
    q<{ result: string; detail: { reason?: string } | null; actor_user_id: number | null; target_id: string | null }>(
      `SELECT result, detail, actor_user_id, target_id FROM audit_log WHERE action = $1 AND (target_id = $2 OR (target_id IS NULL AND actor_email = $3)) ORDER BY id`,
      [action, who.id === undefined ? null : String(who.id), who.email ?? null],
    );
  const forgot = (Email: string) => s.client().call('forgotPassword', { body: { Email } });

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 200, config: { publicUrl: 'https://portal.test' } });
    [{ password_hash: passwordHash }] = (await q<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = 'merchant@paydesk.my'`)) as [{ password_hash: string }];
    [membership] = (await q<{ org_id: number; group_id: number }>(
      `SELECT m.org_id, m.group_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'merchant@paydesk.my' AND m.is_default`,
    )) as [{ org_id: number; group_id: number }];
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers an unknown and a known e-mail identically, and mails a single-use RESET link to the known one only', async () => {
    const user = await makeUser();
    const unknownEmail = `nobody.${kind}@kedai-lupa.my`;
    const unknown = await forgot(unknownEmail);
    const known = await forgot(user.email.toUpperCase());
    expect(known).toEqual(unknown);
    expect(known).toEqual({ Success: true, Message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsTo(unknownEmail)).toEqual([]);
    const [mail] = await mailsTo(user.email);
    expect(mail?.template).toBe('RESET');
    expect(mail?.body).toContain('works once, for 1 hour');

    // One audit row each: SUCCESS for the link sent, FAILURE (unknown account) for the other.
    expect(await auditRows('USER_FORGOT_PASSWORD', { id: user.id })).toEqual([{ result: 'SUCCESS', detail: null, actor_user_id: user.id, target_id: String(user.id) }]);
    expect(await auditRows('USER_FORGOT_PASSWORD', { email: unknownEmail })).toEqual([{ result: 'FAILURE', detail: { reason: 'unknown account' }, actor_user_id: null, target_id: null }]);

    // The user's sessions end when the link is used; the old password stops working.
    const before = await s.signIn(user.email);
    const token = await tokenOf(user.email);
    expect(await s.client().call('tokenCheck', { body: { Token: token } })).toMatchObject({ Purpose: 'RESET', Email: user.email });
    expect(await s.client().call('tokenSetPassword', { body: { Token: token, Password: NEW_PASSWORD } })).toEqual({ Success: true });
    expect((await errorOf(before.call('profile'))).errorCode).toBe('SC499');
    const again = await errorOf(s.client().call('tokenSetPassword', { body: { Token: token, Password: 'Another-Password-77' } }));
    expect([again.status, again.errorCode]).toEqual([410, 'TOK410']);
    expect((await errorOf(s.signIn(user.email))).errorCode).toBe('AUTH401');
    const after = await s.signIn(user.email, NEW_PASSWORD);
    expect((await after.call('profile')).Email).toBe(user.email);
  });

  it('ends an older link when a newer one is asked for, and a link after 1 hour', async () => {
    const user = await makeUser();
    await forgot(user.email);
    const first = await tokenOf(user.email);
    await forgot(user.email);
    const second = await tokenOf(user.email);
    expect(second).not.toBe(first);
    expect((await errorOf(s.client().call('tokenCheck', { body: { Token: first } }))).errorCode).toBe('TOK410');
    s.advance(3_600_000 + 1_000);
    expect((await errorOf(s.client().call('tokenCheck', { body: { Token: second } }))).errorCode).toBe('TOK410');
    expect((await errorOf(s.client().call('tokenSetPassword', { body: { Token: second, Password: NEW_PASSWORD } }))).errorCode).toBe('TOK410');
    // The password did not change.
    await s.signIn(user.email);
  });

  it('mails nothing to a locked, locked-out, deactivated or invited account, and answers each alike', async () => {
    const cases: [string, UserOverrides | 'lockout'][] = [
      ['account locked', { lockedUntil: ADMIN_LOCK_UNTIL }],
      ['account locked', 'lockout'],
      ['account inactive', { isActive: 0 }],
      ['account invited', { hasPassword: false }],
    ];
    for (const [reason, o] of cases) {
      const user = await makeUser(o === 'lockout' ? {} : o);
      if (o === 'lockout') {
        await q(`INSERT INTO login_throttle (account_key, failures, locked_until) VALUES ($1, 10, $2)`, [user.email, new Date(s.now().getTime() + 30 * 60_000)]);
      }
      expect(await forgot(user.email)).toEqual({ Success: true, Message: FORGOT_PASSWORD_MESSAGE });
      expect(await mailsTo(user.email)).toEqual([]);
      expect(await auditRows('USER_FORGOT_PASSWORD', { id: user.id })).toEqual([{ result: 'FAILURE', detail: { reason }, actor_user_id: user.id, target_id: String(user.id) }]);
    }
  });

  it('sends at most 5 links a user an hour, answering the rest alike', async () => {
    const user = await makeUser();
    for (let i = 0; i < 7; i++) expect(await forgot(user.email)).toEqual({ Success: true, Message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsTo(user.email)).toHaveLength(5);
    const rows = await auditRows('USER_FORGOT_PASSWORD', { id: user.id });
    expect(rows.map((r) => r.result)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILURE', 'FAILURE']);
    expect(rows[6]!.detail).toEqual({ reason: 'hourly link limit reached' });
  });

  it('refuses a wrong, an equal and a weak password change, naming the field', async () => {
    const user = await makeUser();
    const c = await s.signIn(user.email);
    const wrong = await errorOf(c.call('changePassword', { body: { CurrentPassword: 'Not-The-Password-1', NewPassword: NEW_PASSWORD } }));
    expect([wrong.status, wrong.errorCode]).toEqual([400, 'VAL400']);
    expect(wrong.message).toContain('CurrentPassword: the current password is wrong');
    expect(await auditRows('USER_CHANGE_PASSWORD', { id: user.id })).toEqual([{ result: 'FAILURE', detail: { reason: 'wrong current password' }, actor_user_id: user.id, target_id: String(user.id) }]);

    const equal = await errorOf(c.call('changePassword', { body: { CurrentPassword: PASSWORD, NewPassword: PASSWORD } }));
    expect([equal.status, equal.errorCode]).toEqual([400, 'VAL400']);
    expect(equal.message).toContain('NewPassword: must differ from the current password');

    const weak = await errorOf(c.call('changePassword', { body: { CurrentPassword: PASSWORD, NewPassword: 'short' } }));
    expect([weak.status, weak.errorCode]).toEqual([400, 'VAL400']);
    // §8: a blank line and the word Password, then one line per broken rule.
    expect(weak.message.split('\n\n')[1]!.split('\n')).toEqual(['- Password must have at least 12 characters', '- Password must contain letters and digits']);

    // Nothing changed: the old password still signs in, and only the one failure was recorded.
    await s.signIn(user.email);
    expect(await auditRows('USER_CHANGE_PASSWORD', { id: user.id })).toHaveLength(1);
  });

  it("changes the password, ends the user's other sessions and open links, keeps this one and writes one audit row", async () => {
    const user = await makeUser();
    const other = await s.signIn(user.email);
    const current = await s.signIn(user.email);
    await forgot(user.email);
    const pending = await tokenOf(user.email);
    expect(await current.call('passwordPolicy')).toEqual({ MinLength: 12, MaxLength: 128, RequireSymbol: false });

    expect(await current.call('changePassword', { body: { CurrentPassword: PASSWORD, NewPassword: NEW_PASSWORD } })).toEqual({ Success: true });
    expect((await current.call('profile')).Email).toBe(user.email);
    expect((await errorOf(other.call('profile'))).errorCode).toBe('SC499');
    // A reset asked for before the change does not undo it.
    expect((await errorOf(s.client().call('tokenCheck', { body: { Token: pending } }))).errorCode).toBe('TOK410');
    expect((await errorOf(s.signIn(user.email))).errorCode).toBe('AUTH401');
    await s.signIn(user.email, NEW_PASSWORD);
    expect(await auditRows('USER_CHANGE_PASSWORD', { id: user.id })).toEqual([{ result: 'SUCCESS', detail: null, actor_user_id: user.id, target_id: String(user.id) }]);
  });

  it('needs a session to change a password', async () => {
    const refused = await errorOf(s.client().call('changePassword', { body: { CurrentPassword: PASSWORD, NewPassword: NEW_PASSWORD } }));
    expect(refused.status).toBe(401);
  });
});
