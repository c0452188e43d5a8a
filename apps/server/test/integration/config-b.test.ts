/**
 * Group B configuration (System configuration and Configuration, §2, §5, §6, §9): the portal
 * permission editor, message templates and their preview, live system settings, the encrypted
 * callback secret of organization configurations, bulk update of MDR rates, risk parameters,
 * payout holidays and the payout calendar, mobile groups and keys. Also the steps of the resource
 * contract suite that cannot run there for RiskParameter (every rule is seeded), SystemSetting (no
 * Create) and MasterMerchantConfig (another master merchant holds no mastermerchantconfig:view).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESOURCES, placeholderProblem, renderTemplate, settingValueProblem, type PortalClient, type ResourceDef,
} from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, LOG_SOURCES, MALAYSIAN_STATES, RISK_ALERT_RULES, RULE_MESSAGES, dayjs, isPayoutDay, nextPayoutDate, payoutDate } from '@paydesk/domain';
import { passwordProblem } from '../../src/auth/password-policy.ts';
import { loadConfig } from '../../src/config.ts';
import { settingDefaults, toLiveSettings } from '../../src/platform/settings.ts';
import { REFERENCE_MESSAGE_TEMPLATES, REFERENCE_PAYOUT_HOLIDAYS, REFERENCE_PAYOUT_HOLIDAYS_2026 } from '../../src/seed/config-data-b.ts';
import { DATABASES, PASSWORD, errorOf, startTestServer, type TestServer } from './harness.ts';

type Item = Record<string, unknown> & { Id: number; Version: number; IsActive: number };
const api = (name: string, op: string) => `/api/portal/${name}/${op}`;
const def = (name: string) => RESOURCES.find((r) => r.name === name) as ResourceDef;

// ---------------------------------------------------------------------------------------------
// Pure rules

describe('payout calendar (packages/domain payout-calendar.ts)', () => {
  const holidays = REFERENCE_PAYOUT_HOLIDAYS_2026.map((h) => ({ date: h.holidayDate, states: h.states }));

  it('skips weekends: Friday → Monday, Saturday and Sunday → Monday', () => {
    expect(nextPayoutDate('2026-07-10', [])).toBe('2026-07-13');
    expect(nextPayoutDate('2026-07-11', [])).toBe('2026-07-13');
    expect(nextPayoutDate('2026-07-12', [])).toBe('2026-07-13');
    expect(nextPayoutDate('2026-07-13', [])).toBe('2026-07-14');
  });

  it('skips nationwide holidays: Friday 28 Aug → Tuesday 1 Sep (31 Aug National Day)', () => {
    expect(nextPayoutDate('2026-08-28', holidays)).toBe('2026-09-01');
    expect(nextPayoutDate('2026-02-16', holidays, { state: 'MY-14' })).toBe('2026-02-19');
    expect(isPayoutDay('2026-12-25', holidays)).toBe(false);
  });

  it('applies a state holiday only to payees of its states (New Year is not a holiday in Johor; CNY day 2 is not in Kelantan)', () => {
    expect(nextPayoutDate('2025-12-31', holidays, { state: 'MY-14' })).toBe('2026-01-02');
    expect(nextPayoutDate('2025-12-31', holidays, { state: 'MY-01' })).toBe('2026-01-01');
    // Without a state only nationwide holidays count.
    expect(nextPayoutDate('2025-12-31', holidays)).toBe('2026-01-01');
    expect(nextPayoutDate('2026-02-16', holidays)).toBe('2026-02-18');
    expect(nextPayoutDate('2026-02-16', holidays, { state: 'MY-03' })).toBe('2026-02-18');
  });

  it('counts T+X in payout days; T+0 is the day itself when it is a payout day', () => {
    expect(payoutDate('2026-08-27', 0, holidays)).toBe('2026-08-27');
    expect(payoutDate('2026-08-29', 0, holidays)).toBe('2026-09-01');
    expect(payoutDate('2026-08-27', 3, holidays)).toBe('2026-09-02');
    expect(() => payoutDate('2026-02-30', 1, holidays)).toThrow(RangeError);
    expect(() => payoutDate('2026-02-10', -1, holidays)).toThrow(RangeError);
  });
});

describe('group B rules (pure)', () => {
  it('checks a setting value by its type and range', () => {
    expect(settingValueProblem('INT:1:240', '15')).toBeNull();
    expect(settingValueProblem('INT:1:240', '0')).toContain('from 1 to 240');
    expect(settingValueProblem('INT:1:240', '1.5')).not.toBeNull();
    expect(settingValueProblem('BOOL', 'yes')).toContain('true or false');
    expect(settingValueProblem('TEXT:60', '')).not.toBeNull();
    expect(settingValueProblem('URL_OR_PATH', '/api/portal/ip/echo')).toBeNull();
    expect(settingValueProblem('URL_OR_PATH', 'https://api.ipify.org?format=json')).toBeNull();
    expect(settingValueProblem('URL_OR_PATH', '//evil.example/x')).not.toBeNull();
    expect(settingValueProblem('URL_OR_PATH', 'javascript:alert(1)')).not.toBeNull();
    expect(settingValueProblem('URL_OR_EMPTY', '')).toBeNull();
    expect(settingValueProblem('URL_OR_EMPTY', '/pos')).not.toBeNull();
    expect(settingValueProblem('COLOUR', 'red')).toContain('unknown value type');
  });

  it('reads settings with the configuration as fallback for missing or refused values', () => {
    const config = loadConfig({});
    const live = toLiveSettings(new Map([['SESSION_IDLE_MINUTES', '5'], ['LOCKOUT_THRESHOLD', '999'], ['PRODUCT_NAME', 'Acme Pay']]), config);
    expect(live.idleTimeoutMs).toBe(5 * 60_000);
    expect(live.lockoutThreshold).toBe(config.lockoutThreshold);
    expect(live.productName).toBe('Acme Pay');
    expect(settingDefaults(loadConfig({ IDLE_TIMEOUT_MINUTES: '500', PRODUCT_NAME: 'Kedai' })).SESSION_IDLE_MINUTES).toBe('15');
    expect(settingDefaults(loadConfig({ IDLE_TIMEOUT_MINUTES: '30', PRODUCT_NAME: 'Kedai' }))).toMatchObject({ SESSION_IDLE_MINUTES: '30', PRODUCT_NAME: 'Kedai' });
  });

  it('checks placeholders against the key and renders a preview', () => {
    expect(placeholderProblem('RESET_PASSWORD', 'Open {{ResetLink}} within {{ExpiryMinutes}} minutes')).toBeNull();
    expect(placeholderProblem('RESET_PASSWORD', 'Hi {{MerchantName}}')).toContain('{{MerchantName}}');
    expect(placeholderProblem('RESET_PASSWORD', 'Hi {{ UserName }}')).toBe('write each placeholder as a name of letters and digits in double braces, without spaces: {{ UserName }}');
    expect(placeholderProblem('RESET_PASSWORD', 'Hi {{UserName')).toBe('close every placeholder brace pair');
    expect(renderTemplate('RESET_PASSWORD', '{{UserName}}: {{ResetLink}} {{X}}', { UserName: 'Aisyah' })).toEqual({ Rendered: 'Aisyah: {{ResetLink}} {{X}}', Missing: ['ResetLink'], Unknown: ['X'] });
  });

  it('every seeded message template keeps its rules (placeholders of its key, subject by channel)', () => {
    for (const t of REFERENCE_MESSAGE_TEMPLATES) {
      const r = def('MessageTemplate').refine!({ TemplateKey: t.templateKey, Channel: t.channel, Subject: t.subject, BodyEn: t.bodyEn, BodyMs: t.bodyMs, BodyZh: t.bodyZh });
      expect(r, `${t.templateKey}/${t.channel}`).toBeNull();
    }
  });

  it('applies the password policy of the settings', () => {
    expect(passwordProblem('Short1', { passwordMinLength: 12, passwordRequireSymbol: false })).toContain('at least 12');
    expect(passwordProblem('longenoughpassword', { passwordMinLength: 12, passwordRequireSymbol: false })).toContain('letters and digits');
    expect(passwordProblem('longenough2026', { passwordMinLength: 12, passwordRequireSymbol: false })).toBeNull();
    expect(passwordProblem('longenough2026', { passwordMinLength: 12, passwordRequireSymbol: true })).toContain('symbol');
    expect(passwordProblem('long-enough-2026', { passwordMinLength: 12, passwordRequireSymbol: true })).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// On a real server

describe.each(DATABASES)('group B configuration on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  const count = async (sql: string, params: unknown[] = []) => Number((await s.database.query<{ n: number }>(sql, params))[0]?.n ?? 0);
  const search = async (c: PortalClient, name: string, SearchData: Record<string, unknown> = {}) =>
    (await c.callPath<{ Items: Item[] }>('POST', api(name, 'Search'), { RowsPerPage: 999, SearchData })).Items;
  const setting = async (key: string) => (await search(admin, 'SystemSetting', { SettingKey: key })).find((x) => x.SettingKey === key)!;
  const setSetting = async (key: string, value: string) => {
    const row = await setting(key);
    return admin.callPath<Item>('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingValue: value });
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  describe('seeded reference data', () => {
    it('has the mobile keys and groups, templates, one risk parameter per §9 rule, 2026 and 2027 holidays and every setting', async () => {
      expect(await count('SELECT count(*)::int AS n FROM mobile_global_permissions')).toBe(12);
      expect(await count('SELECT count(*)::int AS n FROM mobile_user_groups')).toBe(3);
      expect(await count('SELECT count(*)::int AS n FROM message_templates')).toBe(REFERENCE_MESSAGE_TEMPLATES.length);
      const rules = await s.database.query<{ rule_code: string; threshold: string }>('SELECT rule_code, threshold::text AS threshold FROM risk_parameters');
      expect(rules.map((r) => r.rule_code).sort()).toEqual([...RISK_ALERT_RULES].sort());
      expect(rules.find((r) => r.rule_code === 'SINGLE_LARGE_TXN')?.threshold).toBe('10000.00');
      expect(rules.find((r) => r.rule_code === 'CONSECUTIVE_FAILED_DAILY')?.threshold).toBe('5.00');
      expect(rules.find((r) => r.rule_code === 'FOREIGN_CARD_RATIO_DAILY')?.threshold).toBe('30.00');
      expect(await count('SELECT count(*)::int AS n FROM payout_holidays')).toBe(REFERENCE_PAYOUT_HOLIDAYS.length);
      const settings = await search(admin, 'SystemSetting');
      expect(settings.map((x) => x.SettingKey).sort()).toEqual(
        [
          'COUNTRY_SERVICE_URL', 'EXPORT_MAX_CONCURRENT', 'EXPORT_MAX_ROWS', 'IP_LOOKUP_V4_URL', 'IP_LOOKUP_V6_URL', 'LOCKOUT_MINUTES', 'LOCKOUT_THRESHOLD',
          'LOG_FILE_MAX_MB',
          ...LOG_SOURCES.map((x) => `LOG_RETENTION_DAYS_${x}`),
          'PASSWORD_MIN_LENGTH', 'PASSWORD_REQUIRE_SYMBOL', 'POS_URL', 'PRODUCT_NAME', 'REFUND_EXPIRY_DAYS', 'SESSION_IDLE_MINUTES', 'TXN_PENDING_MINUTES',
        ].sort(),
      );
      expect(settings.find((x) => x.SettingKey === 'LOG_RETENTION_DAYS_PORTAL')).toMatchObject({ SettingValue: '365', ValueType: 'INT:90:3650' });
      expect(settings.find((x) => x.SettingKey === 'SESSION_IDLE_MINUTES')).toMatchObject({ SettingValue: '15', ValueType: 'INT:1:240' });
      expect(settings.find((x) => x.SettingKey === 'EXPORT_MAX_CONCURRENT')).toMatchObject({ SettingValue: '2', ValueType: 'INT:1:10' });
      expect(settings.find((x) => x.SettingKey === 'EXPORT_MAX_ROWS')).toMatchObject({ SettingValue: '1000000', ValueType: 'INT:1:1000000' });
      expect(settings.find((x) => x.SettingKey === 'REFUND_EXPIRY_DAYS')).toMatchObject({ SettingValue: '30', ValueType: 'INT:1:365' });
    });

    it('stores holiday states as the 16 ISO codes and the payout calendar reads them from the table', async () => {
      const rows = await search(admin, 'PayoutHoliday');
      const codes = new Set(MALAYSIAN_STATES.map((x) => x.code as string));
      for (const r of rows) for (const st of r.States as string[]) expect(codes.has(st)).toBe(true);
      const holidays = rows.filter((r) => r.IsActive === 1).map((r) => ({ date: r.HolidayDate as string, states: r.States as string[] }));
      expect(nextPayoutDate('2026-08-28', holidays)).toBe('2026-09-01');
      expect(nextPayoutDate('2026-09-15', holidays)).toBe('2026-09-17');
    });
  });

  describe('permission editor', () => {
    const groupOf = async (email: string) =>
      Number((await s.database.query<{ id: number }>('SELECT m.group_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 AND m.is_default', [email]))[0]!.id);

    it('answers the permissions and the catalogue a group of its type may hold', async () => {
      const branchGroup = await groupOf('branch@paydesk.my');
      const p = await admin.call('userGroupPermissions', { params: { Id: branchGroup } });
      expect(p.GroupId).toBe(branchGroup);
      expect(p.GroupType).toBe('MERCHANT_BRANCH');
      expect(p.Permissions).toContain('dashboard:view');
      const offered = p.Catalogue.flatMap((m) => m.Permissions.map((x) => x.Permission));
      expect(offered).toContain('transaction:ecommerce');
      expect(offered).not.toContain('systemsetting:update');
      expect(p.Catalogue[0]!.Permissions[0]!.LabelKey).toMatch(/^perm\./);
      const superGroup = await groupOf('admin@paydesk.my');
      const all = (await admin.call('userGroupPermissions', { params: { Id: superGroup } })).Catalogue.flatMap((m) => m.Permissions.map((x) => x.Permission));
      expect(all).toContain('systemsetting:update');
      expect((await errorOf(admin.call('userGroupPermissions', { params: { Id: 999_999 } }))).status).toBe(404);
    });

    it('refuses an unknown permission naming it, a platform permission for a merchant group, and a stale version', async () => {
      const g = await groupOf('agent@paydesk.my');
      const p = await admin.call('userGroupPermissions', { params: { Id: g } });
      const unknown = await errorOf(admin.call('setUserGroupPermissions', { body: { Id: g, Version: p.Version, Permissions: [...p.Permissions, 'payroll:approve'] } }));
      expect(unknown.status).toBe(400);
      expect(unknown.errorCode).toBe('VAL400');
      expect(unknown.message).toContain('Permissions');
      expect(unknown.message).toContain('payroll:approve');
      const platform = await errorOf(admin.call('setUserGroupPermissions', { body: { Id: g, Version: p.Version, Permissions: [...p.Permissions, 'systemsetting:update'] } }));
      expect(platform.status).toBe(400);
      expect(platform.message).toContain('systemsetting:update');
      const stale = await errorOf(admin.call('setUserGroupPermissions', { body: { Id: g, Version: p.Version - 1 || 99, Permissions: p.Permissions } }));
      expect(stale.status).toBe(409);
      expect(stale.errorCode).toBe('CF409');
      expect((await admin.call('userGroupPermissions', { params: { Id: g } })).Permissions).toEqual(p.Permissions);
    });

    it("changes a member's permissions on the next request, without signing in again, and audits before and after", async () => {
      const member = await s.signIn('branch@paydesk.my');
      const g = await groupOf('branch@paydesk.my');
      expect((await member.call('profile')).Permissions).toContain('dashboard:view');
      await member.call('dashboard', { body: { Currency: 'MYR' } as never });

      const p = await admin.call('userGroupPermissions', { params: { Id: g } });
      const without = p.Permissions.filter((x) => x !== 'dashboard:view');
      const saved = await admin.call('setUserGroupPermissions', { body: { Id: g, Version: p.Version, Permissions: without } });
      expect(saved.Version).toBe(p.Version + 1);
      expect(saved.Permissions).not.toContain('dashboard:view');

      const profile = await member.call('profile');
      expect(profile.Permissions).not.toContain('dashboard:view');
      expect((await errorOf(member.call('dashboard', { body: { Currency: 'MYR' } as never }))).status).toBe(403);

      const [audit] = await s.database.query<{ before: { Permissions: string[] }; after: { Permissions: string[] }; detail: { removed: string[] } }>(
        `SELECT before, after, detail FROM audit_log WHERE action = 'SET_PERMISSIONS' AND target_id = $1 ORDER BY id DESC LIMIT 1`,
        [String(g)],
      );
      expect(audit!.before.Permissions).toContain('dashboard:view');
      expect(audit!.after.Permissions).not.toContain('dashboard:view');
      expect(audit!.detail.removed).toEqual(['dashboard:view']);

      await admin.call('setUserGroupPermissions', { body: { Id: g, Version: saved.Version, Permissions: p.Permissions } });
      expect((await member.call('profile')).Permissions).toContain('dashboard:view');
    });

    it('needs usergroup:editpermission, and nobody takes it from the group they are signed in with', async () => {
      const mm = await s.signIn('mm@paydesk.my');
      const g = await groupOf('admin@paydesk.my');
      expect((await errorOf(mm.call('userGroupPermissions', { params: { Id: g } }))).status).toBe(403);
      const p = await admin.call('userGroupPermissions', { params: { Id: g } });
      const e = await errorOf(admin.call('setUserGroupPermissions', { body: { Id: g, Version: p.Version, Permissions: p.Permissions.filter((x) => x !== 'usergroup:editpermission') } }));
      expect(e.status).toBe(400);
      expect(e.message).toContain('usergroup:editpermission');
    });

    it('keeps the type of a default group and of a group with members, and refuses deleting or deactivating a default group', async () => {
      const g = await groupOf('agency@paydesk.my');
      const row = await admin.callPath<Item>('GET', `${api('UserGroup', 'Get')}/${g}`);
      const retype = await errorOf(admin.callPath('PUT', api('UserGroup', 'Update'), { Id: g, Version: row.Version, GroupType: 'AGENT' }));
      expect(retype.status).toBe(400);
      expect(retype.message).toContain('GroupType');
      expect((await admin.callPath<Item>('PUT', api('UserGroup', 'Update'), { Id: g, Version: row.Version, Description: 'Agencies' })).Description).toBe('Agencies');
      expect((await errorOf(admin.callPath('PUT', api('UserGroup', 'SetStatus'), { Id: g, Version: row.Version + 1, IsActive: 0 }))).message).toContain('IsActive');
      expect((await errorOf(admin.callPath('DELETE', `${api('UserGroup', 'Delete')}/${g}`))).status).toBe(409);

      // The demo's "Merchant HQ Finance" group is not a default group but has a member.
      const [finance] = await s.database.query<{ id: number; version: number }>(`SELECT id, version FROM user_groups WHERE name = 'Merchant HQ Finance'`);
      expect((await errorOf(admin.callPath('PUT', api('UserGroup', 'Update'), { Id: finance!.id, Version: finance!.version, GroupType: 'MERCHANT_BRANCH' }))).message).toContain('member');
      const del = await errorOf(admin.callPath('DELETE', `${api('UserGroup', 'Delete')}/${finance!.id}`));
      expect(del.status).toBe(409);
      expect(del.message).toContain('user memberships');

      // A new group without members may change type.
      const created = await admin.callPath<Item>('POST', api('UserGroup', 'Create'), { Name: 'Retypable', GroupType: 'AGENT' });
      expect((await admin.callPath<Item>('PUT', api('UserGroup', 'Update'), { Id: created.Id, Version: 1, GroupType: 'AGENCY' })).GroupType).toBe('AGENCY');
    });
  });

  describe('message templates', () => {
    it('previews a body: values put in, missing and unknown placeholders listed', async () => {
      const r = await admin.call('messageTemplatePreview', {
        body: { TemplateKey: 'WELCOME_USER', Body: 'Hi {{UserName}}, sign in at {{PortalUrl}}. {{Bogus}}', Values: { UserName: 'Aisyah binti Ahmad' } },
      });
      expect(r).toEqual({ Rendered: 'Hi Aisyah binti Ahmad, sign in at {{PortalUrl}}. {{Bogus}}', Missing: ['PortalUrl'], Unknown: ['Bogus'] });
      const bad = await errorOf(admin.call('messageTemplatePreview', { body: { TemplateKey: 'NOT_A_KEY', Body: 'x' } }));
      expect(bad.status).toBe(400);
      expect(bad.message).toContain('TemplateKey');
      const merchant = await s.signIn('merchant@paydesk.my');
      expect((await errorOf(merchant.call('messageTemplatePreview', { body: { TemplateKey: 'WELCOME_USER', Body: 'x' } }))).status).toBe(403);
    });

    it('refuses a body with a placeholder its key does not offer, on create and on a partial update', async () => {
      const input = { TemplateKey: 'MERCHANT_REJECTED', Channel: 'SMS', BodyEn: '{{MerchantName}}: {{Reason}}', BodyMs: '{{MerchantName}}: {{RefundAmount}}', BodyZh: '{{MerchantName}}' };
      const e = await errorOf(admin.callPath('POST', api('MessageTemplate', 'Create'), input));
      expect(e.status).toBe(400);
      expect(e.message).toContain('BodyMs');
      expect(e.message).toContain('{{RefundAmount}}');

      const created = await admin.callPath<Item>('POST', api('MessageTemplate', 'Create'), { ...input, BodyMs: '{{MerchantName}}: {{Reason}}' });
      // Only BodyZh is sent: the engine checks it against the stored TemplateKey.
      const partial = await errorOf(admin.callPath('PUT', api('MessageTemplate', 'Update'), { Id: created.Id, Version: created.Version, BodyZh: '{{TemporaryPassword}}' }));
      expect(partial.status).toBe(400);
      expect(partial.message).toContain('BodyZh');
      const ok = await admin.callPath<Item>('PUT', api('MessageTemplate', 'Update'), { Id: created.Id, Version: created.Version, BodyZh: '{{MerchantName}}：{{Reason}}' });
      expect(ok.Version).toBe(created.Version + 1);
    });

    it('needs a subject for an e-mail, none for an SMS, and one template per key and channel', async () => {
      const email = await errorOf(admin.callPath('POST', api('MessageTemplate', 'Create'), { TemplateKey: 'WELCOME_USER', Channel: 'EMAIL', BodyEn: 'a', BodyMs: 'b', BodyZh: 'c' }));
      expect(email.status).toBe(400);
      expect(email.message).toContain('Subject');
      // A push needs no title.
      expect((await admin.callPath<Item>('POST', api('MessageTemplate', 'Create'), { TemplateKey: 'MERCHANT_REJECTED', Channel: 'PUSH', BodyEn: 'a', BodyMs: 'b', BodyZh: 'c' })).Subject).toBeNull();
      const sms = await errorOf(admin.callPath('POST', api('MessageTemplate', 'Create'), { TemplateKey: 'MERCHANT_APPROVED', Channel: 'SMS', Subject: 'Hello', BodyEn: 'a', BodyMs: 'b', BodyZh: 'c' }));
      expect(sms.message).toContain('Subject');
      const dup = await errorOf(admin.callPath('POST', api('MessageTemplate', 'Create'), { TemplateKey: 'RESET_PASSWORD', Channel: 'SMS', BodyEn: 'a', BodyMs: 'b', BodyZh: 'c' }));
      expect(dup.status).toBe(409);
    });
  });

  describe('system settings', () => {
    it('has no Create or Delete, refuses a value its type does not accept naming SettingValue, and a stale version', async () => {
      expect((await errorOf(admin.callPath('POST', api('SystemSetting', 'Create'), { SettingValue: '1' }))).status).toBe(404);
      const row = await setting('SESSION_IDLE_MINUTES');
      expect((await errorOf(admin.callPath('DELETE', `${api('SystemSetting', 'Delete')}/${row.Id}`))).status).toBe(404);
      for (const bad of ['0', '241', 'fifteen', '']) {
        const e = await errorOf(admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingValue: bad }));
        expect(e.status, bad).toBe(400);
        expect(e.message).toContain('SettingValue');
      }
      const url = await setting('IP_LOOKUP_V4_URL');
      expect((await errorOf(admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: url.Id, Version: url.Version, SettingValue: '//evil.example/ip' }))).message).toContain('SettingValue');
      const readOnly = await errorOf(admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingKey: 'OTHER' }));
      expect(readOnly.status).toBe(400);
      const updated = await admin.callPath<Item>('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingValue: '20', Description: 'Idle limit' });
      expect(updated).toMatchObject({ SettingValue: '20', Version: row.Version + 1 });
      expect((await errorOf(admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: row.Version, SettingValue: '15' }))).errorCode).toBe('CF409');
      await admin.callPath('PUT', api('SystemSetting', 'Update'), { Id: row.Id, Version: updated.Version, SettingValue: '15' });
      const audit = await s.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE target_type = 'SystemSetting' AND target_id = $1`, [String(row.Id)]);
      expect(audit.map((a) => a.action)).toEqual(['UPDATE', 'UPDATE']);
    });

    it('exports, and refuses a caller without the permission', async () => {
      const res = await admin.sendTo({ method: 'POST', encrypted: true }, api('SystemSetting', 'Export'), { body: { Format: 'csv' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('SESSION_IDLE_MINUTES');
      const mm = await s.signIn('mm@paydesk.my');
      const e = await errorOf(mm.callPath('POST', api('SystemSetting', 'Search'), {}));
      expect(e.status).toBe(403);
      expect(e.message).toContain('systemsetting:view');
    });

    it('takes effect without a restart: an idle limit of 1 minute ends a session idle for 2 minutes with SC440', async () => {
      const member = await s.signIn('agent@paydesk.my');
      expect((await member.call('profile')).IdleTimeoutMinutes).toBe(15);
      await setSetting('SESSION_IDLE_MINUTES', '1');
      expect((await member.call('profile')).IdleTimeoutMinutes).toBe(1);
      s.advance(2 * 60_000);
      expect((await errorOf(member.call('profile'))).errorCode).toBe('SC440');
      admin = await s.signIn('admin@paydesk.my');
      await setSetting('SESSION_IDLE_MINUTES', '15');
      const again = await s.signIn('agent@paydesk.my');
      s.advance(2 * 60_000);
      expect((await again.call('profile')).IdleTimeoutMinutes).toBe(15);
    });

    it('takes effect without a restart: lockout threshold, product name and service URLs', async () => {
      await setSetting('LOCKOUT_THRESHOLD', '3');
      for (let i = 0; i < 2; i++) expect((await errorOf(s.client().login('agent@paydesk.my', 'wrong'))).errorCode).toBe('AUTH401');
      const locked = await errorOf(s.client().login('agent@paydesk.my', 'wrong'));
      expect(locked.errorCode).toBe('AUTH423');
      expect(locked.message).toContain('3 failed sign-ins');
      await setSetting('LOCKOUT_THRESHOLD', '10');
      s.advance(31 * 60_000);
      admin = await s.signIn('admin@paydesk.my');
      expect((await s.client().login('agent@paydesk.my', PASSWORD)).Email).toBe('agent@paydesk.my');

      await setSetting('PRODUCT_NAME', 'Kedai Pay');
      await setSetting('POS_URL', 'https://pos.example.my/');
      await setSetting('IP_LOOKUP_V4_URL', 'https://api.ipify.org?format=json');
      const cfg = await s.client().call('config');
      expect(cfg).toMatchObject({ ProductName: 'Kedai Pay', PosUrl: 'https://pos.example.my/', IpLookupV4Url: 'https://api.ipify.org?format=json' });
      await setSetting('POS_URL', '');
      expect((await s.client().call('config')).PosUrl).toBe('');
    });
  });

  describe('organization configurations', () => {
    // A Standard Webhooks secret: whsec_ and the base64 of 32 bytes.
    const SECRET = 'whsec_cGF5ZGVzayBjb25maWctYiBsaXZlIHNlY3JldCAzMkI=';
    const TAIL = SECRET.slice(-4);
    const MIDDLE = SECRET.slice(6, -4);

    it('stores CallbackSecret encrypted, answers it masked, keeps it on an update without it; one configuration per organization', async () => {
      const mm = await s.signIn('mm@paydesk.my');
      const created = await mm.callPath<Item>('POST', api('MerchantConfig', 'Create'), {
        OrgId: 65, SettlementTiming: 'T_PLUS_X', SettlementDays: 2, RiskProfile: 'STANDARD', CallbackUrl: 'https://shop.example.my/hook', CallbackSecret: SECRET,
      });
      const masked = created.CallbackSecret as string;
      expect(masked.endsWith(TAIL)).toBe(true);
      expect(masked.replace(/•/g, '')).toBe(TAIL);
      expect(JSON.stringify(created)).not.toContain(MIDDLE);

      const [stored] = await s.database.query<{ callback_secret: string }>('SELECT callback_secret FROM organization_configs WHERE id = $1', [created.Id]);
      expect(stored!.callback_secret).not.toContain(SECRET);
      expect(stored!.callback_secret).not.toContain(MIDDLE);
      expect(stored!.callback_secret.startsWith('enc:v1:')).toBe(true);

      const updated = await mm.callPath<Item>('PUT', api('MerchantConfig', 'Update'), { Id: created.Id, Version: created.Version, SettlementDays: 5 });
      expect(updated.CallbackSecret).toBe(masked);
      const [after] = await s.database.query<{ callback_secret: string }>('SELECT callback_secret FROM organization_configs WHERE id = $1', [created.Id]);
      expect(after!.callback_secret).toBe(stored!.callback_secret);
      // Sending the mask back (a form that shows it) keeps the secret too.
      await mm.callPath<Item>('PUT', api('MerchantConfig', 'Update'), { Id: created.Id, Version: updated.Version, CallbackSecret: masked });
      expect((await s.database.query<{ callback_secret: string }>('SELECT callback_secret FROM organization_configs WHERE id = $1', [created.Id]))[0]!.callback_secret).toBe(stored!.callback_secret);

      const csv = await (await mm.sendTo({ method: 'POST', encrypted: true }, api('MerchantConfig', 'Export'), { body: { SearchData: { OrgId: 65 }, Format: 'csv' } })).text();
      expect(csv).not.toContain('CallbackSecret');
      expect(csv).not.toContain(TAIL);

      const again = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 65, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD' }));
      expect(again.status).toBe(409);
      expect(again.errorCode).toBe('CF409');
      expect(again.message).toContain('OrgId');
    });

    it('checks settlement timing and payout account rules, and the organization level of each configuration', async () => {
      const mm = await s.signIn('mm@paydesk.my');
      const custom = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'CUSTOM', RiskProfile: 'STANDARD' }));
      expect(custom.message).toContain('SettlementCustom');
      const account = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD', PayoutAccountNo: '5140123456' }));
      expect(account.message).toContain('PayoutBankId');
      const digits = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD', PayoutAccountNo: '12-34' }));
      expect(digits.message).toContain('PayoutAccountNo');
      const http = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD', CallbackUrl: 'http://shop.example.my/hook' }));
      expect(http.message).toContain('CallbackUrl');
      // CallbackSecret signs the refund acknowledgement (Standard Webhooks): only whsec_ and the padded base64 of 24 to 64 bytes.
      for (const bad of ['whsec_live_9f8e7d6c5b4a3210', 'a plain shared secret of forty characters', `whsec_${'A'.repeat(30)}`, `whsec_${btoa('16 random bytes!')}`, `whsec_${'A'.repeat(43)}`, btoa('thirty-two bytes without prefix!')]) {
        const refused = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD', CallbackSecret: bad }));
        expect([refused.status, refused.errorCode]).toEqual([400, 'VAL400']);
        expect(refused.message).toContain('CallbackSecret');
        expect(refused.message).toContain(RULE_MESSAGES.webhookSecret);
      }
      const level = await errorOf(mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: 4, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD' }));
      expect(level.message).toContain('OrgId');
      const ok = await mm.callPath<Item>('POST', api('MerchantConfig', 'Create'), { OrgId: 62, SettlementTiming: 'CUSTOM', SettlementCustom: 'Every Monday and Thursday', RiskProfile: 'HIGH_RISK' });
      expect(ok).toMatchObject({ OrgId: 62, SettlementDays: 1, ServiceTypes: [], SettlementCustom: 'Every Monday and Thursday' });
      // The rule holds on a partial update too (checked on the stored record with the change over it).
      const cleared = await errorOf(mm.callPath('PUT', api('MerchantConfig', 'Update'), { Id: ok.Id, Version: ok.Version, SettlementCustom: null }));
      expect(cleared.message).toContain('SettlementCustom');
    });

    it('master merchant configurations: only the platform writes them, a master merchant sees none (403), the platform sees each', async () => {
      const created = await admin.callPath<Item>('POST', api('MasterMerchantConfig', 'Create'), { OrgId: 3, SettlementTiming: 'T_PLUS_X', RiskProfile: 'STANDARD' });
      const mm = await s.signIn('mm@paydesk.my');
      for (const call of [
        () => mm.callPath('POST', api('MasterMerchantConfig', 'Search'), {}),
        () => mm.callPath('GET', `${api('MasterMerchantConfig', 'Get')}/${created.Id}`),
        () => mm.callPath('PUT', api('MasterMerchantConfig', 'Update'), { Id: created.Id, Version: 1, SettlementDays: 2 }),
        () => mm.callPath('DELETE', `${api('MasterMerchantConfig', 'Delete')}/${created.Id}`),
      ]) {
        const e = await errorOf(call());
        expect(e.status).toBe(403);
        expect(e.message).toContain('mastermerchantconfig:');
      }
      expect((await search(admin, 'MasterMerchantConfig')).map((x) => x.Id)).toContain(created.Id);
      // A master merchant configuration is not a merchant one: the MerchantConfig list of the platform does not show it.
      expect((await search(admin, 'MerchantConfig')).map((x) => x.Id)).not.toContain(created.Id);
      expect((await admin.callPath<Item>('GET', `${api('MasterMerchantConfig', 'Get')}/${created.Id}`)).Version).toBe(1);
    });
  });

  describe('risk parameters (every rule is seeded)', () => {
    it('updates a seeded rule with its unit checked on the stored rule, refuses a stale update, exports, deactivates; a rule deleted can be created again', async () => {
      const [ratio] = await search(admin, 'RiskParameter', { RuleCode: 'FOREIGN_CARD_RATIO_DAILY' });
      expect(ratio).toMatchObject({ Threshold: '30.00', TimeUnit: 'DAY', WindowLength: 1, Action: 'ALERT' });
      const over = await errorOf(admin.callPath('PUT', api('RiskParameter', 'Update'), { Id: ratio!.Id, Version: ratio!.Version, Threshold: '120' }));
      expect(over.status).toBe(400);
      expect(over.message).toContain('Threshold');
      const updated = await admin.callPath<Item>('PUT', api('RiskParameter', 'Update'), { Id: ratio!.Id, Version: ratio!.Version, Threshold: '25.5', Action: 'HOLD' });
      expect(updated).toMatchObject({ Threshold: '25.50', Action: 'HOLD', Version: ratio!.Version + 1 });
      expect((await errorOf(admin.callPath('PUT', api('RiskParameter', 'Update'), { Id: ratio!.Id, Version: ratio!.Version, Threshold: '20' }))).errorCode).toBe('CF409');
      const count1 = await errorOf(admin.callPath('PUT', api('RiskParameter', 'Update'), { Id: ratio!.Id, Version: updated.Version, TimeUnit: null }));
      expect(count1.message).toContain('TimeUnit');

      const csv = await (await admin.sendTo({ method: 'POST', encrypted: true }, api('RiskParameter', 'Export'), { body: { Format: 'csv' } })).text();
      expect(csv).toContain('Foreign card ratio (daily)'); // the rule's label: exports write option texts
      expect((await admin.callPath<Item>('PUT', api('RiskParameter', 'SetStatus'), { Id: ratio!.Id, Version: updated.Version, IsActive: 0 })).IsActive).toBe(0);

      const [failed] = await search(admin, 'RiskParameter', { RuleCode: 'CONSECUTIVE_FAILED_DAILY' });
      expect((await errorOf(admin.callPath('PUT', api('RiskParameter', 'Update'), { Id: failed!.Id, Version: failed!.Version, Threshold: '2.5' }))).message).toContain('whole number');
      expect(await admin.callPath('DELETE', `${api('RiskParameter', 'Delete')}/${failed!.Id}`)).toEqual({ Success: true });
      const dup = await errorOf(admin.callPath('POST', api('RiskParameter', 'Create'), { RuleCode: 'SINGLE_LARGE_TXN', Threshold: '5000' }));
      expect(dup.status).toBe(409);
      expect(dup.message).toContain('RuleCode');
      const again = await admin.callPath<Item>('POST', api('RiskParameter', 'Create'), { RuleCode: 'CONSECUTIVE_FAILED_DAILY', Threshold: '6', TimeUnit: 'DAY', WindowLength: 1 });
      expect(again).toMatchObject({ Threshold: '6.00', Action: 'ALERT', Version: 1 });
      const merchant = await s.signIn('merchant@paydesk.my');
      expect((await errorOf(merchant.callPath('POST', api('RiskParameter', 'Search'), {}))).status).toBe(403);
    });
  });

  describe('mobile user groups and keys', () => {
    it('refuses refunds for a cashier group, and renaming or deleting a key a group holds', async () => {
      const cashier = await errorOf(admin.callPath('POST', api('MobileUserGroup', 'Create'), { Name: 'Night cashier', UserType: 'CASHIER', Permissions: ['payment:accept', 'refund:request'] }));
      expect(cashier.status).toBe(400);
      expect(cashier.message).toContain('Permissions');
      expect(cashier.message).toContain('refund:request');
      const [key] = await search(admin, 'MobileGlobal', { PermissionKey: 'payment:accept' });
      expect((await errorOf(admin.callPath('DELETE', `${api('MobileGlobal', 'Delete')}/${key!.Id}`))).status).toBe(409);
      expect((await errorOf(admin.callPath('PUT', api('MobileGlobal', 'Update'), { Id: key!.Id, Version: key!.Version, PermissionKey: 'payment:take' }))).status).toBe(409);
      expect((await admin.callPath<Item>('PUT', api('MobileGlobal', 'Update'), { Id: key!.Id, Version: key!.Version, Description: 'Take a payment' })).Description).toBe('Take a payment');
    });
  });

  describe('bulk update MDR', () => {
    const MYT = () => dayjs(s.app.ctx.now()).tz(BUSINESS_TIME_ZONE);
    const HEADER = 'ProductCode,CategoryCode,FeeMode,MdrPercent,FlatAmount,MinFee,MaxFee,EffectiveDate';
    const form = (name: string, content: string | Uint8Array) => {
      const f = new FormData();
      f.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
      return f;
    };
    const rates = () => count('SELECT count(*)::int AS n FROM mdr_rates');

    type Preview = { Changes: { Row: number; ProductCode: string; Action: string; Before: Record<string, unknown> | null; After: Record<string, unknown> }[]; Errors: { Row: number; Field: string; Message: string }[] };

    it('previews (nothing written), then applies in one transaction with an audit record; a second file updates with Before', async () => {
      const d = MYT().add(40, 'day');
      const csv = [
        HEADER,
        `EC-VISA-CR,CREDIT_DOMESTIC,1,1.5,,0.50,,${d.format('YYYY-MM-DD')}`,
        `POS-TNG,EWALLET,3,0.8,0.30,,,${d.format('YYYY-MM-DD')}`,
        `PL-FPX-B2C,FPX,2,,1,,,${d.format('DD-MM-YYYY')}`,
      ].join('\n');
      const before = await rates();
      const preview = await admin.callPath<Preview>('POST', '/api/portal/BulkUpdateMdr/Preview', form('rates.csv', csv));
      expect(preview.Errors).toEqual([]);
      expect(preview.Changes.map((c) => [c.Row, c.ProductCode, c.Action])).toEqual([
        [2, 'EC-VISA-CR', 'INSERT'],
        [3, 'POS-TNG', 'INSERT'],
        [4, 'PL-FPX-B2C', 'INSERT'],
      ]);
      expect(preview.Changes[0]!.Before).toBeNull();
      expect(preview.Changes[0]!.After).toEqual({ FeeMode: 1, MdrPercent: '1.5000', FlatAmount: '0.00', MinFee: '0.50', MaxFee: null, EffectiveDate: d.format('YYYY-MM-DD') });
      expect(await rates()).toBe(before);

      const applied = await admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', form('rates.csv', csv));
      expect(applied).toEqual({ Applied: 3, Inserted: 3, Updated: 0, Unchanged: 0 });
      expect(await rates()).toBe(before + 3);
      const [audit] = await s.database.query<{ detail: { inserted: number }; after: unknown[] }>(`SELECT detail, after FROM audit_log WHERE action = 'BULK_UPDATE_MDR' ORDER BY id DESC LIMIT 1`);
      expect(audit!.detail.inserted).toBe(3);
      expect(audit!.after).toHaveLength(3);

      // The same rates again as XLSX with a real date cell: one changed, two unchanged.
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('MDR');
      ws.addRow(HEADER.split(','));
      const day = new Date(Date.UTC(d.year(), d.month(), d.date()));
      ws.addRow(['EC-VISA-CR', 'CREDIT_DOMESTIC', 1, 1.65, null, 0.5, 25, day]);
      ws.addRow(['POS-TNG', 'EWALLET', 3, 0.8, 0.3, null, null, day]);
      ws.addRow(['PL-FPX-B2C', 'FPX', 2, null, 1, null, null, day]);
      const xlsx = new Uint8Array(await wb.xlsx.writeBuffer());
      const second = await admin.callPath<Preview>('POST', '/api/portal/BulkUpdateMdr/Preview', form('rates.xlsx', xlsx));
      expect(second.Errors).toEqual([]);
      expect(second.Changes.map((c) => c.Action)).toEqual(['UPDATE', 'UNCHANGED', 'UNCHANGED']);
      expect(second.Changes[0]!.Before).toMatchObject({ MdrPercent: '1.5000', MaxFee: null });
      expect(second.Changes[0]!.After).toMatchObject({ MdrPercent: '1.6500', MaxFee: '25.00' });
      expect(await admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', form('rates.xlsx', xlsx))).toEqual({ Applied: 3, Inserted: 0, Updated: 1, Unchanged: 2 });
      const [row] = await s.database.query<{ mdr_percent: string; max_fee: string }>(
        `SELECT r.mdr_percent::text AS mdr_percent, r.max_fee::text AS max_fee FROM mdr_rates r JOIN payment_products p ON p.id = r.payment_product_id WHERE p.product_code = 'EC-VISA-CR' AND r.effective_date = $1::date`,
        [d.format('YYYY-MM-DD')],
      );
      expect(Number(row!.mdr_percent)).toBe(1.65);
      expect(Number(row!.max_fee)).toBe(25);
    });

    it('with one bad row applies nothing and answers every row error (400 VAL400)', async () => {
      const d = MYT().add(50, 'day').format('YYYY-MM-DD');
      const csv = [
        HEADER,
        `EC-MC-CR,CREDIT_DOMESTIC,1,1.4,,,,${d}`,
        `NOPE-PRODUCT,CREDIT_DOMESTIC,1,1.4,,,,${d}`,
        `POS-VISA-DR,FPX,1,0.5,,,,${d}`,
        `EC-TNG,EWALLET,5,1,,,,${d}`,
        `EC-BOOST,EWALLET,1,1.2,0.50,,,${d}`,
        `EC-GRABPAY,EWALLET,1,120,,,,${MYT().subtract(1, 'day').format('YYYY-MM-DD')}`,
        `EC-MC-CR,CREDIT_DOMESTIC,1,1.3,,,,${d}`,
      ].join('\n');
      const before = await rates();
      const preview = await admin.callPath<Preview>('POST', '/api/portal/BulkUpdateMdr/Preview', form('bad.csv', csv));
      expect(preview.Changes.map((c) => c.Row)).toEqual([2]);
      const fields = preview.Errors.map((e) => `${e.Row}:${e.Field}`);
      expect(fields).toEqual(expect.arrayContaining(['3:ProductCode', '4:CategoryCode', '5:FeeMode', '6:FlatAmount', '7:MdrPercent', '7:EffectiveDate', '8:EffectiveDate']));
      const e = await errorOf(admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', form('bad.csv', csv)));
      expect(e.status).toBe(400);
      expect(e.errorCode).toBe('VAL400');
      expect((e.body?.Errors as unknown[]).length).toBe(preview.Errors.length);
      expect(await rates()).toBe(before);

      const header = await errorOf(admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', form('cols.csv', `ProductCode,Rate\nEC-MC-CR,1\n`)));
      expect(header.status).toBe(400);
      expect(JSON.stringify(header.body?.Errors)).toContain('Rate');
      expect((await errorOf(admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', form('rates.txt', 'x')))).message).toContain('file');
    });

    it('needs bulkupdateconfiguration:mdr', async () => {
      const mm = await s.signIn('mm@paydesk.my');
      const e = await errorOf(mm.callPath('POST', '/api/portal/BulkUpdateMdr/Preview', form('rates.csv', `${HEADER}\n`)));
      expect(e.status).toBe(403);
      expect(e.message).toContain('bulkupdateconfiguration:mdr');
    });
  });

  it('declares every group B resource with its RESOURCE_MODULES actions', async () => {
    const { RESOURCE_MODULES } = await import('@paydesk/domain');
    for (const name of ['UserGroup', 'MobileUserGroup', 'MobileGlobal', 'MessageTemplate', 'RiskParameter', 'PayoutHoliday', 'SystemSetting', 'MasterMerchantConfig', 'AgencyAgentConfig', 'MerchantConfig']) {
      const d = def(name);
      expect(d, name).toBeDefined();
      expect(d.actions.map((a) => a.toLowerCase()).sort(), name).toEqual([...RESOURCE_MODULES[d.module]!].sort());
    }
  });
});
