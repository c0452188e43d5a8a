/**
 * Audit completeness and masking, on the real server:
 *  - refused attempts — a missing permission (PERM403), another tenant's id (NF404 from a scoped
 *    Get), a locked account (AUTH423) — leave a REFUSED record naming actor, target and reason;
 *    an unknown URL does not;
 *  - a bulk upload records every row it created or updated with before/after, beside its summary;
 *    a bulk MDR update records every rate it changed;
 *  - PayoutAccountNo is stored encrypted and answered masked (last 4) by Get, Search and Export;
 *    the mask or an empty value written back keeps it; plain values stored before are sealed.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';
import { RESOURCE_LABELS, RESOURCES, ROUTE_TABLE, ecommerceTransactions, reportApi, routes, type PortalClient } from '@paydesk/contract';
import { sealPlainSecrets } from '../../src/engine/secret-fields.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const api = (name: string, op: string) => `/api/portal/${name}/${op}`;
type Item = Record<string, unknown> & { Id: number; Version: number };
type AuditRow = { action: string; result: string; actor_user_id: number | null; actor_email: string | null; target_type: string | null; target_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; detail: Record<string, unknown> };
const AUDIT_COLUMNS = 'action, result, actor_user_id, actor_email, target_type, target_id, before, after, detail';

describe.each(DATABASES)('audit completeness and masking on %s', (kind) => {
  let s: TestServer;
  const userId = async (email: string) => Number((await s.database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id);
  const refusals = (code: string) => s.database.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE action = 'REFUSED' AND detail->>'code' = $1 ORDER BY id`, [code]);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 400 });
  });
  afterAll(async () => {
    await s?.close();
  });

  describe('refused attempts', () => {
    it('records a missing permission with the actor, the route and the permission refused', async () => {
      const branch = await s.signIn('branch@paydesk.my');
      const e = await errorOf(branch.callPath('POST', api('SystemSetting', 'Search'), {}));
      expect(e.errorCode).toBe('PERM403');
      const id = await userId('branch@paydesk.my');
      await expect.poll(async () => (await refusals('PERM403')).filter((r) => r.actor_user_id === id).length).toBe(1);
      const [r] = (await refusals('PERM403')).filter((x) => x.actor_user_id === id);
      expect(r).toMatchObject({ result: 'FAILURE', actor_email: 'branch@paydesk.my', target_type: 'route', target_id: 'POST /api/portal/SystemSetting/Search', detail: { status: 403 } });
      expect(r!.detail.reason).toContain('systemsetting:view');
    });

    it("records another tenant's id (NF404 of a scoped Get) with the actor, the route and the id", async () => {
      const merchant = await s.signIn('merchant@paydesk.my');
      const own = (await merchant.call('profile')).Current.CompanyId!;
      const [foreign] = await s.database.query<{ id: number }>(`SELECT id::int AS id FROM transactions WHERE service_type = 1 AND merchant_id <> $1 ORDER BY id LIMIT 1`, [own]);
      const e = await errorOf(reportApi(merchant, ecommerceTransactions).get(foreign!.id));
      expect(e.errorCode).toBe('NF404');
      const id = await userId('merchant@paydesk.my');
      await expect.poll(async () => (await refusals('NF404')).filter((r) => r.actor_user_id === id).length).toBe(1);
      const [r] = (await refusals('NF404')).filter((x) => x.actor_user_id === id);
      expect(r).toMatchObject({ result: 'FAILURE', actor_email: 'merchant@paydesk.my', target_type: 'route', target_id: `GET ${ROUTE_TABLE['Report.TransactionEcommerce.Get']!.path}`, detail: { status: 404, params: { Id: foreign!.id } } });
      expect(r!.detail.reason).toMatch(/not found/);
    });

    it('records a sign-in refused by the lockout, and not an unknown URL', async () => {
      const c = s.client();
      let locked: string | undefined;
      for (let i = 0; i < 15 && !locked; i++) {
        const e = await errorOf(c.login('agent@paydesk.my', 'Wrong-Password-1'));
        if (e.errorCode === 'AUTH423') locked = e.message;
      }
      expect(locked).toBeDefined();
      await expect.poll(async () => (await refusals('AUTH423')).length).toBeGreaterThan(0);
      const [r] = await refusals('AUTH423');
      expect(r).toMatchObject({ result: 'FAILURE', target_type: 'route', target_id: `POST ${routes.login.path}`, detail: { status: 423 } });
      expect(r!.detail.reason).toMatch(/locked/i);

      const before = await s.database.query(`SELECT 1 FROM audit_log WHERE action = 'REFUSED'`);
      const res = await fetch(`${s.url}/api/portal/NoSuchThing/Get/1`);
      expect(res.status).toBe(404);
      await new Promise((r2) => setTimeout(r2, 200));
      expect((await s.database.query(`SELECT 1 FROM audit_log WHERE action = 'REFUSED'`)).length).toBe(before.length);
    });
  });

  describe('bulk changes record every row', () => {
    it('a resource bulk upload audits each created and updated row with before/after, then its summary', async () => {
      const admin = await s.signIn('admin@paydesk.my');
      const sheet = async (rows: (string | number)[][]) => {
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet('Bank');
        ws.addRow(['BankName', 'BankCode', 'SwiftCode', 'Country', 'Channels', 'SortOrder']);
        for (const r of rows) ws.addRow(r);
        const form = new FormData();
        form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'banks.xlsx');
        return form;
      };
      await admin.callPath('POST', api('Bank', 'BulkUpload'), await sheet([['Audit bank A', 'AUD0001', 'AUDAMYKL', 'MALAYSIA', 'B2C', 900], ['Audit bank B', 'AUD0002', 'AUDBMYKL', 'MALAYSIA', 'B2C', 901]]));
      // AUD0001 renamed (update), AUD0003 new (create).
      expect(await admin.callPath('POST', api('Bank', 'BulkUpload'), await sheet([['Audit bank A2', 'AUD0001', 'AUDAMYKL', 'MALAYSIA', 'B2C', 900], ['Audit bank C', 'AUD0003', 'AUDCMYKL', 'MALAYSIA', 'B2C', 902]]))).toEqual({ Applied: 2, Created: 1, Updated: 1 });
      const ids = new Map((await s.database.query<{ id: number; bank_code: string }>(`SELECT id, bank_code FROM banks WHERE bank_code LIKE 'AUD%'`)).map((b) => [b.bank_code, String(b.id)]));
      const rows = await s.database.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE target_type = 'Bank' AND target_id = ANY($1::text[]) ORDER BY id`, [[...ids.values()]]);
      expect(rows.map((r) => [r.action, r.target_id])).toEqual([
        ['CREATE', ids.get('AUD0001')],
        ['CREATE', ids.get('AUD0002')],
        ['UPDATE', ids.get('AUD0001')],
        ['CREATE', ids.get('AUD0003')],
      ]);
      const update = rows[2]!;
      expect(update.before).toMatchObject({ BankName: 'Audit bank A', BankCode: 'AUD0001' });
      expect(update.after).toMatchObject({ BankName: 'Audit bank A2', BankCode: 'AUD0001' });
      expect(update.detail).toEqual({ bulkUpload: 'banks.xlsx', row: 2 });
      expect(rows[3]!.after).toMatchObject({ BankName: 'Audit bank C' });
      expect(rows.every((r) => r.actor_email === 'admin@paydesk.my')).toBe(true);
      const summaries = await s.database.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE action = 'BULK_UPLOAD' AND target_type = 'Bank' ORDER BY id`);
      expect(summaries.at(-1)!.detail).toMatchObject({ rows: 2, created: 1, updated: 1 });
    });

    it('a bulk MDR update audits each changed rate with its id, before and after', async () => {
      const admin = await s.signIn('admin@paydesk.my');
      const day = dayjs(s.app.ctx.now()).tz(BUSINESS_TIME_ZONE).add(50, 'day').format('YYYY-MM-DD');
      const file = (percent: string) => {
        const form = new FormData();
        form.append('file', new Blob([`ProductCode,CategoryCode,FeeMode,MdrPercent,FlatAmount,MinFee,MaxFee,EffectiveDate\nEC-VISA-CR,CREDIT_DOMESTIC,1,${percent},,0.50,,${day}`]), 'rates.csv');
        return form;
      };
      expect(await admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', file('1.5'))).toMatchObject({ Inserted: 1 });
      expect(await admin.callPath('POST', '/api/portal/BulkUpdateMdr/Apply', file('1.7'))).toMatchObject({ Updated: 1 });
      const [rate] = await s.database.query<{ id: number }>(`SELECT id FROM mdr_rates WHERE effective_date = $1::date`, [day]);
      const rows = await s.database.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE target_type = 'MdrRate' AND target_id = $1 ORDER BY id`, [String(rate!.id)]);
      expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
      expect(rows[0]!.before).toBeNull();
      expect(rows[1]!.before).toMatchObject({ ProductCode: 'EC-VISA-CR', MdrPercent: '1.5000' });
      expect(rows[1]!.after).toMatchObject({ ProductCode: 'EC-VISA-CR', MdrPercent: '1.7000', EffectiveDate: day });
      expect(rows[1]!.detail).toEqual({ bulkUpdateMdr: 'rates.csv', row: 2 });
    });
  });

  describe('bank account numbers', () => {
    let admin: PortalClient;
    let config: Item;
    let orgId: number;

    beforeAll(async () => {
      admin = await s.signIn('admin@paydesk.my');
      const merchant = await s.signIn('merchant@paydesk.my');
      const own = (await merchant.call('profile')).Current.CompanyId!;
      [{ id: orgId }] = (await s.database.query<{ id: number }>(
        `SELECT id::int AS id FROM organizations WHERE level = 'MERCHANT_HQ' AND id <> $1 AND id NOT IN (SELECT org_id FROM organization_configs WHERE org_id IS NOT NULL) ORDER BY id LIMIT 1`,
        [own],
      )) as [{ id: number }];
      const [bank] = await s.database.query<{ id: number }>('SELECT id::int AS id FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1');
      config = await admin.callPath<Item>('POST', api('MerchantConfig', 'Create'), {
        OrgId: orgId,
        SettlementTiming: 'T_PLUS_X',
        RiskProfile: 'STANDARD',
        PayoutBankId: bank!.id,
        PayoutAccountNo: '514012345678',
        PayoutAccountName: 'Kedai Audit',
      });
    });

    const stored = async () => (await s.database.query<{ v: string }>('SELECT payout_account_no AS v FROM organization_configs WHERE id = $1', [config.Id]))[0]!.v;

    it('stores the number encrypted and answers it masked to the last 4 in Create, Get, Search and Export', async () => {
      expect(config.PayoutAccountNo).toBe('••••5678');
      expect(await stored()).toMatch(/^enc:v1:/);
      expect(await stored()).not.toContain('514012345678');
      expect((await admin.callPath<Item>('GET', `${api('MerchantConfig', 'Get')}/${config.Id}`)).PayoutAccountNo).toBe('••••5678');
      const found = await admin.callPath<{ Items: Item[] }>('POST', api('MerchantConfig', 'Search'), { RowsPerPage: 999, SearchData: { OrgId: orgId } });
      expect(found.Items.find((i) => i.Id === config.Id)!.PayoutAccountNo).toBe('••••5678');
      const res = await admin.sendTo({ method: 'POST', encrypted: true }, api('MerchantConfig', 'Export'), { body: { SearchData: { OrgId: orgId }, Format: 'csv' } });
      const csv = await res.text();
      // Headers are the screen's labels.
      expect(csv.split('\n')[0]).toContain(RESOURCE_LABELS.en['res.orgConfig.payoutAccountNo']);
      expect(csv).toContain('••••5678');
      expect(csv).not.toContain('514012345678');
      // Credentials stay out of exports altogether.
      expect(csv.split('\n')[0]).not.toContain('CallbackSecret');
      expect(csv.split('\n')[0]).not.toContain(RESOURCE_LABELS.en['res.orgConfig.callbackSecret']);
      const audit = await s.database.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE target_type = 'MerchantConfig' AND target_id = $1 AND action = 'CREATE'`, [String(config.Id)]);
      expect(JSON.stringify(audit)).not.toContain('514012345678');
    });

    it('keeps the number when the mask or nothing is written back, changes it on new digits, and refuses non-digits', async () => {
      // A number goes with its bank and holder name (the resource's cross-field rule), as the form sends them.
      const account = { PayoutBankId: config.PayoutBankId, PayoutAccountName: 'Kedai Audit 2' };
      let item = await admin.callPath<Item>('PUT', api('MerchantConfig', 'Update'), { Id: config.Id, Version: config.Version, PayoutAccountNo: '••••5678', ...account });
      expect(item.PayoutAccountNo).toBe('••••5678');
      item = await admin.callPath<Item>('PUT', api('MerchantConfig', 'Update'), { Id: config.Id, Version: item.Version, PayoutAccountNo: '' });
      expect(item.PayoutAccountNo).toBe('••••5678');
      item = await admin.callPath<Item>('PUT', api('MerchantConfig', 'Update'), { Id: config.Id, Version: item.Version, PayoutAccountNo: '7001234567890', ...account });
      expect(item.PayoutAccountNo).toBe('••••7890');
      const bad = await errorOf(admin.callPath('PUT', api('MerchantConfig', 'Update'), { Id: config.Id, Version: item.Version, PayoutAccountNo: '12-34-5678', ...account }));
      expect(bad.errorCode).toBe('VAL400');
      expect(bad.message).toContain('PayoutAccountNo');
      config = { ...config, Version: item.Version };
    });

    it('seals a number stored in plain text before the field became secret', async () => {
      await s.database.query('UPDATE organization_configs SET payout_account_no = $1 WHERE id = $2', ['8881234567', config.Id]);
      expect((await admin.callPath<Item>('GET', `${api('MerchantConfig', 'Get')}/${config.Id}`)).PayoutAccountNo).toBe('••••4567');
      expect(await sealPlainSecrets(s.database, s.app.ctx.keys.fieldKey, RESOURCES)).toBeGreaterThanOrEqual(1);
      expect(await stored()).toMatch(/^enc:v1:/);
      expect((await admin.callPath<Item>('GET', `${api('MerchantConfig', 'Get')}/${config.Id}`)).PayoutAccountNo).toBe('••••4567');
      expect(await sealPlainSecrets(s.database, s.app.ctx.keys.fieldKey, RESOURCES)).toBe(0);
    });
  });
});
