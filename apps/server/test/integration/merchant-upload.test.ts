/**
 * /merchant-bulk-upload on each database, through the job queue and real files:
 *  - the template (XLSX) has the contract's columns, list validations on the coded columns fed
 *    from its Lists sheet, and lists only the caller's own agents;
 *  - generated files: for random file sizes, formats (XLSX or CSV) and one defect of a random kind
 *    put on a random row (a malformed NRIC, SSM number, postcode, e-mail or account number, a city
 *    of another state, a blank required cell, another agency's agent, an unknown bank, a repeated
 *    registration number), the upload ends FAILED naming exactly that row and column, and NOTHING
 *    is created (organizations, persons, accounts, history and audit unchanged);
 *  - a clean file creates every merchant at once: PENDING under its agent, the uploader its maker,
 *    one person, one primary account sealed at rest, each audited with the upload and row;
 *  - a file that is not a template is refused at upload naming `file`; a merchant HQ (no
 *    merchant:bulkupload) is refused; another agency's upload is not found.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_UPLOAD_COLUMNS, type PortalClient } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

type Row = Record<string, string>;
type Detail = { Id: number; Status: string; TotalRows: number; DoneRows: number; ErrorCount: number; CreatedCount: number; Errors: { Row: number; Field: string; Message: string }[]; CreatedIds: number[] };

/** Defects a row can carry, each with the column its error must name. */
const DEFECTS: Record<string, { column: string; apply: (r: Row, ctx: { foreignAgent: number; previousRegNo: string }) => void }> = {
  nric: { column: 'PersonIdNo', apply: (r) => (r.PersonIdNo = '901332-14-5678') },
  nricPlace: { column: 'PersonIdNo', apply: (r) => (r.PersonIdNo = '900101-00-5678') },
  regNo: { column: 'RegNo', apply: (r) => (r.RegNo = '20190101234') },
  postcode: { column: 'Postcode', apply: (r) => (r.Postcode = '5045') },
  email: { column: 'Email', apply: (r) => (r.Email = 'kedai@') },
  accountNo: { column: 'AccountNo', apply: (r) => (r.AccountNo = '12345') },
  cityOfState: { column: 'City', apply: (r) => (r.City = 'Kota Kinabalu') },
  blankName: { column: 'Name', apply: (r) => (r.Name = '') },
  blankPerson: { column: 'PersonName', apply: (r) => (r.PersonName = '') },
  foreignAgent: { column: 'Agent', apply: (r, c) => (r.Agent = String(c.foreignAgent)) },
  unknownBank: { column: 'BankCode', apply: (r) => (r.BankCode = 'NOSUCHBANK') },
  companyType: { column: 'CompanyType', apply: (r) => (r.CompanyType = 'LLP') },
  repeatedRegNo: { column: 'RegNo', apply: (r, c) => (r.RegNo = c.previousRegNo) },
};

