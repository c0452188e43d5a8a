/**
 * Profiles and their KYC review (modules/profiles), on both databases:
 *  - an agency creates a merchant HQ under one of its agents with a person, a bank account (sealed,
 *    answered masked) and a document; it cannot create under another agency's agent;
 *  - a SUPERADMIN's own profile cannot be reviewed by them (maker-checker, 403); a second
 *    SUPERADMIN starts the review and verifies it; the history names each step's actor;
 *  - REJECT needs a reason; the maker resubmits a REJECTED profile;
 *  - a key-data change of a VERIFIED profile makes it UNVERIFY (a contact change does not), and a
 *    stale Version is refused (CF409);
 *  - a document is typed by its magic bytes (an .exe named .pdf refused, a PNG sent as PDF kept as
 *    PNG); another tenant's document is not downloadable (the same 404 as a missing one);
 *  - ingest refuses a batch holding a transaction of a merchant not VERIFIED, and writes nothing;
 *  - a SUPERADMIN moves a merchant HQ with its branches to another agent: paths, the owned rows'
 *    ancestor ids and the sales summaries follow (the old agent's figures lose exactly what the new
 *    one gains), and the old agency no longer sees it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { openSecret } from '../../src/engine/secret-fields.ts';
import { ingestTransactions, UnverifiedMerchantError } from '../../src/modules/risk/ingest.ts';
import type { GenTxn } from '../../src/transactions/insert.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f3b1d40000000049454e44ae426082', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);

describe.each(DATABASES)('profiles and KYC review on %s', (kind) => {
  let s: TestServer;
  let dataDir: string;
  let admin: PortalClient;
  let admin2: PortalClient;
  let agency: PortalClient;
  let merchantUser: PortalClient;
  let ownAgentId: number;
  let foreignAgentId: number;
  let bankId: number;
  let mcc: string;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);

  /** A valid merchant profile body under `parentId`, its name and first person's NRIC varied by `n`. */
  const body = (parentId: number, n: number) => ({
    ParentId: parentId,
    Name: `Kedai Runcit ${n} Sdn Bhd`,
    RegNo: `2019010${String(n).padStart(5, '0')}`,
    RegNoOld: '1312525-a',
    CompanyType: 'SDN_BHD',
    BusinessCategory: mcc,
    Address1: '1 Jalan Ampang',
    Postcode: '50450',
    State: 'MY-14',
    City: 'Kuala Lumpur',
    Phone: '0123456789',
    Email: `kedai${n}@example.my`,
    Persons: [{ Name: 'Tan Ah Kow', Role: 'DIRECTOR' as const, IdType: 'NRIC' as const, IdNo: `900101145${String(n % 1000).padStart(3, '0')}` }],
    BankAccounts: [{ BankId: bankId, AccountType: 'CORPORATE' as const, AccountName: 'Kedai Runcit', AccountNo: '5140 1234 5678', IsPrimary: true }],
    Config: { ServiceTypes: ['1', '2'] as ('1' | '2')[], SettlementTiming: 'T_PLUS_X' as const, SettlementDays: 1 },
  });
  const upload = (c: PortalClient, orgId: number, content: Buffer, name: string, type: string, docType = 'SSM_CERTIFICATE') => {
    const f = new FormData();
    f.append('DocType', docType);
    f.append('file', new Blob([new Uint8Array(content)], { type }), name);
    return c.callPath<{ Id: number; MimeType: string; FileName: string; SizeBytes: number }>('POST', `/api/portal/Merchant/Profile/${orgId}/Document`, f);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-profiles-'));
    s = await startTestServer({ kind, transactions: 300, config: { dataDir } });
    // A second platform reviewer: the demo admin's password and SUPERADMIN membership.
    await q(`INSERT INTO users (email, nick_name, password_hash) SELECT 'reviewer@paydesk.my', 'Reviewer', password_hash FROM users WHERE email = 'admin@paydesk.my'`);
    await q(
      `INSERT INTO memberships (user_id, org_id, group_id, is_default) SELECT r.id, m.org_id, m.group_id, true FROM users r, users a JOIN memberships m ON m.user_id = a.id AND m.is_default
       WHERE r.email = 'reviewer@paydesk.my' AND a.email = 'admin@paydesk.my'`,
    );
    admin = await s.signIn('admin@paydesk.my');
    admin2 = await s.signIn('reviewer@paydesk.my');
    agency = await s.signIn('agency@paydesk.my');
    merchantUser = await s.signIn('merchant@paydesk.my');
    const me = await agency.call('profile');
    const [own] = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [me.Current.CompanyId]);
    const [a1] = await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND path LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]);
    const [a2] = await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND path NOT LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]);
    ownAgentId = Number(a1!.id);
    foreignAgentId = Number(a2!.id);
    bankId = Number((await q<{ id: number }>(`SELECT id FROM banks ORDER BY id LIMIT 1`))[0]!.id);
    mcc = (await q<{ mcc: string }>(`SELECT mcc FROM business_categories ORDER BY id LIMIT 1`))[0]!.mcc;
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an agency creates a merchant HQ under its agent with a person, a sealed bank account and a document, but not under another agency', async () => {
    const made = await agency.call('merchantProfileCreate', { body: body(ownAgentId, 1) });
    const p = await agency.call('merchantProfileGet', { params: { Id: made.Id } });
    expect(p).toMatchObject({ Level: 'MERCHANT_HQ', OnboardingStatus: 'PENDING', RegNo: '201901000001', RegNoOld: '1312525-A', State: 'Wilayah Persekutuan Kuala Lumpur', SubmittedBy: 'agency@paydesk.my' });
    expect(p.Mid).toMatch(/^9\d{14}$/);
    expect(p.Parent?.Id).toBe(ownAgentId);
    expect(p.Persons).toEqual([expect.objectContaining({ IdType: 'NRIC', IdNo: '900101-14-5001' })]);
    expect(p.BankAccounts).toEqual([expect.objectContaining({ AccountNo: '••••5678', IsPrimary: true })]);
    expect(p.Config).toMatchObject({ ServiceTypes: ['1', '2'], SettlementTiming: 'T_PLUS_X' });
    // The agency holds no review permission: no review button, whatever the status.
    expect(p.AllowedActions).toEqual([]);
    const [stored] = await q<{ account_no: string }>(`SELECT account_no FROM org_bank_accounts WHERE org_id = $1`, [made.Id]);
    expect(stored!.account_no).not.toContain('5140');
    expect(openSecret(s.app.ctx.keys.fieldKey, stored!.account_no)).toBe('514012345678');
    const doc = await upload(agency, made.Id, PDF, 'ssm.pdf', 'application/pdf');
    expect(doc).toMatchObject({ MimeType: 'application/pdf', FileName: 'ssm.pdf', SizeBytes: PDF.length });
    expect((await agency.call('merchantProfileGet', { params: { Id: made.Id } })).Documents.map((d) => d.Id)).toEqual([doc.Id]);

    const e = await errorOf(agency.call('merchantProfileCreate', { body: body(foreignAgentId, 2) }));
    expect([e.status, e.errorCode, e.message]).toEqual([400, 'VAL400', expect.stringMatching(/: ParentId: /)]);
    // An agency creates no agency (agency:create is not its permission) and no master merchant.
    expect((await errorOf(agency.call('agencyProfileCreate', { body: { ...body(ownAgentId, 3) } }))).status).toBe(403);
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE name = 'Kedai Runcit 2 Sdn Bhd'`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('the maker cannot review their own profile; another SUPERADMIN reviews and verifies it, and the history names each actor', async () => {
    const made = await admin.call('merchantProfileCreate', { body: body(ownAgentId, 10) });
    const mine = await admin.call('merchantProfileGet', { params: { Id: made.Id } });
    expect(mine.AllowedActions).toEqual([]);
    const refused = await errorOf(admin.call('merchantProfileReview', { body: { Id: made.Id, Version: 1, Action: 'START_REVIEW' } }));
    expect([refused.status, refused.errorCode]).toEqual([403, 'PERM403']);
    expect(refused.message).toMatch(/maker-checker/);

    expect((await admin2.call('merchantProfileGet', { params: { Id: made.Id } })).AllowedActions).toEqual(['START_REVIEW']);
    const reviewing = await admin2.call('merchantProfileReview', { body: { Id: made.Id, Version: 1, Action: 'START_REVIEW' } });
    expect([reviewing.OnboardingStatus, reviewing.AllowedActions]).toEqual(['REVIEWING', ['VERIFY', 'REJECT']]);
    expect((await errorOf(admin.call('merchantProfileReview', { body: { Id: made.Id, Version: reviewing.Version, Action: 'VERIFY' } }))).status).toBe(403);
    // A decision out of turn is refused by the table (409), not by maker-checker.
    expect((await errorOf(admin2.call('merchantProfileReview', { body: { Id: made.Id, Version: reviewing.Version, Action: 'REINSTATE' } }))).status).toBe(409);
    const verified = await admin2.call('merchantProfileReview', { body: { Id: made.Id, Version: reviewing.Version, Action: 'VERIFY' } });
    expect(verified.OnboardingStatus).toBe('VERIFIED');
    expect(verified.VerifiedAt).not.toBeNull();
    const history = await admin.call('merchantProfileHistory', { params: { Id: made.Id } });
    expect(history.Rows.map((r) => [r.FromStatus, r.ToStatus, r.Actor])).toEqual([
      [null, 'PENDING', 'admin@paydesk.my'],
      ['PENDING', 'REVIEWING', 'reviewer@paydesk.my'],
      ['REVIEWING', 'VERIFIED', 'reviewer@paydesk.my'],
    ]);
    const [audit] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'MerchantProfile' AND target_id = $1`, [String(made.Id)]);
    expect(Number(audit!.n)).toBe(3);
  });

  it('REJECT needs a reason; the maker resubmits a REJECTED profile and it waits for review again', async () => {
    const made = await agency.call('merchantProfileCreate', { body: body(ownAgentId, 20) });
    const r1 = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: 1, Action: 'START_REVIEW' } });
    const noReason = await errorOf(admin.call('merchantProfileReview', { body: { Id: made.Id, Version: r1.Version, Action: 'REJECT' } }));
    expect([noReason.status, noReason.message]).toEqual([400, expect.stringMatching(/: Reason: /)]);
    const rejected = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: r1.Version, Action: 'REJECT', Reason: 'SSM certificate is unreadable' } });
    expect([rejected.OnboardingStatus, rejected.StatusReason]).toEqual(['REJECTED', 'SSM certificate is unreadable']);
    expect((await agency.call('merchantProfileGet', { params: { Id: made.Id } })).AllowedActions).toEqual(['SUBMIT']);
    const again = await agency.call('merchantProfileSubmit', { body: { Id: made.Id, Version: rejected.Version } });
    expect(again.OnboardingStatus).toBe('PENDING');
    expect((await errorOf(agency.call('merchantProfileSubmit', { body: { Id: made.Id, Version: again.Version } }))).status).toBe(409);
  });

  it('a key-data change of a VERIFIED profile makes it UNVERIFY; a contact change does not; a stale Version is refused', async () => {
    const made = await agency.call('merchantProfileCreate', { body: body(ownAgentId, 30) });
    const r = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: 1, Action: 'START_REVIEW' } });
    const v = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: r.Version, Action: 'VERIFY' } });
    const current = (p: typeof v) => ({
      ...body(ownAgentId, 30), Id: p.Id, Version: p.Version,
      Persons: p.Persons.map((x) => ({ Id: x.Id, Name: x.Name, Role: x.Role, IdType: x.IdType, IdNo: x.IdNo })),
      BankAccounts: p.BankAccounts.map((a) => ({ Id: a.Id, BankId: a.BankId, AccountType: a.AccountType, AccountName: a.AccountName, AccountNo: a.AccountNo, IsPrimary: a.IsPrimary })),
    });
    // The masks sent back keep the stored numbers: a phone change is no key data.
    const phone = await agency.call('merchantProfileUpdate', { body: { ...current(v), Phone: '0198765432' } });
    expect([phone.OnboardingStatus, phone.Phone, phone.BankAccounts[0]!.AccountNo]).toEqual(['VERIFIED', '0198765432', '••••5678']);
    const stale = await errorOf(agency.call('merchantProfileUpdate', { body: { ...current(v), Version: v.Version } }));
    expect([stale.status, stale.errorCode]).toEqual([409, 'CF409']);
    const renamed = await agency.call('merchantProfileUpdate', { body: { ...current(phone), Phone: '0198765432', Name: 'Kedai Runcit Baru Sdn Bhd' } });
    expect([renamed.OnboardingStatus, renamed.SubmittedBy]).toEqual(['UNVERIFY', 'agency@paydesk.my']);
    const history = await admin.call('merchantProfileHistory', { params: { Id: made.Id } });
    expect(history.Rows.at(-1)).toMatchObject({ FromStatus: 'VERIFIED', ToStatus: 'UNVERIFY', Actor: 'agency@paydesk.my', Reason: 'key data changed' });
    // A new account number is key data too: reviewed again after the restart.
    const back = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: renamed.Version, Action: 'START_REVIEW' } });
    const again = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: back.Version, Action: 'VERIFY' } });
    const account = await agency.call('merchantProfileUpdate', { body: { ...current(again), Name: 'Kedai Runcit Baru Sdn Bhd', Phone: '0198765432', BankAccounts: [{ ...current(again).BankAccounts[0]!, AccountNo: '999988887777' }] } });
    expect([account.OnboardingStatus, account.BankAccounts[0]!.AccountNo]).toEqual(['UNVERIFY', '••••7777']);
  });

  it('types a document by its magic bytes, and serves it only inside the owner scope', async () => {
    const made = await agency.call('merchantProfileCreate', { body: body(ownAgentId, 40) });
    const exe = await errorOf(upload(agency, made.Id, EXE, 'bank-statement.pdf', 'application/pdf', 'BANK_STATEMENT'));
    expect([exe.status, exe.message]).toEqual([400, expect.stringMatching(/: file: "bank-statement\.pdf" is not a PDF, JPEG or PNG/)]);
    const png = await upload(agency, made.Id, PNG, 'director-id.pdf', 'application/pdf', 'DIRECTOR_ID');
    expect(png.MimeType).toBe('image/png');
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM org_documents WHERE org_id = $1`, [made.Id])) as [{ n: number }];
    expect(n).toBe(1);

    const res = await agency.send('merchantProfileDocument', { params: { Id: png.Id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?director-id\.pdf"?(;|$)/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    // The demo merchant HQ is outside the agency's subtree: the same 404 as an id that does not exist.
    const foreign = await errorOf(merchantUser.call('merchantProfileDocument', { params: { Id: png.Id } }));
    const missing = await errorOf(merchantUser.call('merchantProfileDocument', { params: { Id: 2_000_000_000 } }));
    expect([foreign.status, foreign.errorCode, foreign.message]).toEqual([missing.status, missing.errorCode, missing.message]);
    expect(foreign.status).toBe(404);
    expect((await errorOf(merchantUser.call('merchantProfileDocumentDelete', { body: { Id: png.Id } }))).status).toBe(404);
    // Deleted: no longer listed or served, its row kept for the audit.
    await agency.call('merchantProfileDocumentDelete', { body: { Id: png.Id } });
    expect((await errorOf(agency.call('merchantProfileDocument', { params: { Id: png.Id } }))).status).toBe(404);
    expect((await agency.call('merchantProfileGet', { params: { Id: made.Id } })).Documents).toEqual([]);
  });

  it("refuses at ingest a batch holding a transaction of a merchant that is not VERIFIED, writing nothing", async () => {
    const made = await agency.call('merchantProfileCreate', { body: body(ownAgentId, 50) });
    const [row] = await q<Record<string, unknown>>(`SELECT * FROM transactions t JOIN organizations o ON o.id = t.merchant_id WHERE o.onboarding_status = 'VERIFIED' AND t.branch_id IS NULL ORDER BY t.id LIMIT 1`);
    const template = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v])) as unknown as GenTxn;
    const [{ m }] = (await q<{ m: number }>(`SELECT max(id)::int AS m FROM transactions`)) as [{ m: number }];
    const txn = (id: number, merchantId: number): GenTxn => ({ ...template, id, txnRefNo: `PDP${String(id).padStart(15, '0')}`, merchantId, branchId: null, createdAt: new Date(), updatedAt: new Date() });
    const verifiedOne = txn(Number(m) + 1, Number(template.merchantId));
    const pendingOne = txn(Number(m) + 2, made.Id);
    const err = await ingestTransactions(s.database, [verifiedOne, pendingOne], { rules: true, at: new Date() }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(UnverifiedMerchantError);
    expect((err as UnverifiedMerchantError).orgs).toEqual([{ id: made.Id, status: 'PENDING' }]);
    const written = await q(`SELECT id FROM transactions WHERE id = ANY($1::bigint[])`, [[verifiedOne.id, pendingOne.id]]);
    expect(written).toEqual([]);
    // Verified, the same merchant's transaction goes in.
    const r = await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: 1, Action: 'START_REVIEW' } });
    await admin.call('merchantProfileReview', { body: { Id: made.Id, Version: r.Version, Action: 'VERIFY' } });
    expect((await ingestTransactions(s.database, [pendingOne], { rules: false, at: new Date() })).inserted).toBe(1);
  });

  it('lists the profiles of the caller subtree only, by keyword and status', async () => {
    const all = await agency.call('merchantProfileSearch', { body: { RowsPerPage: 100 } });
    expect(all.Total).toBeGreaterThan(0);
    const me = await agency.call('profile');
    const [own] = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [me.Current.CompanyId]);
    const outside = await q(`SELECT id FROM organizations WHERE id = ANY($1::int[]) AND path NOT LIKE $2`, [all.Rows.map((r) => r.Id), `${own!.path}%`]);
    expect(outside).toEqual([]);
    const pending = await agency.call('merchantProfileSearch', { body: { Keyword: 'Kedai Runcit', OnboardingStatus: 'PENDING', SortField: 'CreatedAt', SortOrder: 'desc' } });
    expect(pending.Rows.length).toBeGreaterThan(0);
    expect(pending.Rows.every((r) => r.OnboardingStatus === 'PENDING' && r.Name.includes('Kedai Runcit') && r.Level === 'MERCHANT_HQ')).toBe(true);
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE name LIKE 'Kedai Runcit%' AND onboarding_status = 'PENDING' AND path LIKE $1`, [`${own!.path}%`])) as [{ n: number }];
    expect(pending.Total).toBe(n);
  });

  it('moves a merchant HQ with its branches to another agent: paths, owned rows and summaries follow', async () => {
    // The HQ drawn must hold branch sales and a successful summary row: a CI run drew one whose sales had all failed.
    const [hq] = await q<{ id: number; parent_id: number; path: string }>(
      `SELECT o.id, o.parent_id, o.path FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND o.id <> $1
         AND EXISTS (SELECT 1 FROM organizations b WHERE b.parent_id = o.id) AND EXISTS (SELECT 1 FROM transactions t WHERE t.merchant_id = o.id AND t.branch_id IS NOT NULL)
         AND EXISTS (SELECT 1 FROM sales_summary_daily s WHERE s.level = 4 AND s.merchant_id = o.id AND s.success_count > 0)
       ORDER BY o.id LIMIT 1`,
      [(await merchantUser.call('profile')).Current.CompanyId],
    );
    const [to] = await q<{ id: number; path: string }>(`SELECT id, path FROM organizations WHERE level = 'AGENT' AND split_part(path, '/', 2) <> split_part($1, '/', 2) ORDER BY id LIMIT 1`, [hq!.path]);
    const agentSum = async (agentId: number) =>
      (await q<{ n: string; a: string }>(`SELECT coalesce(sum(success_count), 0)::text AS n, coalesce(sum(success_amount), 0)::text AS a FROM sales_summary_daily WHERE level = 3 AND agent_id = $1`, [agentId]))[0]!;
    const [own] = await q<{ n: string; a: string }>(`SELECT coalesce(sum(success_count), 0)::text AS n, coalesce(sum(success_amount), 0)::text AS a FROM sales_summary_daily WHERE level = 4 AND merchant_id = $1`, [hq!.id]);
    const before = { from: await agentSum(Number(hq!.parent_id)), to: await agentSum(Number(to!.id)) };
    const version = (await admin.call('merchantProfileGet', { params: { Id: hq!.id } })).Version;
    expect((await errorOf(admin.call('merchantProfileMove', { body: { Id: hq!.id, AgentId: Number(hq!.parent_id), Version: version } }))).status).toBe(400);
    const moved = await admin.call('merchantProfileMove', { body: { Id: hq!.id, AgentId: Number(to!.id), Version: version } });
    expect(moved.Parent?.Id).toBe(Number(to!.id));
    const orgs = await q<{ path: string }>(`SELECT path FROM organizations WHERE id = $1 OR parent_id = $1`, [hq!.id]);
    expect(orgs.length).toBeGreaterThan(1);
    expect(orgs.every((o) => o.path.startsWith(`${to!.path}${hq!.id}/`))).toBe(true);
    const [mm, agency] = to!.path.split('/').filter(Boolean).map(Number);
    const stale = await q(`SELECT id FROM transactions WHERE merchant_id = $1 AND (agent_id <> $2 OR agency_id <> $3 OR master_merchant_id <> $4)`, [hq!.id, to!.id, agency, mm]);
    expect(stale).toEqual([]);
    const after = { from: await agentSum(Number(hq!.parent_id)), to: await agentSum(Number(to!.id)) };
    expect(Number(own!.n)).toBeGreaterThan(0);
    expect(Number(after.to.n) - Number(before.to.n)).toBe(Number(own!.n));
    expect(Number(before.from.n) - Number(after.from.n)).toBe(Number(own!.n));
    expect((Number(after.to.a) - Number(before.to.a)).toFixed(2)).toBe(Number(own!.a).toFixed(2));
    const [audit] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'MOVE' AND target_id = $1`, [String(hq!.id)]);
    expect(Number(audit!.n)).toBe(1);
  });
});
