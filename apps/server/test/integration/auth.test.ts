import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, routes, sealRequest } from '@paydesk/contract';
import { DATABASES, PASSWORD, startTestServer, type TestServer, errorOf } from './harness.ts';

describe.each(DATABASES)('sign-in and sessions on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 500 });
  });
  afterAll(async () => s.close());

  it('answers Login with exactly UserId, Email, JWT {toke_type, access_token}, CompanyList, NickName', async () => {
    const c = s.client();
    const res = await c.login('merchant@paydesk.my', PASSWORD);
    expect(Object.keys(res).sort()).toEqual(['CompanyList', 'Email', 'JWT', 'NickName', 'UserId']);
    expect(Object.keys(res.JWT).sort()).toEqual(['access_token', 'toke_type']);
    expect(res.JWT.toke_type).toBe('Bearer');
    expect(res.Email).toBe('merchant@paydesk.my');
    expect(res.CompanyList[0]?.GroupType).toBe('MERCHANT_HQ');
    expect(c.cookies.get('token')).toBe(res.JWT.access_token);
    expect(c.cookies.get('modulePermission')).toMatch(/^\d+\./);
  });

  it('sets the token cookie HttpOnly, SameSite=Strict, for half a day', async () => {
    const c = s.client();
    await c.handshake();
    const res = await c.send('login', { body: { Email: 'admin@paydesk.my', Password: PASSWORD } });
    const token = res.headers.getSetCookie().find((l) => l.startsWith('token='));
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Strict/i);
    expect(token).toMatch(/Max-Age=43200/);
  });

  it('refuses a wrong password with AUTH401 and an unknown email the same way', async () => {
    expect((await errorOf(s.client().login('merchant@paydesk.my', 'wrong'))).errorCode).toBe('AUTH401');
    const unknown = await errorOf(s.client().login('nobody@paydesk.my', 'wrong'));
    expect(unknown.errorCode).toBe('AUTH401');
    expect(unknown.message).toContain('Invalid email or password');
  });

  it('names the field on bad sign-in input', async () => {
    const e = await errorOf(s.client().call('login', { body: { Email: 'not-an-email', Password: 'x' } }));
    expect(e.status).toBe(400);
    expect(e.errorCode).toBe('VAL400');
    expect(e.message).toContain('Email');
  });

  it('gives SC499 for a missing, forged and revoked token', async () => {
    const anon = s.client();
    expect((await errorOf(anon.call('profile'))).errorCode).toBe('SC499');

    const c = await s.signIn('agent@paydesk.my');
    const forged = new PortalClient(s.url);
    forged.keys = c.keys;
    const [h, p] = (c.token as string).split('.');
    forged.token = `${h}.${p}.${Buffer.from('forged-signature').toString('base64url')}`;
    expect((await errorOf(forged.call('profile'))).errorCode).toBe('SC499');

    const profile = await c.call('profile');
    expect(profile.Email).toBe('agent@paydesk.my');
    const oldToken = c.token as string;
    await c.call('logout');
    const again = new PortalClient(s.url);
    again.keys = c.keys;
    again.token = oldToken;
    expect((await errorOf(again.call('profile'))).errorCode).toBe('SC499');
  });

  it('gives SC440 after the idle limit, then SC499', async () => {
    const c = await s.signIn('branch@paydesk.my');
    await c.call('profile');
    s.advance(s.config.idleTimeoutMs + 60_000);
    expect((await errorOf(c.call('profile'))).errorCode).toBe('SC440');
    expect((await errorOf(c.call('profile'))).errorCode).toBe('SC499');
  });

  it('renews a token past half its life through the access_token header', async () => {
    const c = await s.signIn('mm@paydesk.my');
    const first = c.token;
    // Use the session every 14 minutes of server time (inside the idle limit) for 6 h 18 min.
    for (let i = 0; i < 27; i++) {
      s.advance(14 * 60 * 1000);
      await c.call('profile');
    }
    expect(c.token).not.toBe(first);
    expect(c.cookies.get('token')).toBe(c.token);
    const p = await c.call('profile');
    expect(p.Email).toBe('mm@paydesk.my');
  });

  it('locks the account after 10 failed sign-ins for 30 minutes, even with the right password', async () => {
    for (let i = 0; i < 9; i++) expect((await errorOf(s.client().login('agency@paydesk.my', 'bad'))).errorCode).toBe('AUTH401');
    expect((await errorOf(s.client().login('agency@paydesk.my', 'bad'))).errorCode).toBe('AUTH423');
    const locked = await errorOf(s.client().login('agency@paydesk.my', PASSWORD));
    expect(locked.errorCode).toBe('AUTH423');
    expect(locked.status).toBe(423);
    s.advance(31 * 60 * 1000);
    const ok = await s.client().login('agency@paydesk.my', PASSWORD);
    expect(ok.Email).toBe('agency@paydesk.my');
    const audit = await s.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE actor_email = 'agency@paydesk.my' AND action = 'LOCKOUT'`);
    expect(audit.length).toBe(1);
  });

  it('switches user group: the answer carries JWT.access_token and the permissions change at once', async () => {
    const c = await s.signIn('admin@paydesk.my');
    const before = await c.call('profile');
    expect(before.Current.GroupType).toBe('SUPERADMIN');
    const other = before.CompanyList.find((x) => x.GroupType === 'MASTER_MERCHANT');
    expect(other).toBeDefined();
    const res = await c.call('changeUserGroup', { body: { MembershipId: other!.MembershipId } });
    expect(res.JWT.access_token).toBeTruthy();
    const after = await c.call('profile');
    expect(after.Current.GroupType).toBe('MASTER_MERCHANT');
    expect(after.Permissions).not.toContain('systemsetting:view');
    expect(before.Permissions).toContain('systemsetting:view');
    const bad = await errorOf(c.call('changeUserGroup', { body: { MembershipId: 999999 } }));
    expect(bad.errorCode).toBe('VAL400');
    expect(bad.message).toContain('MembershipId');
  });

  it('rejects a tampered signature, a stale timestamp and a replayed nonce, each with its own code', async () => {
    const c = await s.signIn('merchant@paydesk.my');
    const path = routes.profile.path;
    const headers = (extra: Record<string, string>) => ({ Authorization: `Bearer ${c.token}`, ...extra });

    const good = await sealRequest(c.keys!, 'GET', path, undefined);
    const tampered = await fetch(`${s.url}${path}`, { headers: headers({ ...good.headers, 'X-Signature': Buffer.from('x'.repeat(32)).toString('base64') }) });
    expect(((await tampered.json()) as { ErrorCode: string }).ErrorCode).toBe('SEC401');

    const stale = await sealRequest(c.keys!, 'GET', path, undefined, Date.now() - 6 * 60 * 1000);
    const staleRes = await fetch(`${s.url}${path}`, { headers: headers(stale.headers) });
    expect(((await staleRes.json()) as { ErrorCode: string }).ErrorCode).toBe('SEC408');

    const once = await sealRequest(c.keys!, 'GET', path, undefined);
    const first = await fetch(`${s.url}${path}`, { headers: headers(once.headers) });
    expect(first.status).toBe(200);
    const replay = await fetch(`${s.url}${path}`, { headers: headers(once.headers) });
    expect(((await replay.json()) as { ErrorCode: string }).ErrorCode).toBe('SEC409');
  });

  it('refuses a session used over another secure channel', async () => {
    const c = await s.signIn('merchant@paydesk.my');
    const thief = new PortalClient(s.url);
    thief.token = c.token;
    await thief.handshake();
    expect((await errorOf(thief.call('profile'))).errorCode).toBe('SC499');
  });

  it('requires the anti-forgery header on cookie-authenticated writes', async () => {
    const c = await s.signIn('merchant@paydesk.my');
    const cookieOnly = new PortalClient(s.url, { useCookiesOnly: true });
    cookieOnly.keys = c.keys;
    for (const [k, v] of c.cookies) cookieOnly.cookies.set(k, v);
    const res = await cookieOnly.call('dashboard', { body: { Currency: 'MYR' } });
    expect(res.Currency).toBe('MYR');
    cookieOnly.cookies.delete('XSRF-TOKEN');
    const e = await errorOf(cookieOnly.call('dashboard', { body: { Currency: 'MYR' } }));
    expect(e.errorCode).toBe('PERM403');
  });

  it('writes audit records for sign-in, failed sign-in, group switch and sign-out with both addresses', async () => {
    const c = s.client({ publicIp: '203.0.113.7' });
    await c.login('mm@paydesk.my', PASSWORD);
    const p = await c.call('profile');
    const other = p.CompanyList.find((x) => x.MembershipId !== p.Current.MembershipId)!;
    await c.call('changeUserGroup', { body: { MembershipId: other.MembershipId } });
    await c.call('logout');
    const rows = await s.database.query<{ action: string; result: string; client_ip: string; socket_ip: string }>(
      `SELECT action, result, client_ip, socket_ip FROM audit_log WHERE actor_email = 'mm@paydesk.my' ORDER BY id`,
    );
    const actions = rows.filter((r) => r.client_ip === '203.0.113.7').map((r) => r.action);
    expect(actions).toEqual(['LOGIN', 'GROUP_SWITCH', 'LOGOUT']);
    expect(rows.every((r) => r.socket_ip === '127.0.0.1' || r.socket_ip === '::ffff:127.0.0.1')).toBe(true);
    await expect(s.database.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });
});
