/**
 * One PAN guard at every door, on each database: Luhn-valid card numbers of every scheme (and of
 * none; fast-check, fixed seed) are fed through every upload format — each settlement format in
 * CSV and XLSX, the merchant upload, a resource BulkUpload, the bulk MDR update, a firmware
 * upload's multipart fields — and through every string field, path parameter and query of every
 * route of the route table (but the identifier fields, PAN_GUARD_IDENTIFIER_FIELDS, which keep
 * their digits by design; the sealed ones are fed too); then every text, varchar and json(b) column of every table (the job
 * queue's schema included), every captured log line, every answer received, the settlement
 * reports' exports and the stored upload files are scanned: none of the fed numbers appears whole.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer as streamBytes } from 'node:stream/consumers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_UPLOAD_COLUMNS, PortalError, REPORT_CATALOG, ROUTE_TABLE, reportApi, resolvePath, type PortalClient, type RouteDef } from '@paydesk/contract';
import { anyPan } from '../../../../packages/domain/test/pan-arbitraries.ts';
import { maskPan, PAN_GUARD_IDENTIFIER_FIELDS } from '@paydesk/domain';
import { SETTLEMENT_FORMATS } from '../../src/modules/settlement/formats/index.ts';
import { MAINTENANCE_NAME, maskStoredSettlementPans } from '../../src/modules/settlement/pan-sweep.ts';
import type { ProviderRow } from '../../src/modules/settlement/formats/types.ts';
import { streamSheet } from '../../src/platform/spreadsheet.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { SAMPLES } from './resource-samples.ts';
import { exampleOf, fieldsOf, withValue } from './route-suites/hostile.ts';
import { pool, SESSION_ROUTES } from './route-suites/fixture.ts';

/** The fed card numbers: every scheme prefix of §3 and of none, 13–19 digits. */
const PANS = fc.sample(anyPan, { numRuns: 400, seed: 27 });
let nextPan = 0;
const pan = () => PANS[nextPan++ % PANS.length]!;
/** A PAN as it may be written in free text: plain, grouped by spaces or dashes, inside words. */
const FORMS = [(p: string) => p, (p: string) => p.replace(/(\d{4})(?=\d)/g, '$1 '), (p: string) => `card ${p.replace(/(\d{4})(?=\d)/g, '$1-')}`, (p: string) => `卡号${p}。`, (p: string) => `"${p}",x`];
let nextForm = 0;
const panText = (p = pan()) => FORMS[nextForm++ % FORMS.length]!(p);
/** Whether `text` shows any fed PAN whole (separators between digits dropped first). */
const leaked = (text: string): string[] => {
  const digits = text.replace(/(?<=\d)[ -]+(?=\d)/g, '');
  return PANS.filter((p) => digits.includes(p));
};

