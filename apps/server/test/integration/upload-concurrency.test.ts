/**
 * Identical concurrent uploads (platform/route.ts single-flight, keyed by session, method, URL and
 * the upload digest of upload-digest.ts): for EVERY upload route of the route table — enumerated,
 * so a new upload route without a valid file here fails this suite — ten simultaneous identical
 * uploads by one user answer the same 2xx, and what the upload records (a file, a document, an
 * image, a batch result, a bulk change) is recorded once: its rows are counted, and the files
 * under DATA_DIR grow by at most one. Each request is signed on its own with its own multipart
 * boundary, as ten clicks in a browser would be. Both databases.
 */
import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_UPLOAD_COLUMNS, RESOURCES, ROUTE_TABLE, kindOf, resolvePath, type PortalClient, type RouteDef } from '@paydesk/contract';
import { buildDuePayouts } from '../../src/modules/payout/jobs.ts';
import { seedDemoPayoutAccounts } from '../../src/modules/payout/demo-banking.ts';
import { formatOf } from '../../src/modules/settlement/formats/index.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { SAMPLES } from './resource-samples.ts';

const UPLOAD_ROUTES = Object.entries(ROUTE_TABLE).filter(([, r]) => r.upload);
/**
 * Where a serial re-upload of the same bytes answers the record it made (2xx, nothing recorded
 * again): a KYC document, a firmware image, a bank result file are one record however often sent;
 * a settlement file answers its file (Created false). The other uploads meet their records' own
 * rules (a merchant file is a new upload; a bulk change applies again).
 */
const SERIAL_RULES: Record<string, 'same record' | 'same file, not created'> = {
  ...Object.fromEntries(UPLOAD_ROUTES.filter(([n]) => n.endsWith('DocumentUpload')).map(([n]) => [n, 'same record' as const])),
  firmwareUpload: 'same record',
  payoutBatchResult: 'same record',
  settlementImport: 'same file, not created',
};
const COPIES = 10;

/** One route's upload: where it goes, the form (serialized anew, with a new boundary, by each send) and what it records. */
interface UploadCase {
  path: string;
  form: FormData;
  /** The count of what one upload records (rows or audit records), read before and after. */
  recorded: () => Promise<number>;
}

const formOf = (fields: Record<string, string>, file: { bytes: Uint8Array | string; name: string }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return f;
};
const csvText = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n');

/** Files under `dir`, at any depth, not counting temporary ones. */
async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).length;
}