describe.each(DATABASES)('merchant bulk upload on %s', (kind) => {
  let s: TestServer;
  let dataDir: string;
  let agency: PortalClient;
  let otherAgency: PortalClient;
  let merchantUser: PortalClient;
  let ownAgents: number[];
  let foreignAgent: number;
  let bankCode: string;
  let mcc: string;
  let serial = 0;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);

  /** A valid row under `agent`, unique by a running number (registration number, NRIC, e-mail). */
  const validRow = (agent: number): Row => {
    const n = ++serial;
    return {
      Agent: `${agent} - Agent`, Name: `Kedai Upload ${kind} ${n} Sdn Bhd`, RegNo: `2020010${String(n).padStart(5, '0')}`, RegNoOld: '', CompanyType: 'SDN_BHD', BusinessCategory: mcc,
      Address1: `${n} Jalan Ampang`, Address2: '', Postcode: '50450', State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '03-2161 0000', Email: `upload${n}@kedai.my`,
      Website: '', PersonName: 'Tan Ah Kow', PersonRole: 'DIRECTOR', PersonIdType: 'NRIC', PersonIdNo: `900101-14-${String(n % 10000).padStart(4, '0')}`, PersonPhone: '', PersonEmail: '',
      BankCode: bankCode, AccountType: 'CORPORATE', AccountName: 'Kedai Upload', AccountNo: `5140${String(n).padStart(8, '0')}`, SettlementDays: '1',
    };
  };

  const fileOf = async (rows: Row[], format: 'xlsx' | 'csv'): Promise<{ bytes: Uint8Array; name: string }> => {
    const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
    if (format === 'csv') {
      const esc = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      return { bytes: new TextEncoder().encode([keys.join(','), ...rows.map((r) => keys.map((k) => esc(r[k] ?? '')).join(','))].join('\n')), name: 'merchants.csv' };
    }
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Merchants');
    ws.addRow(keys);
    for (const r of rows) ws.addRow(keys.map((k) => r[k] ?? ''));
    return { bytes: new Uint8Array(await wb.xlsx.writeBuffer()), name: 'merchants.xlsx' };
  };

  const submit = async (c: PortalClient, file: { bytes: Uint8Array; name: string }) => {
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    return c.callPath<{ Id: number; Status: string; TotalRows: number }>('POST', '/api/portal/MerchantUpload', f);
  };

  /** Waits for the upload's job to end (the queue polls every second). */
  const finished = async (c: PortalClient, id: number): Promise<Detail> => {
    for (;;) {
      const d = await c.callPath<Detail>('GET', `/api/portal/MerchantUpload/${id}`);
      if (d.Status === 'DONE' || d.Status === 'FAILED') return d;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const counts = async () => {
    const [c] = await q<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM organizations) AS orgs, (SELECT count(*)::int FROM org_persons) AS persons, (SELECT count(*)::int FROM org_bank_accounts) AS accounts,
              (SELECT count(*)::int FROM org_status_history) AS history, (SELECT count(*)::int FROM organization_configs) AS configs,
              (SELECT count(*)::int FROM audit_log WHERE action IN ('CREATE', 'BULK_UPLOAD')) AS audits`,
    );
    return c!;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-merchant-upload-'));
    s = await startTestServer({ kind, transactions: 300, config: { dataDir, jobPollSeconds: 1 } });
    agency = await s.signIn('agency@paydesk.my');
    merchantUser = await s.signIn('merchant@paydesk.my');
    const me = await agency.call('profile');
    const [own] = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [me.Current.CompanyId]);
    ownAgents = (await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND path LIKE $1 ORDER BY id`, [`${own!.path}%`])).map((a) => Number(a.id));
    foreignAgent = Number((await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND path NOT LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]))[0]!.id);
    bankCode = (await q<{ bank_code: string }>(`SELECT bank_code FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1`))[0]!.bank_code;
    mcc = (await q<{ mcc: string }>(`SELECT mcc FROM business_categories WHERE is_active = 1 ORDER BY id LIMIT 1`))[0]!.mcc;
    // A second agency user, of another agency: the demo agency user's password, another agency's membership.
    await q(`INSERT INTO users (email, nick_name, password_hash) SELECT 'agency2@paydesk.my', 'Agency 2', password_hash FROM users WHERE email = 'agency@paydesk.my'`);
    await q(
      `INSERT INTO memberships (user_id, org_id, group_id, is_default)
       SELECT u.id, o.id, m.group_id, true FROM users u, organizations o, memberships m JOIN users a ON a.id = m.user_id AND a.email = 'agency@paydesk.my'
       WHERE u.email = 'agency2@paydesk.my' AND o.level = 'AGENCY' AND o.path NOT LIKE $1 ORDER BY o.id LIMIT 1`,
      [`${own!.path}%`],
    );
    otherAgency = await s.signIn('agency2@paydesk.my');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("offers a template with the contract's columns, list validations from its Lists sheet and the caller's own agents only", async () => {
    const res = await agency.sendTo({ method: 'GET', encrypted: true }, '/api/portal/MerchantUpload/Template');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('merchant-upload-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Merchants', 'Help', 'Lists']);
    const sheet = wb.getWorksheet('Merchants')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(MERCHANT_UPLOAD_COLUMNS.map((c) => c.key));
    const lists = wb.getWorksheet('Lists')!;
    const header = (lists.getRow(1).values as unknown[]).slice(1) as string[];
    const agentCol = header.indexOf('Agent') + 1;
    const agentIds = lists.getColumn(agentCol).values.slice(2).map((v) => Number(String(v).split(' - ')[0]));
    expect(agentIds.sort((a, b) => a - b)).toEqual([...ownAgents].sort((a, b) => a - b));
    // Every coded column carries a list validation over its Lists column.
    const model = (sheet as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } }).dataValidations.model;
    const validated = new Set(Object.entries(model).map(([addr, v]) => `${addr.replace(/\d+.*$/, '')}:${v.type}:${v.formulae[0]?.startsWith('Lists!') ? 'lists' : ''}`));
    for (const key of ['Agent', 'CompanyType', 'BusinessCategory', 'State', 'PersonRole', 'PersonIdType', 'BankCode', 'AccountType']) {
      const letter = String.fromCharCode(65 + MERCHANT_UPLOAD_COLUMNS.findIndex((c) => c.key === key));
      expect(validated, key).toContain(`${letter}:list:lists`);
    }
    // Help explains every column.
    const help = wb.getWorksheet('Help')!;
    expect(help.getColumn(1).values.slice(2, 2 + MERCHANT_UPLOAD_COLUMNS.length)).toEqual(MERCHANT_UPLOAD_COLUMNS.map((c) => c.key));
  });

  it('fails a file with one bad row, naming that row and column, and creates nothing (generated files)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.constantFrom(...Object.keys(DEFECTS)),
        fc.constantFrom<'xlsx' | 'csv'>('xlsx', 'csv'),
        async (size, pick, defect, format) => {
          const rows = Array.from({ length: size + 1 }, (_, i) => validRow(ownAgents[i % ownAgents.length]!));
          // A repeated registration number needs an earlier row to repeat.
          const bad = defect === 'repeatedRegNo' ? 1 + (pick % size) : pick % rows.length;
          DEFECTS[defect]!.apply(rows[bad]!, { foreignAgent, previousRegNo: rows[0]!.RegNo! });
          const before = await counts();
          const up = await submit(agency, await fileOf(rows, format));
          expect(up).toMatchObject({ Status: 'QUEUED', TotalRows: rows.length });
          const d = await finished(agency, up.Id);
          expect(d.Status).toBe('FAILED');
          expect(d.CreatedCount).toBe(0);
          expect(d.Errors.map((e) => [e.Row, e.Field])).toEqual([[bad + 2, DEFECTS[defect]!.column]]);
          expect(d.Errors[0]!.Message.length).toBeGreaterThan(0);
          expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: kind === 'pglite' ? 14 : 8 },
    );
  }, 300_000);

  it('creates every merchant of a clean file at once: PENDING under its agent, the uploader its maker, its person and sealed primary account, audited', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => validRow(ownAgents[i % ownAgents.length]!));
    const before = await counts();
    const up = await submit(agency, await fileOf(rows, 'xlsx'));
    const d = await finished(agency, up.Id);
    expect(d).toMatchObject({ Status: 'DONE', TotalRows: 12, DoneRows: 12, CreatedCount: 12, ErrorCount: 0, Errors: [] });
    expect(d.CreatedIds).toHaveLength(12);
    const made = await q<{ id: number; name: string; parent_id: number; level: string; onboarding_status: string; submitted_by: string; mid: string }>(
      `SELECT o.id, o.name, o.parent_id, o.level, o.onboarding_status, u.email AS submitted_by, o.mid FROM organizations o JOIN users u ON u.id = o.submitted_by_user_id WHERE o.id = ANY($1::int[]) ORDER BY o.id`,
      [d.CreatedIds],
    );
    expect(made.map((m) => m.name)).toEqual(rows.map((r) => r.Name));
    for (const [i, m] of made.entries()) {
      expect(m).toMatchObject({ level: 'MERCHANT_HQ', onboarding_status: 'PENDING', submitted_by: 'agency@paydesk.my' });
      expect(Number(m.parent_id)).toBe(ownAgents[i % ownAgents.length]);
      expect(m.mid).toMatch(/^9\d{14}$/);
    }
    const accounts = await q<{ account_no: string; account_last4: string; is_primary: boolean }>(`SELECT account_no, account_last4, is_primary FROM org_bank_accounts WHERE org_id = ANY($1::int[])`, [d.CreatedIds]);
    expect(accounts).toHaveLength(12);
    for (const a of accounts) {
      expect(a.is_primary).toBe(true);
      expect(rows.some((r) => a.account_no.includes(r.AccountNo!))).toBe(false);
    }
    expect((await q(`SELECT 1 FROM org_persons WHERE org_id = ANY($1::int[])`, [d.CreatedIds])).length).toBe(12);
    const audits = await q<{ detail: { merchantUpload: number; row: number } }>(`SELECT detail FROM audit_log WHERE action = 'CREATE' AND target_type = 'MerchantProfile' AND target_id = ANY($1::text[])`, [d.CreatedIds.map(String)]);
    expect(audits.map((a) => a.detail.row).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 2));
    expect((await counts()).orgs).toBe(before.orgs! + 12);
    // The upload is listed for its agency, not for another agency, and the other agency cannot open it.
    expect((await agency.call('merchantUploadSearch', { body: { PageNumber: 1, PageSize: 20 } })).Items.map((i) => i.Id)).toContain(up.Id);
    expect((await otherAgency.call('merchantUploadSearch', { body: { PageNumber: 1, PageSize: 20 } })).Items.map((i) => i.Id)).not.toContain(up.Id);
    expect((await errorOf(otherAgency.call('merchantUploadGet', { params: { Id: up.Id } }))).status).toBe(404);
  }, 120_000);

  it('refuses at upload a file that is not a template, and a caller without merchant:bulkupload', async () => {
    const good = validRow(ownAgents[0]!);
    const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
    const csv = (head: string[], row: string[]) => ({ bytes: new TextEncoder().encode(`${head.join(',')}\n${row.join(',')}\n`), name: 'm.csv' });
    const before = await counts();
    const cases = [
      csv(keys.filter((k) => k !== 'RegNo'), keys.filter((k) => k !== 'RegNo').map((k) => good[k]!)),
      csv([...keys, 'Discount'], [...keys.map((k) => good[k]!), '5']),
      { bytes: new TextEncoder().encode(`${keys.join(',')}\n`), name: 'm.csv' },
      { bytes: new TextEncoder().encode('not a workbook'), name: 'm.xlsx' },
      { bytes: new TextEncoder().encode('x'), name: 'm.pdf' },
    ];
    for (const file of cases) {
      const e = await errorOf(submit(agency, file));
      expect(e.status, file.name).toBeGreaterThanOrEqual(400);
      expect(e.status).toBeLessThan(500);
      expect(e.message).toContain(': file: ');
    }
    const rows = Array.from({ length: 5001 }, () => good);
    const big = await errorOf(submit(agency, await fileOf(rows, 'csv')));
    expect([400, 413]).toContain(big.status);
    expect(big.message).toContain('5000');
    expect((await errorOf(submit(merchantUser, await fileOf([good], 'csv')))).status).toBe(403);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