const day = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(DATABASES)('the PAN guard at every door on %s', (kind) => {
  let s: TestServer;
  let dataDir: string;
  let admin: PortalClient;
  const logLines: string[] = [];
  const answers: string[] = [];
  const exports: string[] = [];

  /** Sends `input` to `route` as `client`; keeps the answer's text (opened when sealed, CSV when a file). */
  async function send(client: PortalClient, route: Pick<RouteDef, 'method' | 'encrypted' | 'file'>, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; data: unknown }> {
    const res = await client.sendTo({ method: route.method, encrypted: route.encrypted }, path, { body, headers });
    if (route.file && res.ok) {
      const text = await res.text();
      exports.push(text);
      return { status: res.status, data: text };
    }
    try {
      const data = await client.readJson(res, route.encrypted, path);
      answers.push(JSON.stringify(data));
      return { status: res.status, data };
    } catch (e) {
      answers.push(JSON.stringify(e instanceof PortalError ? { status: e.status, code: e.errorCode, message: e.message, body: e.body } : String(e)));
      return { status: res.status, data: null };
    }
  }
  const upload = (path: string, form: FormData) => send(admin, { method: 'POST', encrypted: false }, path, form);
  const form = (fields: Record<string, string>, file: { bytes: Uint8Array | string; name: string }) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
    return f;
  };
  const sheetBytes = async (format: 'csv' | 'xlsx', headers: string[], rows: string[][]) =>
    new Uint8Array(await streamBytes(streamSheet({ format, sheetName: 'S', headers, rows: Readable.from(rows) }).stream));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pd-pan-guard-'));
    s = await startTestServer({ kind, transactions: 300, config: { dataDir, jobPollSeconds: 1 }, logStream: { write: (line) => void logLines.push(line) } });
    for (const sample of Object.values(SAMPLES)) await sample.prepare?.(s.database.query);
    admin = await s.signIn('admin@paydesk.my');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('settlement files of every format, in CSV and XLSX, are imported with every card number masked, in the reports and their exports', async () => {
    const at = new Date(s.now().getTime() - 2 * 86_400_000);
    let serial = 0;
    const fileIds: number[] = [];
    for (const format of SETTLEMENT_FORMATS)
      for (const sheet of ['csv', 'xlsx'] as const) {
        const rows: ProviderRow[] = Array.from({ length: 6 }, (_, i) => ({
          lineNo: i + 2, reference: `PD${day(at).slice(2).replace(/-/g, '')}${String(7_000_000_000 + ++serial)}`, providerTxnId: i % 2 ? pan() : panText(), txnType: 'PAYMENT',
          txnAt: new Date(at.getTime() + i * 60_000), settlementDate: day(s.now()), amount: '12.50', fee: '0.13', net: '12.37', currency: 'MYR', method: `VISA ${panText()}`, mid: '000000000000001', tid: 'T0000001',
        }));
        const headers = [...format.headersOut];
        // Columns the format writes empty (names, stores) carry PANs too: read or not, nothing of them may stay whole.
        const cells = rows.map((r) => {
          const rec = format.write(r);
          return headers.map((h) => rec[h] || panText());
        });
        const { status, data } = await upload('/api/portal/Settlement/Import', form({ FormatKey: format.key }, { bytes: await sheetBytes(sheet, headers, cells), name: `${format.key}-${pan()}.${sheet}` }));
        expect(status, `${format.key} ${sheet}`).toBe(200);
        fileIds.push((data as { FileId: number }).FileId);
      }
    for (let i = 0; i < 600; i++) {
      const open = await s.database.query(`SELECT id FROM settlement_files WHERE id = ANY($1::bigint[]) AND status NOT IN ('DONE', 'FAILED')`, [fileIds]);
      if (open.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const files = await s.database.query<{ format_key: string; status: string; error_message: string | null }>(`SELECT format_key, status, error_message FROM settlement_files WHERE id = ANY($1::bigint[])`, [fileIds]);
    expect(files.filter((f) => f.status !== 'DONE')).toEqual([]);
    const [stored] = await s.database.query<{ n: number; masked: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE provider_txn_id LIKE '%*%' AND method LIKE '%*%')::int AS masked FROM settlement_rows WHERE file_id = ANY($1::bigint[])`,
      [fileIds],
    );
    expect(stored).toEqual({ n: fileIds.length * 6, masked: fileIds.length * 6 });

    // Every settlement report (recon and acquirer): its rows, each row's detail, and its CSV export.
    const from = new Date(at.getTime() - 86_400_000).toISOString();
    const to = new Date(s.now().getTime() + 86_400_000).toISOString();
    let shown = 0;
    for (const entry of REPORT_CATALOG.filter((e) => /^Settlement\/(Recon|Tpa)\//.test(e.api))) {
      const api = reportApi(admin, await entry.load());
      const page = await api.search({ RowsPerPage: 200, SearchData: { DateFrom: from, DateTo: to } });
      answers.push(JSON.stringify(page));
      for (const row of page.Items) answers.push(JSON.stringify(await api.get(row.Id)));
      shown += page.Items.length;
      const res = await api.export({ SearchData: { DateFrom: from, DateTo: to }, Format: 'csv' });
      expect(res.status).toBe(200);
      exports.push(await res.text());
    }
    expect(shown).toBeGreaterThanOrEqual(fileIds.length * 6 - 12);
    // The reports answer the masked ids (first 6 + last 4), never the whole numbers.
    expect(answers.filter((a) => /"ProviderTxnId":"[^"]*\d{6}\*+\d{4}/.test(a)).length).toBeGreaterThan(fileIds.length);
  }, 600_000);

  it('the merchant upload, a resource BulkUpload, the bulk MDR update and a firmware upload keep no card number whole', async () => {
    // Merchant upload (as the agency of the demo): free-text columns carry PANs; AccountNo holds one and keeps it (sealed).
    const agency = await s.signIn('agency@paydesk.my');
    const me = await agency.call('profile');
    const [own] = await s.database.query<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [me.Current.CompanyId]);
    const [agent] = await s.database.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND path LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]);
    const [bank] = await s.database.query<{ bank_code: string }>(`SELECT bank_code FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1`);
    const [mcc] = await s.database.query<{ mcc: string }>(`SELECT mcc FROM business_categories WHERE is_active = 1 ORDER BY id LIMIT 1`);
    const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
    const merchants = Array.from({ length: 4 }, (_, n): Record<string, string> => ({
      Agent: `${agent!.id} - Agent`, Name: `Kedai Pan ${kind} ${n} Sdn Bhd`, RegNo: `2020010${String(n + (kind === 'pglite' ? 900 : 950)).padStart(5, '0')}`, RegNoOld: '', CompanyType: 'SDN_BHD', BusinessCategory: mcc!.mcc,
      Address1: `${n} Jalan ${panText()}`, Address2: panText(), Postcode: '50450', State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '03-2161 0000', Email: `pan${n}@kedai.my`,
      Website: '', PersonName: 'Tan Ah Kow', PersonRole: 'DIRECTOR', PersonIdType: 'NRIC', PersonIdNo: `900101-14-${String(n).padStart(4, '0')}`, PersonPhone: '', PersonEmail: '',
      BankCode: bank!.bank_code, AccountType: 'CORPORATE', AccountName: `Kedai ${panText()}`, AccountNo: pan(), SettlementDays: '1',
    }));
    for (const format of ['csv', 'xlsx'] as const) {
      const bytes = await sheetBytes(format, keys, merchants.map((m) => keys.map((k) => m[k] ?? '')));
      const up = await send(agency, { method: 'POST', encrypted: false }, '/api/portal/MerchantUpload', form({}, { bytes, name: `merchants-${pan()}.${format}` }));
      expect(up.status).toBe(200);
      const id = (up.data as { Id: number }).Id;
      for (let i = 0; i < 300; i++) {
        const d = await send(agency, { method: 'GET', encrypted: true }, `/api/portal/MerchantUpload/${id}`);
        if (['DONE', 'FAILED'].includes((d.data as { Status: string }).Status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      merchants.forEach((m, n) => {
        m.Name = `Kedai Pan ${kind} ${n} xlsx Sdn Bhd`;
        m.RegNo = `2020010${String(n + (kind === 'pglite' ? 920 : 970)).padStart(5, '0')}`;
        m.Email = `pan${n}x@kedai.my`;
        m.PersonIdNo = `900101-14-${String(n + 50).padStart(4, '0')}`;
      });
    }
    const masked = await s.database.query<{ address1: string }>(`SELECT address1 FROM organizations WHERE name LIKE 'Kedai Pan ${kind} %'`);
    expect(masked.length).toBeGreaterThan(0);
    expect(masked.every((o) => o.address1.includes('*'))).toBe(true);

    // A resource BulkUpload (banks) and the bulk MDR preview, each as CSV and XLSX: PANs in names and in codes (refused, the message quoting the masked cell).
    for (const format of ['csv', 'xlsx'] as const) {
      const banks = Array.from({ length: 3 }, (_, i) => [`Bank ${panText()}`, `P${format === 'csv' ? 'C' : 'X'}${kind === 'pglite' ? 'L' : 'P'}010${i}`, '', 'MALAYSIA', 'B2C', '5']);
      expect((await upload('/api/portal/Bank/BulkUpload', form({}, { bytes: await sheetBytes(format, ['BankName', 'BankCode', 'SwiftCode', 'Country', 'Channels', 'SortOrder'], banks), name: `banks.${format}` }))).status, answers.at(-1)).toBe(200);
      const mdr = [[pan(), panText(), 'PERCENT', '1.5', '', '', '', '2031-01-01']];
      expect((await upload('/api/portal/BulkUpdateMdr/Preview', form({}, { bytes: await sheetBytes(format, ['ProductCode', 'CategoryCode', 'FeeMode', 'MdrPercent', 'FlatAmount', 'MinFee', 'MaxFee', 'EffectiveDate'], mdr), name: `mdr-${pan()}.${format}` }))).status).toBeLessThan(500);
    }
    const [bankRow] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM banks WHERE bank_code ~ '^P[CX][LP]010' AND bank_name LIKE '%*%'`);
    expect(bankRow!.n).toBe(6);

    // Multipart text fields: a firmware upload's release notes and file name.
    const fw = await upload('/api/portal/Firmware/Upload', form({ Version: `9.${kind === 'pglite' ? 1 : 2}.0`, Models: 'PAX A920', ReleaseNotes: `Fixes ${panText()}\nand ${panText()}` }, { bytes: 'firmware', name: `fw-${pan()}.bin` }));
    expect(fw.status).toBe(200);
    expect(JSON.stringify(fw.data)).toContain('*');
  }, 600_000);

  it('every string field, path parameter and query of every route of the route table masks a card number before anything sees it', async () => {
    let sent = 0;
    const tasks: (() => Promise<void>)[] = [];
    for (const [name, route] of Object.entries(ROUTE_TABLE)) {
      if (route.upload || SESSION_ROUTES.has(name)) continue;
      const bodied = route.method !== 'GET' && route.method !== 'DELETE';
      const base = bodied ? baseBody(route) : undefined;
      const params = route.params ? Object.fromEntries(Object.keys(exampleOf(route.params) as object).map((k) => [k, '1'])) : {};
      const path = (p: Record<string, string>, query = '') => `${resolvePath(route.path, p).replace(/:(\w+)/g, '1')}${query}`;
      const headers = route.idempotent ? () => ({ 'Idempotency-Key': `pan-${++sent}` }) : () => undefined;
      const cases: { path: string; body?: unknown }[] = [];
      // Each string field alone (the others valid, so the request goes as far as it can), then all at once.
      // Identifier fields (IMEI, ICCID, MID…) keep their digits by design: a PAN typed there is kept as typed.
      const paths = stringPaths(route, base).filter((p) => !Object.hasOwn(PAN_GUARD_IDENTIFIER_FIELDS, p[p.length - 1]!));
      for (const p of paths) cases.push({ path: path(params), body: withValue(base, p, panText()) });
      if (paths.length > 1) cases.push({ path: path(params), body: paths.reduce<unknown>((b, p) => withValue(b, p, panText()), base) });
      for (const k of Object.keys(params)) cases.push({ path: path({ ...params, [k]: panText() }), body: base });
      cases.push({ path: path(params, `?Keyword=${encodeURIComponent(panText())}&q=${pan()}`), body: base });
      for (const c of cases)
        tasks.push(async () => {
          await send(admin, route, c.path, c.body, headers());
          sent++;
        });
    }
    await pool(tasks, 4);
    expect(sent).toBeGreaterThan(1000);
    expect(await admin.call('serverTime')).toHaveProperty('systemtime');
  }, 1_200_000);

  it('a cell holding NUL (or another character text cannot hold) fails the settlement file at once with its line and column, and a bulk upload names its row and column', async () => {
    const format = SETTLEMENT_FORMATS.find((f) => f.key === 'RM')!;
    const at = new Date(s.now().getTime() - 86_400_000);
    const headers = [...format.headersOut];
    for (const [n, bad] of ['\u0000', '\u0007', '\u0085'].entries()) {
      const rows = Array.from({ length: 4 }, (_, i) => {
        const rec = format.write({
          lineNo: i + 2, reference: `PD${day(at).slice(2).replace(/-/g, '')}${String(8_000_000_000 + n * 10 + i)}`, providerTxnId: `T${i}`, txnType: 'PAYMENT', txnAt: at,
          settlementDate: day(s.now()), amount: '1.00', fee: '0.01', net: '0.99', currency: 'MYR', method: 'fpx', mid: null, tid: null,
        });
        return headers.map((h) => (i === 2 && h === 'method' ? `fp${bad}x` : rec[h] ?? ''));
      });
      const { data } = await upload('/api/portal/Settlement/Import', form({ FormatKey: 'RM' }, { bytes: await sheetBytes('csv', headers, rows), name: `nul-${n}.csv` }));
      const fileId = (data as { FileId: number }).FileId;
      let file: { status: string; error_line: number; error_field: string; error_message: string } | undefined;
      for (let i = 0; i < 300 && !['DONE', 'FAILED'].includes(file?.status ?? ''); i++) {
        await new Promise((r) => setTimeout(r, 100));
        [file] = await s.database.query(`SELECT status, error_line, error_field, error_message FROM settlement_files WHERE id = $1`, [fileId]);
      }
      expect(file).toMatchObject({ status: 'FAILED', error_line: 4, error_field: 'method' });
      expect(file!.error_message).toMatch(/control character/);
      // The file turns FAILED inside the job; pg-boss marks the job completed only after the handler returns.
      let job: { retry_count: number; state: string } | undefined;
      for (let i = 0; i < 300; i++) {
        [job] = await s.database.query<{ retry_count: number; state: string }>(`SELECT retry_count, state FROM pgboss.job WHERE name = 'settlement-import' AND data->>'fileId' = $1`, [String(fileId)]);
        if (job && job.state !== 'active' && job.state !== 'created') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(job).toEqual({ retry_count: 0, state: 'completed' });
    }
    const refused = await upload('/api/portal/Bank/BulkUpload', form({}, { bytes: 'BankName,BankCode,SwiftCode,Country,Channels,SortOrder\r\nOk,PNU0001,,MALAYSIA,B2C,1\r\nBad\u0000Bank,PNU0002,,MALAYSIA,B2C,1', name: 'banks.csv' }));
    expect(refused.status).toBe(400);
    expect(JSON.parse(answers.at(-1)!)).toMatchObject({ body: { Errors: [{ Row: 3, Field: 'BankName' }] } });
  }, 300_000);

  it('card numbers stored in clear before the guard (earlier imports) are masked by the start-up sweep, and only those rows are written', async () => {
    const [row] = await s.database.query<{ id: number; file_id: number }>(`SELECT id, file_id FROM settlement_rows ORDER BY id LIMIT 1`);
    const [item] = await s.database.query<{ id: number }>(`SELECT id FROM recon_items WHERE provider_txn_id IS NOT NULL ORDER BY id LIMIT 1`);
    const old = [pan(), pan(), pan(), pan()];
    await s.database.query(`UPDATE settlement_rows SET provider_txn_id = $2, method = $3 WHERE id = $1`, [row!.id, old[0], `VISA ${old[1]!.replace(/(\d{4})(?=\d)/g, '$1 ')}`]);
    await s.database.query(`UPDATE recon_items SET provider_txn_id = $2 WHERE id = $1`, [item!.id, old[2]]);
    await s.database.query(`UPDATE settlement_files SET file_name = $2 WHERE id = $1`, [row!.file_id, `rm-${old[3]}.csv`]);
    expect(await maskStoredSettlementPans(s.database)).toBe(3);
    const [after] = await s.database.query<{ a: string; b: string; c: string; d: string }>(
      `SELECT r.provider_txn_id AS a, r.method AS b, i.provider_txn_id AS c, f.file_name AS d FROM settlement_rows r, recon_items i, settlement_files f WHERE r.id = $1 AND i.id = $2 AND f.id = $3`,
      [row!.id, item!.id, row!.file_id],
    );
    expect(after).toEqual({ a: maskPan(old[0]!), b: `VISA ${maskPan(old[1]!)}`, c: maskPan(old[2]!), d: `rm-${maskPan(old[3]!)}.csv` });
    // Done once: its maintenance row is written, and later starts skip the scans.
    expect(await s.database.query(`SELECT name FROM maintenance_runs WHERE name = $1`, [MAINTENANCE_NAME])).toEqual([{ name: MAINTENANCE_NAME }]);
    expect(await maskStoredSettlementPans(s.database)).toBe(0);
  });

  it('no fed card number is whole in any text column of the database (job queue included), the log, any answer, any export or any stored upload', async () => {
    const columns = await s.database.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema IN ('public', 'pgboss') AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
    );
    expect(columns.some((c) => c.table_schema === 'pgboss')).toBe(true);
    const found: string[] = [];
    for (const c of columns) {
      const rows = await s.database.query<{ v: string }>(`SELECT "${c.column_name}"::text AS v FROM "${c.table_schema}"."${c.table_name}" WHERE "${c.column_name}"::text ~ '[0-9]([ -]?[0-9]){12}'`);
      for (const r of rows) for (const p of leaked(r.v)) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}: ${p}`);
    }
    expect(found).toEqual([]);
    expect(logLines.length).toBeGreaterThan(1000);
    expect(logLines.flatMap(leaked)).toEqual([]);
    expect(answers.length).toBeGreaterThan(1000);
    expect(answers.flatMap(leaked)).toEqual([]);
    expect(exports.length).toBeGreaterThan(9);
    expect(exports.flatMap(leaked)).toEqual([]);
    const stored: string[] = [];
    for (const dir of ['settlement-files', 'merchant-uploads']) for (const f of await readdir(join(dataDir, dir))) stored.push((await readFile(join(dataDir, dir, f))).toString('latin1'));
    expect(stored.length).toBeGreaterThanOrEqual(20);
    expect(stored.flatMap(leaked)).toEqual([]);
  }, 300_000);
});

/** A plausible body: the resource samples where there are some, else built from the schema (as the route fuzz does). */
function baseBody(route: RouteDef): unknown {
  const r = route.resource;
  const sample = r && SAMPLES[r.name];
  if (r && sample && r.op === 'Create') return sample.create(8000 + (route.path.length % 1000));
  if (r && sample && (r.op === 'Update' || r.op === 'SetStatus')) return { ...(r.op === 'Update' ? sample.update : { IsActive: 1 }), Id: 2_147_483_000, Version: 1 };
  const body = route.body ? exampleOf(route.body) : undefined;
  // Exports answer CSV, which the scan reads as text.
  return route.file && body && typeof body === 'object' && 'Format' in body ? { ...body, Format: 'csv' } : body;
}

/** Every string field of the route's body: those its schema declares (two levels) and the string leaves of `base`. */
function stringPaths(route: RouteDef, base: unknown): string[][] {
  const out = new Map<string, string[]>();
  for (const f of fieldsOf(route.body)) if (f.kind === 'string') out.set(f.path.join('.'), f.path);
  const walk = (v: unknown, at: string[]) => {
    if (typeof v === 'string') out.set(at.join('.'), at);
    else if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  walk(base, []);
  return [...out.values()].filter((p) => p.length > 0);
}
