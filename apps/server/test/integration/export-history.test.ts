/**
 * The export history (issue 29 Build item 8: route `exportHistory`, modules/export-history, runs
 * written by platform/export-run.ts, kept by platform/export-retention.ts) on both databases.
 *
 * Real exports by two users — a list report with filters and a sort, a resource list, a summary
 * report, one refused over the row cap (FAILED, EXP422) and one refused as busy (EXP429, no run) —
 * then each user's history is exactly their own, newest first, with the screen, file name,
 * filters and sort as sent, rows, status and the failed run's code; paging, the status filter and
 * a run recorded before the history; the retention rule applied when a user's next export is
 * reserved. Generated (fast-check): any sequence of exports by several users, each completing,
 * failing or refused, leaves each user's history exactly their runs, newest first; and pruning
 * keeps exactly the runs of the last `keepDays` days or the `keepLast` newest, of that user only.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecommerceTransactions, ecommerceSales, reportApi, summaryApi, type ExportQuery, type ExportRunItem, type ExportScreen, type PortalClient } from '@paydesk/contract';
import { exportHistoryPage } from '../../src/modules/export-history/export-history.ts';
import { AppError, installErrorHandlers } from '../../src/platform/errors.ts';
import { EXPORT_RETENTION, pruneExportRuns } from '../../src/platform/export-retention.ts';
import { sendExport, type ExportJob } from '../../src/platform/export-run.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const DAY = 86_400_000;

/** What a test compares of a run: everything but its id and times. */
const shape = (r: ExportRunItem) => ({ Screen: r.Screen, FileName: r.FileName, Format: r.Format, Status: r.Status, Rows: r.Rows, ErrorCode: r.ErrorCode, SearchData: r.SearchData, Sort: r.Sort, Period: r.Period, GroupBy: r.GroupBy });

/** The file name a download's content-disposition names. */
const fileNameOf = (res: Response) => /filename="?([^";]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];

