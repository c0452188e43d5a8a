/**
 * /rm-application (modules/rm-application), on both databases, over the demo's
 * onboarding records:
 *  - Prefill fills the form from the merchant's profile (name, SSM number, director and NRIC,
 *    primary bank account) and names the missing documents;
 *  - a merchant has one application; sending needs a VERIFIED merchant and the three documents;
 *    a stale version and another merchant's bank account are refused;
 *  - the sender cannot record RM's answer; approval needs RM's merchant id and creates the
 *    merchant's RM configuration once, even when two approvals race; a rejection needs a reason,
 *    and the rejected application is edited back into a draft and sent again;
 *  - each move writes one event (rm_application_events: action, statuses before and after, the
 *    acting user) that the application's answer lists, and each call one audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient, RmApplicationForm } from '@paydesk/contract';
import { seedDemoPayoutAccounts } from '../../src/modules/payout/demo-banking.ts';
import { seedDemoOnboarding } from '../../src/seed/demo-onboarding.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

type Application = { Id: number; Status: string; Version: number; AllowedActions: string[]; MissingDocuments: string[]; Reason: string | null; RmMerchantId: string | null };

describe.each(DATABASES)('Revenue Monster applications on %s', (kind) => {
  let s: TestServer;
  let maker: PortalClient;
  let checker: PortalClient;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  /** VERIFIED merchant HQs with a bank account, in id order. */
  let merchants: number[];

  const prefill = (c: PortalClient, id: number) => c.callPath('GET', `/api/portal/TPA/RmApplication/Prefill/${id}`) as Promise<{ Form: Partial<RmApplicationForm>; MissingDocuments: string[]; BankAccounts: { Id: number; AccountNo: string }[] }>;
  const call = (c: PortalClient, op: 'Save' | 'Submit' | 'Decide', body: object) => c.callPath('POST', `/api/portal/TPA/RmApplication/${op}`, body) as Promise<Application>;
  /** A complete form for merchant `id`: its prefill plus what the applicant adds. */
  const formOf = async (id: number): Promise<RmApplicationForm> => {
    const p = await prefill(maker, id);
    return { ...p.Form, CompanyType: p.Form.CompanyType ?? 'SDN_BHD', Postcode: p.Form.Postcode ?? '50450', BusinessCategory: p.Form.BusinessCategory ?? '5812', ExpectedMonthlyVolume: '250000.00', AverageTicket: '45.50', WalletProducts: ['TNG', 'DUITNOW_QR'] } as RmApplicationForm;
  };
  const fileDocuments = (orgId: number) =>
    q(
      `INSERT INTO org_documents (org_id, doc_type, file_name, mime_type, size_bytes, sha256, storage, storage_key)
       SELECT $1, t, t || '.pdf', 'application/pdf', 1024, repeat('0', 64), 'LOCAL', 'test/' || t FROM unnest(ARRAY['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT']) AS t`,
      [orgId],
    );

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 600 });
    await seedDemoPayoutAccounts(s.database, s.app.ctx.keys.fieldKey);
    await seedDemoOnboarding(s.database, s.app.ctx.keys.fieldKey, new Date());
    // A second platform administrator: the checker (same password as the demo's).
    await q(
      `WITH u AS (INSERT INTO users (email, nick_name, password_hash) SELECT 'checker@paydesk.my', 'Checker', password_hash FROM users WHERE email = 'admin@paydesk.my' RETURNING id)
       INSERT INTO memberships (user_id, org_id, group_id, is_default) SELECT u.id, NULL, g.id, true FROM u, user_groups g WHERE g.group_type = 'SUPERADMIN' AND g.is_default`,
    );
    maker = await s.signIn('admin@paydesk.my');
    checker = await s.signIn('checker@paydesk.my');
    merchants = (
      await q<{ id: number }>(
        `SELECT o.id FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND o.onboarding_status = 'VERIFIED' AND EXISTS (SELECT 1 FROM org_bank_accounts b WHERE b.org_id = o.id) ORDER BY o.id LIMIT 4`,
      )
    ).map((r) => Number(r.id));
    expect(merchants.length).toBe(4);
  }, 300_000);
  afterAll(async () => s?.close());

  it("prefills the form from the merchant's profile and names the missing documents", async () => {
    const id = merchants[0]!;
    const p = await prefill(maker, id);
    const [org] = await q<{ name: string; reg_no: string }>(`SELECT name, reg_no FROM organizations WHERE id = $1`, [id]);
    const [director] = await q<{ name: string; id_no: string }>(`SELECT name, id_no FROM org_persons WHERE org_id = $1 AND role IN ('DIRECTOR', 'DIRECTOR_SHAREHOLDER') ORDER BY id LIMIT 1`, [id]);
    const [primary] = await q<{ id: number; account_last4: string }>(`SELECT id, account_last4 FROM org_bank_accounts WHERE org_id = $1 AND is_primary`, [id]);
    expect(p.Form).toMatchObject({ CompanyName: org!.name, RegNo: org!.reg_no, DirectorName: director!.name, DirectorIdNo: director!.id_no, BankAccountId: Number(primary!.id) });
    expect(p.BankAccounts[0]!.AccountNo).toBe(`••••${primary!.account_last4}`);
    expect(p.MissingDocuments).toEqual(['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT']);
  });

  it('takes one application per merchant, sends it with the documents on file, and approves it once, by another user', async () => {
    const id = merchants[0]!;
    const draft = await call(maker, 'Save', { MerchantId: id, Form: await formOf(id) });
    expect(draft).toMatchObject({ Status: 'DRAFT', Version: 1, AllowedActions: ['SAVE', 'SUBMIT'] });
    expect((await errorOf(call(maker, 'Save', { MerchantId: id, Form: await formOf(id) }))).status).toBe(409);

    const missing = await errorOf(call(maker, 'Submit', { Id: draft.Id, Version: 1 }));
    expect([missing.status, missing.message]).toEqual([409, expect.stringContaining('SSM_CERTIFICATE, DIRECTOR_ID, BANK_STATEMENT')]);
    await fileDocuments(id);
    expect((await errorOf(call(maker, 'Submit', { Id: draft.Id, Version: 7 }))).status).toBe(409);
    const sent = await call(maker, 'Submit', { Id: draft.Id, Version: 1 });
    expect(sent).toMatchObject({ Status: 'SUBMITTED', AllowedActions: [] });

    const own = await errorOf(call(maker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'APPROVED', RmMerchantId: 'RM-1001' }));
    expect(own.status).toBe(403);
    const noId = await errorOf(call(checker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'APPROVED' }));
    expect([noId.status, noId.message]).toEqual([400, expect.stringContaining('RmMerchantId')]);

    // Two approvals at once: the row lock lets one through; the other finds it decided.
    const race = await Promise.allSettled([1, 2].map((n) => call(checker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'APPROVED', RmMerchantId: `RM-100${n}` })));
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const configs = await q<{ provider_merchant_id: string; service_mode: string; qr_mode: string; wallet_products: string[] }>(
      `SELECT provider_merchant_id, service_mode, qr_mode, wallet_products FROM tpa_merchant_configs WHERE provider = 'RM' AND org_id = $1`,
      [id],
    );
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ service_mode: 'ONLINE', qr_mode: 'GENERATE', wallet_products: ['TNG', 'DUITNOW_QR'] });
    const [audit] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'RmApplication' AND target_id = $1`, [String(sent.Id)]);
    expect(audit!.n).toBe(3);
  });

  it('needs a reason to reject, and sends a rejected application again as a draft', async () => {
    const id = merchants[1]!;
    await fileDocuments(id);
    const draft = await call(maker, 'Save', { MerchantId: id, Form: await formOf(id) });
    const sent = await call(maker, 'Submit', { Id: draft.Id, Version: draft.Version });
    const noReason = await errorOf(call(checker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'REJECTED' }));
    expect([noReason.status, noReason.message]).toEqual([400, expect.stringContaining('Reason')]);
    const rejected = await call(checker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'REJECTED', Reason: 'Director ID copy expired' });
    expect(rejected).toMatchObject({ Status: 'REJECTED', Reason: 'Director ID copy expired', RmMerchantId: null });
    const again = await call(maker, 'Save', { Id: rejected.Id, MerchantId: id, Version: rejected.Version, Form: await formOf(id) });
    expect(again).toMatchObject({ Status: 'DRAFT', Reason: null });
    expect((await call(maker, 'Submit', { Id: again.Id, Version: again.Version })).Status).toBe('SUBMITTED');
    const [config] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM tpa_merchant_configs WHERE org_id = $1`, [id]);
    expect(config!.n).toBe(0);
  });

  it("refuses another merchant's bank account and an unverified merchant", async () => {
    const [a, b] = [merchants[2]!, merchants[3]!];
    const [foreign] = await q<{ id: number }>(`SELECT id FROM org_bank_accounts WHERE org_id = $1 LIMIT 1`, [b]);
    const bad = await errorOf(call(maker, 'Save', { MerchantId: a, Form: { ...(await formOf(a)), BankAccountId: Number(foreign!.id) } }));
    expect([bad.status, bad.message]).toEqual([409, expect.stringContaining('BankAccountId')]);
    const draft = await call(maker, 'Save', { MerchantId: a, Form: await formOf(a) });
    await fileDocuments(a);
    await q(`UPDATE organizations SET onboarding_status = 'SUSPENDED' WHERE id = $1`, [a]);
    const suspended = await errorOf(call(maker, 'Submit', { Id: draft.Id, Version: draft.Version }));
    expect([suspended.status, suspended.message]).toEqual([409, expect.stringContaining('SUSPENDED')]);
  });

  it('lists applications by status and keyword', async () => {
    const list = (SearchData: object) => maker.callPath('POST', '/api/portal/TPA/RmApplication/Search', { PageIndex: 1, RowsPerPage: 50, SearchData }) as Promise<{ Items: { MerchantId: number; Status: string }[]; TotalRecords: number }>;
    const all = await list({});
    expect(all.TotalRecords).toBe(3);
    expect((await list({ Status: 'DRAFT' })).Items.map((i) => i.MerchantId)).toEqual([merchants[2]]);
    const [org] = await q<{ name: string }>(`SELECT name FROM organizations WHERE id = $1`, [merchants[1]]);
    expect((await list({ Keyword: org!.name.slice(0, 12) })).Items.map((i) => i.MerchantId)).toContain(merchants[1]);
  });

  // After the list's counts: this merchant's application is one more.
  it('logs every move with its actor, and each call writes one audit row', async () => {
    const [extra] = await q<{ id: number }>(
      `SELECT o.id FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND o.onboarding_status = 'VERIFIED' AND o.id <> ALL($1::int[])
         AND EXISTS (SELECT 1 FROM org_bank_accounts b WHERE b.org_id = o.id) AND NOT EXISTS (SELECT 1 FROM rm_applications a WHERE a.org_id = o.id) ORDER BY o.id LIMIT 1`,
      [merchants],
    );
    const id = Number(extra!.id);
    await fileDocuments(id);
    let lastAudit = Number((await q<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint AS n FROM audit_log`))[0]!.n);
    /** Runs one call and checks it wrote exactly one audit row, naming the application and the operation. */
    const audited = async (c: PortalClient, op: 'Save' | 'Submit' | 'Decide', body: object, action: string) => {
      const a = await call(c, op, body);
      const rows = await q<{ id: number; action: string; target_type: string; target_id: string }>(`SELECT id, action, target_type, target_id FROM audit_log WHERE id > $1 ORDER BY id`, [lastAudit]);
      expect(rows.map((r) => [r.action, r.target_type, r.target_id])).toEqual([[action, 'RmApplication', String(a.Id)]]);
      lastAudit = Number(rows[0]!.id);
      return a;
    };
    const draft = await audited(maker, 'Save', { MerchantId: id, Form: await formOf(id) }, 'SAVE');
    const sent = await audited(maker, 'Submit', { Id: draft.Id, Version: draft.Version }, 'SUBMIT');
    const rejected = await audited(checker, 'Decide', { Id: sent.Id, Version: sent.Version, Decision: 'REJECTED', Reason: 'Bank statement older than 3 months' }, 'DECIDE');
    const again = await audited(maker, 'Save', { Id: rejected.Id, MerchantId: id, Version: rejected.Version, Form: await formOf(id) }, 'SAVE');
    const resent = await audited(maker, 'Submit', { Id: again.Id, Version: again.Version }, 'SUBMIT');
    const approved = await audited(checker, 'Decide', { Id: resent.Id, Version: resent.Version, Decision: 'APPROVED', RmMerchantId: 'RM-2001', RmStoreId: 'ST-9' }, 'DECIDE');
    expect(approved).toMatchObject({ Status: 'APPROVED', Version: 6 });

    const log = [
      ['CREATE', null, 'DRAFT', 'admin@paydesk.my', ''],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 'admin@paydesk.my', ''],
      ['REJECT', 'SUBMITTED', 'REJECTED', 'checker@paydesk.my', 'Bank statement older than 3 months'],
      ['SAVE', 'REJECTED', 'DRAFT', 'admin@paydesk.my', ''],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 'admin@paydesk.my', ''],
      ['APPROVE', 'SUBMITTED', 'APPROVED', 'checker@paydesk.my', 'RM merchant RM-2001, store ST-9'],
    ];
    const shown = (await maker.callPath('GET', `/api/portal/TPA/RmApplication/${approved.Id}`)) as { Events: { Action: string; FromStatus: string | null; ToStatus: string; Actor: string | null; Summary: string; At: string }[] };
    expect(shown.Events.map((e) => [e.Action, e.FromStatus, e.ToStatus, e.Actor, e.Summary])).toEqual(log);
    // The table holds the same rows with the acting users' ids.
    const users = await q<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email IN ('admin@paydesk.my', 'checker@paydesk.my')`);
    const userId = new Map(users.map((u) => [u.email, Number(u.id)]));
    const rows = await q<{ action: string; from_status: string | null; to_status: string; actor_user_id: number }>(
      `SELECT action, from_status, to_status, actor_user_id FROM rm_application_events WHERE application_id = $1 ORDER BY id`,
      [approved.Id],
    );
    expect(rows.map((r) => [r.action, r.from_status, r.to_status, Number(r.actor_user_id)])).toEqual(log.map(([a, f, t, who]) => [a, f, t, userId.get(who!)]));
  });
});