describe.each(DATABASES)('identical concurrent uploads on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let dataDir: string;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  const count = async (sql: string, params?: unknown[]) => Number((await q<{ n: number }>(sql, params))[0]!.n);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-upload-concurrency-'));
    s = await startTestServer({ kind, transactions: 3000, config: { dataDir } });
    await buildDuePayouts(s.database, new Date());
    await seedDemoPayoutAccounts(s.database, s.app.ctx.keys.fieldKey);
    admin = await s.signIn('admin@paydesk.my');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A valid upload of each kind of route, made for route `name` (its path params filled). */
  async function caseOf(name: string, route: RouteDef): Promise<UploadCase> {
    if (name === 'settlementImport') {
      const format = formatOf('RM')!;
      const [p] = await q<{ ref: string; amount: string; created_at: Date }>(
        `SELECT txn_ref_no AS ref, amount::text AS amount, created_at FROM transactions WHERE provider = 'RM' AND status = 'SUCCESS' AND txn_type = 'SALE' ORDER BY id LIMIT 1`,
      );
      const at = new Date(p!.created_at);
      const day = new Date(at.getTime() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
      const row = { lineNo: 2, reference: p!.ref, providerTxnId: 'T-concurrent', txnType: 'PAYMENT' as const, txnAt: at, settlementDate: day, amount: p!.amount, fee: '0.00', net: p!.amount, currency: 'MYR', method: null, mid: null, tid: null };
      const header = [...format.headersOut];
      const rec = format.write(row);
      return {
        path: route.path,
        form: formOf({ FormatKey: 'RM' }, { bytes: csvText(header, [header.map((h) => rec[h] ?? '')]), name: 'rm-concurrent.csv' }),
        recorded: () => count(`SELECT count(*)::int AS n FROM settlement_files`),
      };
    }
    if (name === 'merchantUploadSubmit') {
      const agent = (await q<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' ORDER BY id LIMIT 1`))[0]!.id;
      const bank = (await q<{ bank_code: string }>(`SELECT bank_code FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1`))[0]!.bank_code;
      const mcc = (await q<{ mcc: string }>(`SELECT mcc FROM business_categories WHERE is_active = 1 ORDER BY id LIMIT 1`))[0]!.mcc;
      const row: Record<string, string> = {
        Agent: `${agent} - Agent`, Name: `Kedai Serentak ${kind} Sdn Bhd`, RegNo: '202001099991', CompanyType: 'SDN_BHD', BusinessCategory: mcc, Address1: '1 Jalan Ampang',
        Postcode: '50450', State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '03-2161 0000', Email: 'serentak@kedai.my', PersonName: 'Tan Ah Kow',
        PersonRole: 'DIRECTOR', PersonIdType: 'NRIC', PersonIdNo: '900101-14-9991', BankCode: bank, AccountType: 'CORPORATE', AccountName: 'Kedai Serentak', AccountNo: '514000099991', SettlementDays: '1',
      };
      const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
      return { path: route.path, form: formOf({}, { bytes: csvText(keys, [keys.map((k) => row[k] ?? '')]), name: 'merchants.csv' }), recorded: () => count(`SELECT count(*)::int AS n FROM merchant_uploads`) };
    }
    if (name.endsWith('DocumentUpload')) {
      const level = { masterMerchant: 'MASTER_MERCHANT', agency: 'AGENCY', agent: 'AGENT', merchant: 'MERCHANT_HQ' }[name.replace('ProfileDocumentUpload', '')]!;
      const id = Number((await q<{ id: number }>(`SELECT id FROM organizations WHERE level = $1 ORDER BY id LIMIT 1`, [level]))[0]!.id);
      const pdf = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name} ${kind}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
      return { path: resolvePath(route.path, { Id: id }), form: formOf({ DocType: 'SSM_CERTIFICATE' }, { bytes: pdf, name: 'ssm.pdf' }), recorded: () => count(`SELECT count(*)::int AS n FROM org_documents`) };
    }
    if (name === 'firmwareUpload') {
      const model = (await q<{ model: string }>(`SELECT model FROM terminal_models WHERE is_active = 1 ORDER BY model LIMIT 1`))[0]!.model;
      return {
        path: route.path,
        form: formOf({ Version: `9.9.9-${kind}`, Models: model, ReleaseNotes: 'Concurrent upload.' }, { bytes: new TextEncoder().encode(`firmware image ${kind}`), name: 'app.bin' }),
        recorded: () => count(`SELECT count(*)::int AS n FROM firmware_files`),
      };
    }
    if (name === 'payoutBatchResult') {
      const [d] = await q<{ d: string }>(`SELECT max(payout_date)::text AS d FROM payouts WHERE channel = 'DIRECT' AND currency = 'MYR' AND state = 'SCHEDULED'`);
      const batch = await admin.call('payoutBatchCreate', { body: { PayoutDate: d!.d, Channel: 'DIRECT', Currency: 'MYR' }, headers: { 'Idempotency-Key': `concurrent-${kind}` } });
      const lines = await q<{ reference: string; amount: string }>(`SELECT reference, amount::text AS amount FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`, [batch.Id]);
      const text = csvText(['PaymentReference', 'Status', 'Reason', 'Amount'], lines.map((l) => [l.reference, 'PAID', '', l.amount]));
      return { path: resolvePath(route.path, { Id: batch.Id }), form: formOf({}, { bytes: text, name: 'result.csv' }), recorded: () => count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'RESULT'`) };
    }
    if (name === 'bulkUpdateMdrPreview' || name === 'bulkUpdateMdrApply') {
      const day = new Date(Date.now() + 8 * 3_600_000 + 50 * 86_400_000).toISOString().slice(0, 10);
      const text = csvText(['ProductCode', 'CategoryCode', 'FeeMode', 'MdrPercent', 'FlatAmount', 'MinFee', 'MaxFee', 'EffectiveDate'], [['EC-VISA-CR', 'CREDIT_DOMESTIC', '1', '1.55', '', '', '', day]]);
      return { path: route.path, form: formOf({}, { bytes: text, name: 'rates.csv' }), recorded: () => count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'BULK_UPDATE_MDR'`) };
    }
    const resource = route.resource?.op === 'BulkUpload' ? RESOURCES.find((r) => r.name === route.resource!.name) : undefined;
    if (resource) {
      const samples = SAMPLES[resource.name];
      if (!samples) throw new Error(`${name}: the resource has no samples to build a file from`);
      await samples.prepare?.((sql, params) => q(sql, params));
      const record = samples.create(3);
      const header = Object.keys(record);
      const cells = header.map((k) => {
        const f = resource.fields[k];
        const v = record[k];
        return v === undefined || v === null ? '' : f ? kindOf(f).cellText(f, v, 'en') : String(v);
      });
      return {
        path: route.path,
        form: formOf({}, { bytes: csvText(header, [cells]), name: `${resource.name}.csv` }),
        recorded: () => count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'BULK_UPLOAD' AND target_type = $1`, [resource.name]),
      };
    }
    throw new Error(`${name}: no valid upload is built for this route; add one to upload-concurrency.test.ts`);
  }

  it('covers every upload route of the route table', () => {
    expect(UPLOAD_ROUTES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(UPLOAD_ROUTES)('%s: ten identical uploads at once answer the same 2xx and record once', async (name, route) => {
    const c = await caseOf(name, route);
    const [recordedBefore, filesBefore] = [await c.recorded(), await filesUnder(dataDir)];
    const answers = await Promise.allSettled(Array.from({ length: COPIES }, () => admin.callPath('POST', c.path, c.form)));
    const failures = answers.filter((a) => a.status === 'rejected').map((a) => {
      const reason = (a as PromiseRejectedResult).reason as { body?: unknown };
      return `${String(reason)} ${JSON.stringify(reason.body ?? '')}`;
    });
    expect(failures, `${name} refused some of the copies`).toEqual([]);
    const values = answers.map((a) => (a as PromiseFulfilledResult<unknown>).value);
    for (const v of values) expect(v).toEqual(values[0]);
    const recorded = (await c.recorded()) - recordedBefore;
    expect(recorded, `${name} recorded the upload ${recorded} times`).toBe(name === 'bulkUpdateMdrPreview' ? 0 : 1);
    expect((await filesUnder(dataDir)) - filesBefore).toBeLessThanOrEqual(1);

    // The same bytes again, from another session of the same user (single-flight keys hold the
    // session, so this is never joined to the burst, however soon): the route's own rule answers.
    const serial = SERIAL_RULES[name];
    if (serial) {
      const again = (await (await s.signIn('admin@paydesk.my')).callPath('POST', c.path, c.form)) as Record<string, unknown>;
      const first = values[0] as Record<string, unknown>;
      if (serial === 'same record') expect(again).toEqual(first);
      else expect({ FileId: again.FileId, Created: again.Created }).toEqual({ FileId: first.FileId, Created: false });
      expect((await c.recorded()) - recordedBefore).toBe(recorded);
    }
  }, 120_000);
});
