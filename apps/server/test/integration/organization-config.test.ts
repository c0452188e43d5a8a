/**
 * The per-organization configuration screens: /master-merchant-config,
 * /agencyAgent-config and /merchant-config list EVERY organization of the caller's scope at the
 * screen's levels — configured ones with their values, the rest `Configured: false` — for
 * SUPERADMIN, an agency and a merchant HQ, counted against the database; Keyword finds by name,
 * registration number and MID, OrgLevel filters by level. Exports carry the labels, option texts
 * and Malaysian times of the caller's language, and such a file goes back through BulkUpload
 * unchanged (Bank, and MerchantConfig with its selects and multiselect).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_LABELS, type PortalClient } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs, ENUM_LABELS } from '@paydesk/domain';
import { readSheet } from '../../src/platform/spreadsheet.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const api = (name: string, op: string) => `/api/portal/${name}/${op}`;

interface Row {
  Id: number | null;
  Version: number | null;
  OrgId: number;
  OrgName: string;
  OrgRegNo: string | null;
  OrgMid?: string | null;
  OrgLevel: string;
  Configured: boolean;
  SettlementTiming: string | null;
  RiskProfile: string | null;
  ServiceTypes: string[] | null;
  UpdatedAt: string | null;
}
interface Page {
  Items: Row[];
  TotalRecords: number;
}

const LEVELS: Record<string, string[]> = {
  MasterMerchantConfig: ['MASTER_MERCHANT'],
  AgencyAgentConfig: ['AGENCY', 'AGENT'],
  MerchantConfig: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
};

describe.each(DATABASES)('organization configuration screens on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let mm: PortalClient;
  const pathOf = new Map<string, string>();

  /** Organizations of `levels` under `path` (every one when path is null), as the database holds them. */
  const orgsOf = (levels: string[], path: string | null) =>
    s.database.query<{ id: number; name: string; reg_no: string | null; mid: string | null; level: string }>(
      `SELECT id, name, reg_no, mid, level FROM organizations WHERE level = ANY($1::text[]) AND ($2::text IS NULL OR path LIKE $2 || '%') ORDER BY id`,
      [levels, path],
    );
  const search = (c: PortalClient, name: string, SearchData: Record<string, unknown> = {}, RowsPerPage = 999, PageIndex = 1) =>
    c.callPath<Page>('POST', api(name, 'Search'), { PageIndex, RowsPerPage, SearchData });
  /** Every row of a list, page by page. */
  const all = async (c: PortalClient, name: string, SearchData: Record<string, unknown> = {}) => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const p = await search(c, name, SearchData, 500, page);
      rows.push(...p.Items);
      if (rows.length >= p.TotalRecords || p.Items.length === 0) return { rows, total: p.TotalRecords };
    }
  };
  const exportFile = async (c: PortalClient, name: string, body: Record<string, unknown>) => {
    const res = await c.sendTo({ method: 'POST', encrypted: true }, api(name, 'Export'), { body });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const upload = (c: PortalClient, name: string, file: Buffer, filename: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), filename);
    return c.callPath<{ Applied: number; Created: number; Updated: number }>('POST', api(name, 'BulkUpload'), form);
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
    mm = await s.signIn('mm@paydesk.my');
    for (const email of ['mm@paydesk.my', 'agency@paydesk.my', 'merchant@paydesk.my']) {
      const [m] = await s.database.query<{ path: string }>(
        `SELECT o.path FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id WHERE u.email = $1 AND m.is_default`,
        [email],
      );
      pathOf.set(email, m!.path);
    }
  });
  afterAll(async () => s.close());

  it('lists every organization of the platform for SUPERADMIN on all three screens, configured or not', async () => {
    for (const [name, levels] of Object.entries(LEVELS)) {
      const orgs = await orgsOf(levels, null);
      const { rows, total } = await all(admin, name);
      expect(total, name).toBe(orgs.length);
      expect(rows.map((r) => r.OrgId).sort((a, b) => a - b), name).toEqual(orgs.map((o) => Number(o.id)));
      const byId = new Map(orgs.map((o) => [Number(o.id), o]));
      for (const r of rows) {
        const o = byId.get(r.OrgId)!;
        expect(r, `${name} ${r.OrgId}`).toMatchObject({ OrgName: o.name, OrgRegNo: o.reg_no, OrgLevel: o.level });
        if (name === 'MerchantConfig') expect(r.OrgMid).toBe(o.mid);
      }
    }
    expect((await orgsOf(['MASTER_MERCHANT', 'AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH'], null)).length).toBeGreaterThan(1000);
  });

  it('answers a configured organization with its values and the others as not configured', async () => {
    const [first, second] = await orgsOf(['MERCHANT_HQ'], pathOf.get('mm@paydesk.my')!);
    const made = await mm.callPath<Row>('POST', api('MerchantConfig', 'Create'), { OrgId: first!.id, SettlementTiming: 'T_PLUS_X', SettlementDays: 2, RiskProfile: 'ENHANCED', ServiceTypes: ['1', '3'] });
    const [configured] = (await search(mm, 'MerchantConfig', { OrgId: first!.id })).Items;
    expect(configured).toMatchObject({ Id: made.Id, Configured: true, SettlementTiming: 'T_PLUS_X', RiskProfile: 'ENHANCED', ServiceTypes: ['1', '3'], OrgName: first!.name });
    const [bare] = (await search(mm, 'MerchantConfig', { OrgId: second!.id })).Items;
    expect(bare).toMatchObject({ Id: null, Version: null, Configured: false, SettlementTiming: null, RiskProfile: null, OrgName: second!.name, OrgLevel: 'MERCHANT_HQ' });
    // Get and the audit work on the record as before.
    expect((await mm.callPath<Row>('GET', `${api('MerchantConfig', 'Get')}/${made.Id}`)).Configured).toBe(true);
    const { rows } = await all(mm, 'MerchantConfig');
    const [n] = await s.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM organization_configs c JOIN organizations o ON o.id = c.org_id WHERE o.path LIKE $1 || '%' AND o.level IN ('MERCHANT_HQ', 'MERCHANT_BRANCH')`,
      [pathOf.get('mm@paydesk.my')!],
    );
    expect(rows.filter((r) => r.Configured)).toHaveLength(n!.n);
    expect(rows.filter((r) => !r.Configured).every((r) => r.Id === null && r.RiskProfile === null)).toBe(true);
  });

  it('lists the subtree of an agency and of a merchant HQ, counted against the database', async () => {
    const agency = await s.signIn('agency@paydesk.my');
    const agencyOrgs = await orgsOf(LEVELS.MerchantConfig!, pathOf.get('agency@paydesk.my')!);
    const agencyList = await all(agency, 'MerchantConfig');
    expect(agencyList.total).toBe(agencyOrgs.length);
    expect(agencyList.rows.map((r) => r.OrgId).sort((a, b) => a - b)).toEqual(agencyOrgs.map((o) => Number(o.id)));
    expect(agencyOrgs.length).toBeGreaterThan(10);

    const merchant = await s.signIn('merchant@paydesk.my');
    const hqOrgs = await orgsOf(LEVELS.MerchantConfig!, pathOf.get('merchant@paydesk.my')!);
    const hqList = await all(merchant, 'MerchantConfig');
    expect(hqList.total).toBe(hqOrgs.length);
    expect(hqList.rows.map((r) => r.OrgId).sort((a, b) => a - b)).toEqual(hqOrgs.map((o) => Number(o.id)));
    expect(new Set(hqList.rows.map((r) => r.OrgLevel))).toEqual(new Set(['MERCHANT_HQ', 'MERCHANT_BRANCH']));
  });

  it('searches by name, registration number, MID and level', async () => {
    const orgs = await orgsOf(LEVELS.MerchantConfig!, null);
    /** The organizations whose name, registration number, MID or level holds `k` (case ignored). */
    const holding = (k: string) => orgs.filter((o) => [o.name, o.reg_no, o.mid, o.level].some((v) => (v ?? '').toLowerCase().includes(k.toLowerCase()))).map((o) => Number(o.id));
    const sorted = (rows: Row[]) => rows.map((r) => r.OrgId).sort((a, b) => a - b);
    const sample = orgs[17]!;
    const withMid = orgs.find((o) => o.mid)!;
    for (const k of [sample.name.toUpperCase(), sample.name.slice(0, 5), sample.reg_no!, withMid.mid!, withMid.mid!.slice(-6)]) {
      const found = await all(admin, 'MerchantConfig', { Keyword: k });
      expect(sorted(found.rows), k).toEqual(holding(k));
      expect(found.total, k).toBeGreaterThan(0);
    }
    expect(holding(withMid.mid!)).toEqual([Number(withMid.id)]);
    for (const level of LEVELS.AgencyAgentConfig!) {
      const listed = await all(admin, 'AgencyAgentConfig', { OrgLevel: level });
      expect(listed.total, level).toBe((await orgsOf([level], null)).length);
      expect(listed.rows.every((r) => r.OrgLevel === level)).toBe(true);
    }
    const names = (await search(admin, 'MasterMerchantConfig', {}, 999)).Items.map((r) => r.OrgName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('exports the screen in the caller\'s language with option texts and Malaysian times, and the file uploads back without a change', async () => {
    const [hq, branch] = (await all(mm, 'MerchantConfig')).rows.filter((r) => !r.Configured).map((r) => ({ id: r.OrgId, name: r.OrgName }));
    await mm.callPath('POST', api('MerchantConfig', 'Create'), { OrgId: hq!.id, SettlementTiming: 'T_PLUS_X', SettlementDays: 1, RiskProfile: 'HIGH_RISK', ServiceTypes: ['1', '2'] });
    const body = { SearchData: { Keyword: '' }, Format: 'csv', Language: 'ms' };
    const merchantList = await all(mm, 'MerchantConfig');
    const file = await exportFile(mm, 'MerchantConfig', body);
    const sheet = await readSheet(file, 'x.csv');
    const ms = RESOURCE_LABELS.ms;
    expect(sheet.headers).toEqual(expect.arrayContaining([ms['res.orgConfig.orgName'], ms['res.orgConfig.riskProfile'], ms['res.system.configured'], ms['res.system.updatedAt']]));
    expect(sheet.headers).not.toContain('RiskProfile');
    // No internal numbers: each row names its organization.
    expect(sheet.headers).not.toContain(ms['res.system.id']);
    expect(sheet.headers).not.toContain(ms['res.system.orgId']);
    expect(sheet.rows).toHaveLength(merchantList.total);
    const row = sheet.rows.find((r) => r.values[ms['res.orgConfig.orgName']] === hq!.name)!;
    expect(row.values[ms['res.orgConfig.orgName']]).toBe(hq!.name);
    expect(row.values[ms['res.orgConfig.riskProfile']]).toBe(ms['res.orgConfig.riskProfile.HIGH_RISK']);
    expect(row.values[ms['res.orgConfig.serviceTypes']]).toBe(`${ENUM_LABELS.ms['enum.serviceType.1']} | ${ENUM_LABELS.ms['enum.serviceType.2']}`);
    expect(row.values[ms['res.orgConfig.orgLevel']]).toBe(ENUM_LABELS.ms[`enum.groupType.${merchantList.rows.find((r) => r.OrgId === hq!.id)!.OrgLevel}`]);
    expect(row.values[ms['res.system.configured']]).toBe(ms['res.system.yes']);
    const stored = merchantList.rows.find((r) => r.OrgId === hq!.id)!;
    expect(row.values[ms['res.system.updatedAt']]).toBe(dayjs.utc(stored.UpdatedAt!).tz(BUSINESS_TIME_ZONE).format('DD-MM-YYYY HH:mm:ss'));
    expect(row.values[ms['res.system.updatedAt']]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const bare = sheet.rows.find((r) => r.values[ms['res.orgConfig.orgName']] === branch!.name)!;
    expect(bare.values[ms['res.system.configured']]).toBe(ms['res.system.no']);

    // The same file back: configured organizations are updated with the values they have; the others stay unconfigured.
    const configured = merchantList.rows.filter((r) => r.Configured);
    const answer = await upload(mm, 'MerchantConfig', file, 'merchant-config.csv');
    expect(answer).toEqual({ Applied: configured.length, Created: 0, Updated: configured.length });
    const after = await all(mm, 'MerchantConfig');
    const strip = (r: Row) => ({ ...r, Version: null, UpdatedAt: null });
    expect(after.rows.map(strip)).toEqual(merchantList.rows.map(strip));
  });

  it('takes a file back in another language: an xlsx Bank export in Chinese uploads with no change', async () => {
    const before = await all(admin, 'Bank');
    const file = await exportFile(admin, 'Bank', { Format: 'xlsx', Language: 'zh' });
    const sheet = await readSheet(file, 'x.xlsx');
    expect(sheet.headers).toContain(RESOURCE_LABELS.zh['res.bank.bankName']);
    expect(sheet.headers).toContain(RESOURCE_LABELS.zh['res.bank.channels']);
    const answer = await upload(admin, 'Bank', file, 'banks.xlsx');
    expect(answer).toEqual({ Applied: before.total, Created: 0, Updated: before.total });
    const after = await all(admin, 'Bank');
    const strip = (r: Row) => ({ ...r, Version: null, UpdatedAt: null });
    expect(after.rows.map(strip)).toEqual(before.rows.map(strip));
  });
});
