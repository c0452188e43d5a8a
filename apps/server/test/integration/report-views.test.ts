/**
 * Every declared list report, generically from its declaration: for SUPERADMIN,
 * a master merchant, a merchant HQ and a branch, the rows walked page by page are exactly the
 * rows of the report's source and `where` inside the caller's subtree, in its default order (a
 * plain SQL oracle over the org paths); each of the report's enum filters, with a random choice of its values, keeps exactly
 * the matching rows; a detail carries every detail column; the CSV export holds the list's rows
 * under the translated headers, and every cell of the CSV and XLSX exports, read back, is typed
 * by its column (export-cell-check.ts: §9 days and times, real Excel dates, exact amounts, enum
 * labels, names not ids). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { LIST_REPORTS, REPORT_LABELS, columnIn, reportApi, type ListReportDef, type PortalClient, type ReportRow } from '@paydesk/contract';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { csvCellProblem, xlsxCellProblem } from '../export-cell-check.ts';
import { seedDemoSettlementFiles } from '../../src/modules/settlement/demo-files.ts';
import { buildDuePayouts } from '../../src/modules/payout/jobs.ts';
import { LOG_LEVEL_CODES, LOG_SOURCES } from '@paydesk/domain';
import { logStoreOf } from '../../src/platform/log-store.ts';

/**
 * The log screens' rows keep arriving while the suite runs (its own requests, the jobs): each is
 * read over a fixed past hour holding entries made for it (beforeAll), three days back.
 */
const LOG_WINDOW_START = new Date(Date.now() - 3 * 86_400_000);
const LOG_WINDOW = { DateFrom: LOG_WINDOW_START.toISOString(), DateTo: new Date(LOG_WINDOW_START.getTime() + 3_600_000).toISOString() };
const isLog = (def: ListReportDef) => def.source === 'log_entries';
/** The SearchData every read of `def` starts from: the log window for a log screen, nothing else. */
const baseSearch = (def: ListReportDef): Record<string, unknown> => (isLog(def) ? LOG_WINDOW : {});

const EMAILS = ['admin@paydesk.my', 'mm@paydesk.my', 'merchant@paydesk.my', 'branch@paydesk.my'];

async function walk(c: PortalClient, def: ListReportDef, SearchData: Record<string, unknown> = {}, Sort?: { Field: string; Order: 'asc' | 'desc' }, RowsPerPage = 200): Promise<ReportRow[]> {
  const api = reportApi(c, def);
  const rows: ReportRow[] = [];
  let Cursor: string | undefined;
  for (let i = 0; i < 500; i++) {
    const page = await api.search({ RowsPerPage, SearchData: { ...baseSearch(def), ...SearchData }, ...(Sort ? { Sort } : {}), ...(Cursor ? { Cursor } : {}) } as never);
    rows.push(...page.Items);
    if (!page.NextCursor) return rows;
    Cursor = page.NextCursor;
  }
  throw new Error('more than 500 pages');
}

/** A declared value as an SQL literal (from the declaration, never from input). */
const literal = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);

/** The report's fixed `where` as SQL over `t` (one value or a list of them per column). */
const whereSql = (def: ListReportDef) =>
  Object.entries(def.where)
    .map(([col, v]) => (Array.isArray(v) ? `t.${col} IN (${v.map(literal).join(', ')})` : `t.${col} = ${literal(v as string | number)}`))
    .concat(isLog(def) ? [`t.at BETWEEN '${LOG_WINDOW.DateFrom}' AND '${LOG_WINDOW.DateTo}'`] : ['true'])
    .join(' AND ');

/** The report's default order as SQL over `t`: its default sort column, then the id, in the default direction. */
const orderSql = (def: ListReportDef) => {
  const column = def.columns.find((c) => c.key === def.defaultSort.key)!.source;
  const dir = def.defaultSort.order === 'desc' ? 'DESC' : 'ASC';
  return `t.${column} ${dir}, t.id ${dir}`;
};

