/**
 * Sessions are cached for a few seconds (auth/session-store.ts), yet every change
 * made through the server applies from the very next request: a permission change, a group
 * deactivation, a sign-out, a group switch and the idle end (the last three also in auth.test.ts).
 * The cached list of active currencies likewise follows a Currency change at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

interface GroupPermissions {
  GroupId: number;
  Version: number;
  Permissions: string[];
}

describe.each(DATABASES)('cached sessions stay current on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  it("applies a permission change to a member's next request", async () => {
    const merchant = await s.signIn('merchant@paydesk.my');
    const before = await merchant.call('profile');
    const groupId = before.Current.GroupId;
    const held = before.Permissions.find((p) => p !== 'usergroup:editpermission')!;
    expect(held).toBeDefined();
    // Warm the cache with a few calls, as a busy session would.
    for (let i = 0; i < 3; i++) await merchant.call('currencies');

    const current = await admin.callPath<GroupPermissions>('GET', `/api/portal/UserGroup/Permissions/${groupId}`);
    await admin.callPath('PUT', '/api/portal/UserGroup/SetPermissions', { Id: groupId, Version: current.Version, Permissions: current.Permissions.filter((p) => p !== held) });
    expect((await merchant.call('profile')).Permissions).not.toContain(held);

    const again = await admin.callPath<GroupPermissions>('GET', `/api/portal/UserGroup/Permissions/${groupId}`);
    await admin.callPath('PUT', '/api/portal/UserGroup/SetPermissions', { Id: groupId, Version: again.Version, Permissions: [...again.Permissions, held] });
    expect((await merchant.call('profile')).Permissions).toContain(held);
  });

  it("ends a member's session at its next request when the group is deactivated", async () => {
    const created = await admin.callPath<{ Id: number; Version: number }>('POST', '/api/portal/UserGroup/Create', {
      Name: 'Cache test branch group',
      GroupType: 'MERCHANT_BRANCH',
      Description: 'deactivated by the session cache test',
    });
    // Move the branch user's membership to the new group (no screen does this yet).
    await s.database.query(
      `UPDATE memberships SET group_id = $1 WHERE user_id = (SELECT id FROM users WHERE email = 'branch@paydesk.my')`,
      [created.Id],
    );
    const branch = await s.signIn('branch@paydesk.my');
    expect((await branch.call('profile')).Current.GroupId).toBe(created.Id);
    await branch.call('currencies');

    await admin.callPath('PUT', '/api/portal/UserGroup/SetStatus', { Id: created.Id, IsActive: 0, Version: created.Version });
    expect((await errorOf(branch.call('currencies'))).errorCode).toBe('SC499');
  });

  it('refuses a signed-out token at once, even with its session freshly cached', async () => {
    const c = await s.signIn('agent@paydesk.my');
    await c.call('currencies');
    const token = c.token!;
    await c.call('logout');
    c.token = token;
    expect((await errorOf(c.call('currencies'))).errorCode).toBe('SC499');
  });

  it('shows a currency change in the next GetCurrency', async () => {
    const listed = async () => (await admin.call('currencies')).map((c) => c.CurrencyCode);
    const before = await listed();
    const found = await admin.callPath<{ Items: { Id: number; Version: number; CurrencyCode: string; IsActive: number }[] }>('POST', '/api/portal/Currency/Search', {
      PageIndex: 1,
      RowsPerPage: 50,
      SearchData: { IsActive: 1 },
    });
    const target = found.Items.find((c) => c.CurrencyCode !== 'MYR')!;
    expect(before).toContain(target.CurrencyCode);
    await admin.callPath('PUT', '/api/portal/Currency/SetStatus', { Id: target.Id, IsActive: 0, Version: target.Version });
    expect(await listed()).not.toContain(target.CurrencyCode);
    await admin.callPath('PUT', '/api/portal/Currency/SetStatus', { Id: target.Id, IsActive: 1, Version: target.Version + 1 });
    expect(await listed()).toContain(target.CurrencyCode);
  });
});
