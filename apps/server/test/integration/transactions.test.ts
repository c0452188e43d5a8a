import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ROUTE_TABLE, ecommerceTransactions, reportApi, resolvePath, routes, type PortalClient } from '@paydesk/contract';
import { DATABASES, startTestServer, type TestServer, errorOf } from './harness.ts';
import { saleRowSql } from '../../src/summaries/sales.ts';

/** The e-commerce list's calls (the report engine's generated routes). */
const ecommerce = (c: PortalClient) => reportApi(c, ecommerceTransactions);

async function allRefs(c: PortalClient, SearchData: Record<string, unknown> = {}): Promise<string[]> {
  const refs: string[] = [];
  let Cursor: string | undefined;
  for (;;) {
    const page = await ecommerce(c).search({ RowsPerPage: 200, Cursor, SearchData });
    refs.push(...page.Items.map((i) => String(i.TxnRefNo)));
    if (!page.NextCursor) return refs;
    Cursor = page.NextCursor;
  }
}

describe.each(DATABASES)('live e-commerce transactions on %s', (kind) => {
  let s: TestServer;
  let merchant: PortalClient;
  let admin: PortalClient;
  let merchantOrgId: number;
  let foreign: { id: number; txn_ref_no: string; merchant_id: number };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 4000 });
    merchant = await s.signIn('merchant@paydesk.my');
    admin = await s.signIn('admin@paydesk.my');
    const p = await merchant.call('profile');
    merchantOrgId = p.Current.CompanyId!;
    foreign = (await s.database.query(
      `SELECT id::int AS id, txn_ref_no, merchant_id FROM transactions WHERE service_type = 1 AND merchant_id <> $1 ORDER BY id LIMIT 1`,
      [merchantOrgId],
    ))[0] as typeof foreign;
  });
  afterAll(async () => s.close());

  it('pages with a keyset cursor: pages do not overlap and add up to TotalRecords', async () => {
    const first = await ecommerce(admin).search({ RowsPerPage: 50 });
    expect(first.Items.length).toBe(50);
    expect(first.NextCursor).toBeTruthy();
    const second = await ecommerce(admin).search({ RowsPerPage: 50, Cursor: first.NextCursor! });
    const ids = new Set(first.Items.map((i) => i.Id));
    expect(second.Items.some((i) => ids.has(i.Id))).toBe(false);
    expect(String(first.Items[49]!.CreatedAt) >= String(second.Items[0]!.CreatedAt)).toBe(true);
    const [row] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE service_type = 1`);
    expect(first.TotalRecords).toBe(row!.n);
    // The list row has no ServiceType column (detail and export only): the ids say it.
    const types = await s.database.query<{ st: number }>(`SELECT DISTINCT service_type::int AS st FROM transactions WHERE id = ANY($1::bigint[])`, [first.Items.map((i) => i.Id)]);
    expect(types.map((t) => t.st)).toEqual([1]);
  });

  it('filters by status, payment method, card scheme, amount range and last 4 digits', async () => {
    const res = await ecommerce(admin).search({ RowsPerPage: 200, SearchData: { Status: ['SUCCESS'], AmountMin: '10.00', AmountMax: '500' } });
    expect(res.Items.length).toBeGreaterThan(0);
    expect(res.Items.every((i) => i.Status === 'SUCCESS' && Number(i.TxnAmount) >= 10 && Number(i.TxnAmount) <= 500)).toBe(true);
    const visa = await ecommerce(admin).search({ SearchData: { CardScheme: ['VISA'] } });
    expect(visa.Items.every((i) => i.CardScheme === 'VISA' && String(i.MaskedPAN).startsWith('4'))).toBe(true);
    const sample = visa.Items[0]!;
    const last4 = String(sample.MaskedPAN).slice(-4);
    const byLast4 = await ecommerce(admin).search({ RowsPerPage: 200, SearchData: { Last4: last4 } });
    expect(byLast4.Items.map((i) => i.Id)).toContain(sample.Id);
    expect(byLast4.Items.every((i) => String(i.MaskedPAN).endsWith(last4))).toBe(true);
  });

  it('sorts by amount on the server', async () => {
    const res = await ecommerce(admin).search({ RowsPerPage: 100, Sort: { Field: 'TxnAmount', Order: 'desc' } });
    const amounts = res.Items.map((i) => Number(i.TxnAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const next = await ecommerce(admin).search({ RowsPerPage: 100, Sort: { Field: 'TxnAmount', Order: 'desc' }, Cursor: res.NextCursor! });
    expect(Number(next.Items[0]!.TxnAmount)).toBeLessThanOrEqual(amounts[amounts.length - 1]!);
  });

  it('returns the detail with every §3 field and only masked card numbers', async () => {
    const list = await ecommerce(admin).search({ SearchData: { CardScheme: ['MASTER'] } });
    const d = await ecommerce(admin).get(list.Items[0]!.Id);
    for (const f of ['TxnAmount', 'PaymentMethod', 'CardScheme', 'MaskedPAN', 'AcquirerName', 'PaymentCreationDate', 'TxnRefNo', 'CustName', 'CustPhoneNo', 'CustEmail', 'CustRef', 'CustAddress1', 'CustAddress2', 'CustState', 'CustCity', 'CustCountry']) {
      expect(d).toHaveProperty(f);
    }
    expect(d.MaskedPAN).toMatch(/^\d{6}\*+\d{4}$/);
    const stored = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE masked_pan ~ '\\d{11,}'`);
    expect(stored[0]!.n).toBe(0);
  });

  it('keeps a MERCHANT_HQ user inside its own merchant: by list, by id and by export', async () => {
    const refs = await allRefs(merchant);
    expect(refs.length).toBeGreaterThan(0);
    const own = await s.database.query<{ txn_ref_no: string }>(`SELECT txn_ref_no FROM transactions WHERE service_type = 1 AND merchant_id = $1`, [merchantOrgId]);
    expect(new Set(refs)).toEqual(new Set(own.map((r) => r.txn_ref_no)));
    expect(refs).not.toContain(foreign.txn_ref_no);

    const byRef = await ecommerce(merchant).search({ SearchData: { TxnRefNo: foreign.txn_ref_no } });
    expect(byRef.TotalRecords).toBe(0);
    const byMerchantFilter = await ecommerce(merchant).search({ SearchData: { MerchantId: foreign.merchant_id } });
    expect(byMerchantFilter.TotalRecords).toBe(0);
    const byId = await errorOf(ecommerce(merchant).get(foreign.id));
    expect(byId.errorCode).toBe('NF404');
    expect((await ecommerce(admin).get(foreign.id)).TxnRefNo).toBe(foreign.txn_ref_no);

    const csv = await (await ecommerce(merchant).export({ Format: 'csv' })).text();
    expect(csv).not.toContain(foreign.txn_ref_no);
    const lines = csv.trim().split('\n');
    expect(lines.length - 1).toBe(refs.length);
  });

  it('exports XLSX whose row count matches the list total, with a content-disposition filename', async () => {
    const SearchData = { Status: ['SUCCESS' as const] };
    const total = (await ecommerce(admin).search({ SearchData })).TotalRecords;
    const res = await ecommerce(admin).export({ SearchData, Format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?ecommerce-transactions-\d{8}-\d{6}\.xlsx"?(;|$)/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe(total);
  });

  it('answers bad input with a 4xx naming the field, never a 5xx', async () => {
    const cases: [string, unknown][] = [
      ['SearchData.Last4', { SearchData: { Last4: '12a4' } }],
      ['SearchData.AmountMin', { SearchData: { AmountMin: 'abc' } }],
      ['RowsPerPage', { RowsPerPage: 100000 }],
      ['Cursor', { Cursor: 'garbage' }],
      ['SearchData.Status', { SearchData: { Status: ['NOPE'] } }],
    ];
    for (const [field, body] of cases) {
      const e = await errorOf(ecommerce(admin).search(body as never));
      expect(e.status, field).toBe(400);
      expect(e.message, field).toContain(field);
    }
    const badId = await errorOf(ecommerce(admin).get('abc'));
    expect(badId.status).toBe(400);
    expect(badId.message).toContain('Id');
    const unknown = await fetch(`${s.url}/api/portal/Nope`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { ErrorCode: string }).ErrorCode).toBe('NF404');
  });

  it('scopes the dashboard: figures from the summary, a merchant sees only its own', async () => {
    const all = await admin.call('dashboard', { body: { Currency: 'MYR' } });
    const mine = await merchant.call('dashboard', { body: { Currency: 'MYR' } });
    expect(all.Today.Count).toBeGreaterThan(0);
    expect(Number(all.MonthToDate.Amount)).toBeGreaterThanOrEqual(Number(mine.MonthToDate.Amount));
    // At most the platform's: minutes into a month the demo HQ's sales of today may be all there is
    // (00:05 MYT on 1 June: 2 and 2). Its own and no other's is the raw count below.
    expect(mine.MonthToDate.Count).toBeLessThanOrEqual(all.MonthToDate.Count);
    const [raw] = await s.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transactions WHERE merchant_id = $1 AND currency = 'MYR' AND status = 'SUCCESS' AND ${saleRowSql()}
         AND (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date >= date_trunc('month', now() AT TIME ZONE 'Asia/Kuala_Lumpur')::date`,
      [merchantOrgId],
    );
    expect(mine.MonthToDate.Count).toBe(raw!.n);
    expect(mine.Latest.every((l) => l.Currency === 'MYR')).toBe(true);
  });

  it('refuses every permission-checked endpoint to a caller without the permission', async () => {
    const [group] = await s.database.query<{ id: number }>(`INSERT INTO user_groups (name, group_type) VALUES ('Nothing', 'MERCHANT_HQ') RETURNING id`);
    const [user] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'branch@paydesk.my'`);
    await s.database.query(`UPDATE memberships SET is_default = false WHERE user_id = $1`, [user!.id]);
    await s.database.query(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, true)`, [user!.id, merchantOrgId, group!.id]);
    const c = await s.signIn('branch@paydesk.my');
    expect((await c.call('profile')).Permissions).toEqual([]);
    const guarded = Object.entries(routes).filter(([, d]) => d.auth && d.permission);
    expect(guarded.length).toBeGreaterThanOrEqual(4);
    for (const [name, d] of guarded) {
      const e = await errorOf(c.call(name as never, { body: ('upload' in d && d.upload ? new FormData() : {}) as never, params: { Id: 1 } }));
      expect(e.errorCode, `${d.method} ${d.path}`).toBe('PERM403');
      expect(e.status).toBe(403);
    }
    // The report engine's routes check their permission the same way.
    const reports = Object.values(ROUTE_TABLE).filter((d) => 'report' in d);
    expect(reports.length).toBeGreaterThanOrEqual(4);
    for (const d of reports) {
      const e = await errorOf(c.callPath(d.method, resolvePath(d.path, { Id: 1 }), d.method === 'GET' ? undefined : {}));
      expect(e.errorCode, `${d.method} ${d.path}`).toBe('PERM403');
    }
  });
});