describe.each(DATABASES)('export history on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let adminId: number;
  let merchantId: number;

  const history = async (c: PortalClient, body: { PageIndex?: number; RowsPerPage?: number; SearchData?: { Status?: ExportRunItem['Status'] } } = {}) => c.call('exportHistory', { body: { RowsPerPage: 100, ...body } });
  const settle = (userId: number) => expect.poll(async () => (await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM export_runs WHERE user_id = $1 AND status = 'RUNNING'`, [userId]))[0]!.n).toBe(0);
  const setSetting = async (key: string, value: string) => {
    const { Items } = await admin.callPath<{ Items: { Id: number; Version: number; SettingKey: string }[] }>('POST', '/api/portal/SystemSetting/Search', { RowsPerPage: 50, SearchData: { SettingKey: key } });
    const row = Items.find((x) => x.SettingKey === key)!;
    await admin.callPath('PUT', '/api/portal/SystemSetting/Update', { Id: row.Id, Version: row.Version, SettingValue: value });
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 200 });
    [admin, merchant] = await Promise.all([s.signIn('admin@paydesk.my'), s.signIn('merchant@paydesk.my')]);
    // The merchant's refused export needs e-commerce payments of its own, whatever the seed gave it:
    // three of the seed's, copied under its merchant HQ with new ids and references.
    await s.database.query(`CREATE TEMP TABLE own_copy AS SELECT * FROM transactions WHERE service_type = 1 ORDER BY id LIMIT 3`);
    await s.database.query(
      `UPDATE own_copy SET id = nextval('transactions_id_seq'), txn_ref_no = 'OWN' || nextval('transactions_id_seq')::text,
         master_merchant_id = o.mm, agency_id = o.ag, agent_id = o.agt, merchant_id = o.id, branch_id = NULL
       FROM (SELECT m.org_id AS id, h.master_merchant_id AS mm, h.agency_id AS ag, h.agent_id AS agt
               FROM memberships m JOIN users u ON u.id = m.user_id JOIN transactions h ON h.merchant_id = m.org_id
              WHERE u.email = 'merchant@paydesk.my' LIMIT 1) AS o`,
    );
    await s.database.query(`INSERT INTO transactions SELECT * FROM own_copy`);
    await s.database.query(`DROP TABLE own_copy`);
    const ids = await s.database.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email IN ('admin@paydesk.my', 'merchant@paydesk.my')`);
    adminId = Number(ids.find((u) => u.email === 'admin@paydesk.my')!.id);
    merchantId = Number(ids.find((u) => u.email === 'merchant@paydesk.my')!.id);
  }, 120_000);
  afterAll(async () => s?.close());

  it('shows each user exactly their own exports, newest first: screen, file, filters and sort as sent, rows, status, a refused one with its code', async () => {
    // The admin: a list report (filters, a sort), a resource list (XLSX), a summary report.
    const txnQuery = { SearchData: { Status: ['SUCCESS'], PaymentMethod: ['CC', 'FPX_B2C'] }, Sort: { Field: 'TxnAmount', Order: 'asc' as const } };
    const txn = await reportApi(admin, ecommerceTransactions).export({ ...txnQuery, Format: 'csv' });
    expect(txn.status).toBe(200);
    const txnRows = (await txn.text()).trim().split('\n').length - 1;
    s.advance(1000);
    const bank = await admin.sendTo({ method: 'POST', encrypted: true }, '/api/portal/Bank/Export', { body: { SearchData: { BankName: 'Bank' }, Sort: { Field: 'BankName', Order: 'desc' }, Format: 'xlsx' } });
    expect(bank.status).toBe(200);
    await bank.arrayBuffer();
    const banks = await admin.callPath<{ TotalRecords: number }>('POST', '/api/portal/Bank/Search', { SearchData: { BankName: 'Bank' } });
    s.advance(1000);
    const now = s.now().getTime();
    const salesData = { DateFrom: new Date(now - 40 * DAY).toISOString(), DateTo: new Date(now).toISOString() };
    const sales = await summaryApi(admin, ecommerceSales).export({ SearchData: salesData, Period: 'month', GroupBy: 'PaymentMethod', Format: 'csv' });
    expect(sales.status).toBe(200);
    const salesRows = (await sales.text()).trim().split('\n').length - 1;
    s.advance(1000);

    // The merchant: a list report, then one over the row cap (FAILED, EXP422), then one refused as busy (no run).
    const mine = await reportApi(merchant, ecommerceTransactions).export({ SearchData: { Last4: '1111' }, Format: 'csv' });
    expect(mine.status).toBe(200);
    const mineRows = (await mine.text()).trim().split('\n').length - 1;
    s.advance(1000);
    // More than one row, so a cap of 1 refuses it.
    expect((await reportApi(merchant, ecommerceTransactions).search({ SearchData: { Status: ['SUCCESS', 'FAILED'] } })).TotalRecords).toBeGreaterThan(1);
    await setSetting('EXPORT_MAX_ROWS', '1');
    try {
      const refused = await reportApi(merchant, ecommerceTransactions).export({ SearchData: { Status: ['SUCCESS', 'FAILED'] }, Format: 'xlsx' });
      expect(refused.status).toBe(422);
    } finally {
      await setSetting('EXPORT_MAX_ROWS', '1000000');
    }
    s.advance(1000);
    const held = [randomUUID(), randomUUID()];
    for (const id of held) await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, started_at) VALUES ($1, $2, 'transaction', 'csv', 'RUNNING', $3)`, [id, merchantId, s.now()]);
    expect((await reportApi(merchant, ecommerceTransactions).export({ Format: 'csv' })).status).toBe(429);
    await s.database.query(`DELETE FROM export_runs WHERE id = ANY($1::text[])`, [held]);
    await Promise.all([settle(adminId), settle(merchantId)]);

    const ofAdmin = await history(admin);
    expect(ofAdmin.Items.map(shape)).toEqual([
      { Screen: { Kind: 'summary', Name: 'SalesEcommerce', Path: '/sales-report/ecommerce' }, FileName: fileNameOf(sales), Format: 'csv', Status: 'COMPLETED', Rows: salesRows, ErrorCode: null, SearchData: salesData, Sort: null, Period: 'month', GroupBy: 'PaymentMethod' },
      { Screen: { Kind: 'resource', Name: 'Bank', Path: '/bank-config' }, FileName: fileNameOf(bank), Format: 'xlsx', Status: 'COMPLETED', Rows: banks.TotalRecords, ErrorCode: null, SearchData: { BankName: 'Bank' }, Sort: { Field: 'BankName', Order: 'desc' }, Period: null, GroupBy: null },
      { Screen: { Kind: 'report', Name: 'TransactionEcommerce', Path: '/transaction/ecommerce' }, FileName: fileNameOf(txn), Format: 'csv', Status: 'COMPLETED', Rows: txnRows, ErrorCode: null, ...txnQuery, Period: null, GroupBy: null },
    ]);
    expect(ofAdmin.TotalRecords).toBe(3);
    for (const r of ofAdmin.Items) {
      expect(r.Target).not.toBe('');
      expect(r.EndedAt).not.toBeNull();
      expect(r.DurationMs).toBe(Date.parse(r.EndedAt!) - Date.parse(r.StartedAt));
    }
    expect(ofAdmin.Items.map((r) => r.FileName)).toEqual([expect.stringMatching(/^sales-report-ecommerce-\d{8}-\d{6}\.csv$/), expect.stringMatching(/^Bank-\d{8}-\d{6}\.xlsx$/), expect.stringMatching(/\.csv$/)]);

    const ofMerchant = await history(merchant);
    expect(ofMerchant.Items.map(shape)).toEqual([
      { Screen: { Kind: 'report', Name: 'TransactionEcommerce', Path: '/transaction/ecommerce' }, FileName: expect.stringMatching(/\.xlsx$/), Format: 'xlsx', Status: 'FAILED', Rows: null, ErrorCode: 'EXP422', SearchData: { Status: ['SUCCESS', 'FAILED'] }, Sort: { Field: 'CreatedAt', Order: 'desc' }, Period: null, GroupBy: null },
      { Screen: { Kind: 'report', Name: 'TransactionEcommerce', Path: '/transaction/ecommerce' }, FileName: fileNameOf(mine), Format: 'csv', Status: 'COMPLETED', Rows: mineRows, ErrorCode: null, SearchData: { Last4: '1111' }, Sort: { Field: 'CreatedAt', Order: 'desc' }, Period: null, GroupBy: null },
    ]);
    // Exactly the runs each user made (the database's own view), none of the other's.
    for (const [c, id] of [[admin, adminId], [merchant, merchantId]] as const) {
      const stored = await s.database.query<{ id: string }>(`SELECT id FROM export_runs WHERE user_id = $1 ORDER BY started_at DESC, id DESC`, [id]);
      expect((await history(c)).Items.map((r) => r.Id)).toEqual(stored.map((r) => r.id));
    }
    expect(ofAdmin.Items.some((r) => ofMerchant.Items.some((m) => m.Id === r.Id))).toBe(false);
  });

  it('pages newest first, filters by status, answers a run from before the history without a screen, and refuses a bad request naming the field', async () => {
    const all = (await history(admin)).Items;
    const page2 = await history(admin, { PageIndex: 2, RowsPerPage: 1 });
    expect([page2.TotalRecords, page2.PageIndex, page2.RowsPerPage, page2.Items.map((r) => r.Id)]).toEqual([all.length, 2, 1, [all[1]!.Id]]);
    const oldest = await admin.call('exportHistory', { body: { RowsPerPage: 100, Sort: { Field: 'StartedAt', Order: 'asc' } } });
    expect(oldest.Items.map((r) => r.Id)).toEqual(all.map((r) => r.Id).reverse());
    expect((await history(merchant, { SearchData: { Status: 'FAILED' } })).Items.map((r) => r.ErrorCode)).toEqual(['EXP422']);

    const legacy = randomUUID();
    await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, rows, started_at, ended_at) VALUES ($1, $2, 'transaction', 'csv', 'COMPLETED', 4, $3, $3)`, [legacy, merchantId, s.now()]);
    const [first] = (await history(merchant)).Items;
    expect(first).toMatchObject({ Id: legacy, Screen: null, Target: 'transaction', FileName: null, SearchData: null, Sort: null, Rows: 4, DurationMs: 0 });

    for (const body of [{ SearchData: { Status: 'DONE' } }, { SearchData: { UserId: adminId } }, { Sort: { Field: 'Rows', Order: 'desc' } }, { RowsPerPage: 0 }]) {
      const e = await errorOf(merchant.call('exportHistory', { body: body as never }));
      expect([e.status, e.errorCode]).toEqual([400, 'VAL400']);
    }
  });

  it("keeps a user's runs of the last 90 days or their 200 newest, whichever is more, when the next export is reserved; other users' untouched", async () => {
    const start = s.now().getTime();
    // 250 runs 100 to 101 days old, 3 of 10 days: 3 young + the earlier ones + the new one are kept, then the newest old up to 200.
    for (let i = 0; i < 250; i += 50) {
      const batch = Array.from({ length: 50 }, (_, k) => [randomUUID(), new Date(start - 101 * DAY + (i + k) * 60_000)] as const);
      await s.database.query(
        `INSERT INTO export_runs (id, user_id, target, format, status, started_at) SELECT x.id, $2, 'transaction', 'csv', 'COMPLETED', x.at FROM unnest($1::text[], $3::timestamptz[]) AS x(id, at)`,
        [batch.map(([id]) => id), adminId, batch.map(([, at]) => at)],
      );
    }
    for (let i = 0; i < 3; i++) await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, started_at) VALUES ($1, $2, 'transaction', 'csv', 'COMPLETED', $3)`, [randomUUID(), adminId, new Date(start - 10 * DAY + i)]);
    const merchantBefore = (await history(merchant)).TotalRecords;
    const before = await s.database.query<{ id: string; started_at: Date }>(`SELECT id, started_at FROM export_runs WHERE user_id = $1 ORDER BY started_at DESC, id DESC`, [adminId]);

    const res = await reportApi(admin, ecommerceTransactions).export({ Format: 'csv' });
    expect(res.status).toBe(200);
    await res.text();
    await settle(adminId);

    const cutoff = s.now().getTime() - EXPORT_RETENTION.keepDays * DAY;
    const young = before.filter((r) => new Date(r.started_at).getTime() >= cutoff);
    const kept = before.filter((r, i) => i < EXPORT_RETENTION.keepLast - 1 || new Date(r.started_at).getTime() >= cutoff);
    expect(young.length).toBeGreaterThan(3);
    const after = (await history(admin, { RowsPerPage: 999 })).Items;
    expect(after.length).toBe(EXPORT_RETENTION.keepLast);
    expect(after.slice(1).map((r) => r.Id)).toEqual(kept.map((r) => r.id));
    expect((await history(merchant)).TotalRecords).toBe(merchantBefore);
  });

  describe('generated', () => {
    /** A small app running `sendExport` as user `x-user` over the same database and clock, with the job the property chose. */
    let small: FastifyInstance;
    let smallUrl: string;
    let nextJob: () => ExportJob;

    beforeAll(async () => {
      small = Fastify({ forceCloseConnections: true });
      small.decorate('ctx', s.app.ctx);
      installErrorHandlers(small);
      small.addHook('preHandler', async (req) => {
        const userId = Number(req.headers['x-user']);
        const scope: Scope = { userId, email: `user${userId}@test`, sessionId: 'test', membershipId: 1, groupType: 'SUPERADMIN', orgId: null, orgLevel: null, orgPath: null, permissions: new Set() };
        req.scope = scope;
      });
      small.post('/export', async (req, reply) => sendExport(small, req, reply, nextJob()));
      await small.listen({ port: 0, host: '127.0.0.1' });
      const address = small.server.address();
      smallUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => small?.close());

    const SCREENS: ExportScreen[] = [
      { kind: 'report', name: 'TransactionEcommerce', path: '/transaction/ecommerce' },
      { kind: 'summary', name: 'SalesMerchant', path: '/merchant-sales-report' },
      { kind: 'resource', name: 'Bank', path: '/bank-config' },
    ];
    // Values as the contracts let through (the input guard refuses NUL and lone surrogates before any schema).
    const value = fc.oneof(fc.stringMatching(/^[A-Za-z0-9 .@_-]{0,12}$/), fc.integer({ min: 1, max: 99_999 }), fc.array(fc.constantFrom('SUCCESS', 'FAILED', 'CC', 'FPX_B2C'), { maxLength: 3 }));
    const query: fc.Arbitrary<ExportQuery> = fc.record(
      { SearchData: fc.dictionary(fc.stringMatching(/^[A-Z][A-Za-z]{0,9}$/), value, { maxKeys: 3 }), Sort: fc.record({ Field: fc.constantFrom('CreatedAt', 'TxnAmount'), Order: fc.constantFrom('asc' as const, 'desc' as const) }) },
      { requiredKeys: ['SearchData'] },
    );
    /** How a run ends: a file of n rows, refused over the cap, failed with a coded or an uncoded error. */
    const outcome = fc.oneof(fc.record({ kind: fc.constant('rows' as const), n: fc.nat(4) }), fc.constant({ kind: 'tooLarge' as const }), fc.constant({ kind: 'coded' as const }), fc.constant({ kind: 'uncoded' as const }));
    interface Action {
      user: number;
      screen: ExportScreen;
      query: ExportQuery;
      format: 'csv' | 'xlsx';
      outcome: { kind: 'rows'; n: number } | { kind: 'tooLarge' | 'coded' | 'uncoded' };
    }
    const action: fc.Arbitrary<Action> = fc.record({ user: fc.nat(2), screen: fc.constantFrom(...SCREENS), query, format: fc.constantFrom('csv' as const, 'xlsx' as const), outcome });

    const jobOf = (a: Action): ExportJob => ({
      target: a.screen.name,
      format: a.format,
      filename: `${a.screen.name}-${randomUUID()}.${a.format}`,
      screen: a.screen,
      query: a.query,
      countUpTo: async (limit) => {
        const o = a.outcome;
        if (o.kind === 'rows') return o.n;
        if (o.kind === 'tooLarge') return limit;
        if (o.kind === 'coded') throw new AppError(400, 'VAL400', 'SearchData.X: not a filter of this list');
        throw new Error('the count failed');
      },
      open: ({ onDone }) => {
        const n = a.outcome.kind === 'rows' ? a.outcome.n : 0;
        return { contentType: 'text/csv', stream: Readable.from((async function* () { yield 'Id\n'; for (let i = 1; i <= n; i++) yield `${i}\n`; onDone(n); })()) };
      },
    });
    const expected = (a: Action, filename: string) => ({
      Screen: { Kind: a.screen.kind, Name: a.screen.name, Path: a.screen.path },
      FileName: filename,
      Format: a.format,
      Status: a.outcome.kind === 'rows' ? 'COMPLETED' : 'FAILED',
      Rows: a.outcome.kind === 'rows' ? a.outcome.n : null,
      ErrorCode: { rows: null, tooLarge: 'EXP422', coded: 'VAL400', uncoded: 'SRV500' }[a.outcome.kind],
      SearchData: a.query.SearchData,
      Sort: a.query.Sort ?? null,
      Period: null,
      GroupBy: null,
    });

    let run = 0;
    it('any sequence of exports by several users leaves each user exactly their own runs, newest first, as recorded', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 7 }), async (actions) => {
          // Users of their own for each case, so cases do not see each other's runs.
          const users = [0, 1, 2].map((i) => 800_000 + run * 3 + i);
          run++;
          const made: { user: number; expect: ReturnType<typeof expected> }[] = [];
          for (const a of actions) {
            const job = jobOf(a);
            nextJob = () => job;
            const res = await fetch(`${smallUrl}/export`, { method: 'POST', headers: { 'x-user': String(users[a.user]) } });
            await res.arrayBuffer();
            expect(res.status).toBe(a.outcome.kind === 'rows' ? 200 : a.outcome.kind === 'tooLarge' ? 422 : a.outcome.kind === 'coded' ? 400 : 500);
            made.push({ user: users[a.user]!, expect: expected(a, job.filename) });
            await settle(users[a.user]!);
            // Each run starts a second after the one before: "newest first" has one answer.
            s.advance(1000);
          }
          for (const user of users) {
            const page = await exportHistoryPage(s.database.query, user, { PageIndex: 1, RowsPerPage: 999, SearchData: {} });
            const mine = made.filter((m) => m.user === user).map((m) => m.expect).reverse();
            expect(page.TotalRecords).toBe(mine.length);
            expect(page.Items.map(shape)).toEqual(mine);
          }
        }),
        { numRuns: 12 },
      );
    }, 240_000);

    it('pruning keeps exactly the runs younger than keepDays or among the keepLast newest, of that user only', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 20 * 24 }), { maxLength: 15 }),
          fc.record({ keepDays: fc.integer({ min: 1, max: 15 }), keepLast: fc.nat(8) }),
          async (agesInHours, rule) => {
            const user = 900_000 + run++;
            const now = s.now();
            const runs = agesInHours.map((h, i) => ({ id: `r-${String(i).padStart(3, '0')}`, at: now.getTime() - h * 3_600_000 }));
            for (const r of runs) await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, started_at) VALUES ($1, $2, 't', 'csv', 'COMPLETED', $3)`, [`${user}-${r.id}`, user, new Date(r.at)]);
            const other = `${user}-other`;
            await s.database.query(`INSERT INTO export_runs (id, user_id, target, format, status, started_at) VALUES ($1, $2, 't', 'csv', 'COMPLETED', $3)`, [other, user + 1_000_000, new Date(now.getTime() - 400 * DAY)]);

            const deleted = await pruneExportRuns(s.database.query, user, now, rule);
            const newest = [...runs].sort((a, b) => b.at - a.at || (b.id < a.id ? -1 : 1));
            const kept = newest.filter((r, i) => i < rule.keepLast || r.at >= now.getTime() - rule.keepDays * DAY).map((r) => `${user}-${r.id}`);
            const left = await s.database.query<{ id: string }>(`SELECT id FROM export_runs WHERE user_id = $1 ORDER BY started_at DESC, id DESC`, [user]);
            expect(left.map((r) => r.id)).toEqual(kept);
            expect(deleted).toBe(runs.length - kept.length);
            expect(await s.database.query(`SELECT 1 FROM export_runs WHERE id = $1`, [other])).toHaveLength(1);
          },
        ),
        { numRuns: 40 },
      );
    });
  });
});