describe.each(DATABASES)('every list report on %s', (kind) => {
  let s: TestServer;
  let filesDir: string | undefined;
  const users: Record<string, { client: PortalClient; orgId: number | null; permissions: Set<string> }> = {};

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2500 });
    // Reconciliation items for the settlement reports: the demo files, matched as at first start.
    filesDir = await mkdtemp(join(tmpdir(), 'pd-views-'));
    await seedDemoSettlementFiles(s.database, filesDir, s.app.ctx.keys.fieldKey, new Date());
    // Payouts of the last business days, built as the daily job does (the payout reports).
    await buildDuePayouts(s.database, new Date());
    // Entries of every log source inside the log window: the platform's and, on half, a transaction's owners.
    const owners = await s.database.query<{ master_merchant_id: number; agency_id: number; agent_id: number; merchant_id: number; branch_id: number | null }>(
      `SELECT master_merchant_id, agency_id, agent_id, merchant_id, branch_id FROM transactions ORDER BY id LIMIT 40`,
    );
    const store = logStoreOf(s.app.ctx);
    LOG_SOURCES.forEach((source, si) => {
      for (let i = 0; i < 24; i++) {
        const o = i % 2 ? owners[(si * 7 + i) % owners.length] : undefined;
        store.write({
          at: new Date(LOG_WINDOW_START.getTime() + 60_000 + ((si * 24 + i) * 137_000) % 3_400_000),
          source, level: LOG_LEVEL_CODES[i % LOG_LEVEL_CODES.length]!, message: `${source} entry ${i}`, requestId: `req-${si}-${i}-abcdef`,
          operation: 'test', outcome: 'OK', durationMs: i * 3, tid: '60000001', mid: '000001234567', txnRefNo: `TXN${si}${i}`,
          owner: o ? { masterMerchantId: o.master_merchant_id, agencyId: o.agency_id, agentId: o.agent_id, merchantId: o.merchant_id, branchId: o.branch_id } : null,
        });
      }
    });
    await store.flush();
    for (const email of EMAILS) {
      const client = await s.signIn(email);
      const profile = await client.call('profile');
      users[email] = { client, orgId: profile.Current.CompanyId, permissions: new Set(profile.Permissions) };
    }
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** The ids a caller should see in a report: its `where`, inside the caller's subtree (by org path). */
  async function expectedIds(def: ListReportDef, orgId: number | null): Promise<number[]> {
    const scoped = orgId === null
      ? ''
      : `AND EXISTS (SELECT 1 FROM organizations o, organizations me WHERE me.id = ${orgId}
           AND o.id = coalesce(t.branch_id, t.merchant_id) AND o.path LIKE me.path || '%')`;
    // The report's source table (transactions, terminal_settlement_batches …): each carries the same owner columns.
    const rows = await s.database.query<{ id: number }>(`SELECT t.id::int AS id FROM ${def.source} t WHERE ${whereSql(def)} ${scoped} ORDER BY ${orderSql(def)}`);
    return rows.map((r) => Number(r.id));
  }

  it.each(LIST_REPORTS.map((d) => [d.name, d] as const))('%s: each caller reads exactly its rows of the report, in its default order', async (_name, def) => {
    let seen = 0;
    for (const email of EMAILS) {
      const u = users[email]!;
      if (!u.permissions.has(def.permission)) continue;
      const rows = await walk(u.client, def);
      expect(rows.map((r) => r.Id), `${def.name} ${email}`).toEqual(await expectedIds(def, u.orgId));
      seen += rows.length;
    }
    // The seed holds every kind: a report nobody sees rows of proves nothing.
    expect(seen, def.name).toBeGreaterThan(0);
  }, 300_000);

  it.each(LIST_REPORTS.map((d) => [d.name, d] as const))('%s: every sortable column, both ways, pages by cursor through exactly the ordered rows', async (_name, def) => {
    const admin = users['admin@paydesk.my']!.client;
    // Small pages: the cursor of every column kind (instants, days, amounts) is decoded many times.
    for (const c of def.columns.filter((x) => x.sortable)) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = await walk(admin, def, {}, { Field: c.key, Order: order }, 37);
        const dir = order === 'desc' ? 'DESC' : 'ASC';
        const want = await s.database.query<{ id: number }>(`SELECT t.id::int AS id FROM ${def.source} t WHERE ${whereSql(def)} ORDER BY t.${c.source} ${dir}, t.id ${dir}`);
        expect(rows.map((r) => r.Id), `${def.name} by ${c.key} ${order}`).toEqual(want.map((r) => Number(r.id)));
      }
    }
  }, 300_000);

  // Every report with an enum filter (a per-day summary has none).
  it.each(LIST_REPORTS.filter((d) => d.filters.some((f) => f.kind === 'enum')).map((d) => [d.name, d] as const))('%s: every enum filter keeps exactly the rows holding one of its values', async (_name, def) => {
    const admin = users['admin@paydesk.my']!.client;
    const all = await walk(admin, def);
    const enums = def.filters.filter((f) => f.kind === 'enum');
    // Filters whose values are list columns can be checked against the unfiltered rows.
    const checkable = enums.filter((f) => def.columns.some((c) => c.source === f.source && columnIn(c, 'list')));
    expect(checkable.length, def.name).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...checkable).chain((f) => fc.record({ f: fc.constant(f), values: fc.subarray([...f.values], { minLength: 1 }) })),
        async ({ f, values }) => {
          const key = def.columns.find((c) => c.source === f.source && columnIn(c, 'list'))!.key;
          const got = await walk(admin, def, { [f.key]: values });
          const want = all.filter((r) => (values as readonly (string | number)[]).includes(r[key] as string | number));
          expect(got.map((r) => r.Id)).toEqual(want.map((r) => r.Id));
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);

  it.each(LIST_REPORTS.map((d) => [d.name, d] as const))('%s: a detail has every detail column, and the CSV export holds the rows under translated headers', async (_name, def) => {
    // The narrowest caller that holds the view and has rows in it (small kinds may have none at a merchant).
    let caller: PortalClient | undefined;
    let rows: ReportRow[] = [];
    for (const email of ['merchant@paydesk.my', 'mm@paydesk.my', 'admin@paydesk.my']) {
      const u = users[email]!;
      if (!u.permissions.has(def.permission)) continue;
      rows = await walk(u.client, def);
      caller = u.client;
      if (rows.length > 0) break;
    }
    expect(rows.length, def.name).toBeGreaterThan(0);
    const api = reportApi(caller!, def);
    const detail = await api.get(rows[0]!.Id);
    for (const c of def.columns.filter((x) => columnIn(x, 'detail'))) expect(detail, `${def.name} ${c.key}`).toHaveProperty(c.key);
    const csv = await (await api.export({ Format: 'csv', Language: 'ms', SearchData: baseSearch(def) } as never)).text();
    const [header, ...lines] = parse(csv, { bom: true }) as string[][];
    const columns = def.columns.filter((c) => columnIn(c, 'export'));
    expect(header).toEqual(columns.map((c) => REPORT_LABELS.ms[c.labelKey]! + (c.kind === 'datetime' ? ' (MYT)' : '')));
    expect(lines.length).toBe(rows.length);

    // Every cell typed by its column, read back as a spreadsheet reads it (CSV text, XLSX by ExcelJS).
    const checked = columns.map((c) => ({ key: c.key, kind: c.kind, enumKey: c.enumKey, names: c.source.startsWith('org.') }));
    const problems: string[] = [];
    lines.forEach((line, r) => checked.forEach((c, i) => {
      const p = csvCellProblem(c, line[i]!, 'ms');
      if (p) problems.push(`csv row ${r + 1} ${c.key}: ${p}`);
    }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await (await api.export({ Format: 'xlsx', Language: 'en', SearchData: baseSearch(def) } as never)).arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      checked.forEach((c, i) => {
        const p = xlsxCellProblem(c, row.getCell(i + 1), 'en');
        if (p) problems.push(`xlsx row ${n - 1} ${c.key}: ${p}`);
      });
    });
    expect(problems.slice(0, 10), def.name).toEqual([]);
  }, 300_000);
});
