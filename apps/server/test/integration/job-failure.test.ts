/**
 * A job that fails for good leaves its record failed and retryable (platform/jobs.ts dead-letter
 * queues and each queue's failedForGood), on both databases, through the real server: every queue
 * the app works is enumerated (`jobs.worked()`), so a queue added without a case here fails this
 * suite. Each queue's retries are shortened (one retry, 1 s apart); the fault seam makes every
 * attempt throw — the way a database refusal, such as PostgreSQL's "invalid byte sequence for
 * encoding UTF8: 0x00", made a settlement import fail four times and stay READING for good.
 *  - Queues with a record: the record is found FAILED (or its queue's failed state) with the error,
 *    and once the fault is gone its retry path works: the same settlement bytes uploaded again are
 *    imported, the merchant file uploaded again creates its merchant, the mail written again is
 *    sent, the acknowledgement queued again is delivered, the paused rollout resumed starts its stage.
 *  - Queues without a record (schedules): failing for good is reported with the stated reason, as a
 *    level-9 SCHEDULER log entry and a server log line.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MERCHANT_UPLOAD_COLUMNS, type PortalClient } from '@paydesk/contract';
import { enqueueRefundAck } from '../../src/modules/risk-pre-chargeback/refund-ack.ts';
import { formatOf } from '../../src/modules/settlement/formats/index.ts';
import { logStoreOf } from '../../src/platform/log-store.ts';
import { queueMail } from '../../src/platform/mail.ts';
import { sealSecret } from '../../src/platform/sealing.ts';
import { tapServerLog } from '../../src/platform/server-log.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

const FAULT = 'invalid byte sequence for encoding "UTF8": 0x00';
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 90_000, interval: 250 });

/** One queue with a record: makes a record whose job runs (and fails), checks it failed, then retries it. */
interface RecordCase {
  make: () => Promise<number>;
  failed: (id: number) => Promise<void>;
  retried: (id: number) => Promise<void>;
}

describe.each(DATABASES)('a job that fails for good on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let dataDir: string;
  let smtp: SmtpReceiver;
  let receiver: Server;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  const one = async <T,>(sql: string, params?: unknown[]) => (await q<T>(sql, params))[0]!;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-job-failure-'));
    smtp = await startSmtpReceiver();
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    s = await startTestServer({ kind, transactions: 2000, config: { dataDir, jobPollSeconds: 0.5, smtpUrl: smtp.url, callbackAllowPrivate: true } });
    admin = await s.signIn('admin@paydesk.my');
    // One retry, a second apart: failing for good takes seconds, not the production backoff's minutes.
    for (const w of s.app.jobs.worked()) await s.app.jobs.define({ name: w.name, retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false });
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await new Promise((r) => receiver?.close(r));
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (path: string, fields: Record<string, string>, text: string, name: string) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('file', new Blob([text]), name);
    return admin.callPath<Record<string, unknown>>('POST', path, f);
  };

  const settlementCsv = async () => {
    const format = formatOf('RM')!;
    const p = await one<{ ref: string; amount: string; created_at: Date }>(
      `SELECT txn_ref_no AS ref, amount::text AS amount, created_at FROM transactions WHERE provider = 'RM' AND status = 'SUCCESS' AND txn_type = 'SALE' ORDER BY id LIMIT 1`,
    );
    const at = new Date(p.created_at);
    const day = new Date(at.getTime() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const rec = format.write({ lineNo: 2, reference: p.ref, providerTxnId: 'T-failure', txnType: 'PAYMENT', txnAt: at, settlementDate: day, amount: p.amount, fee: '0.00', net: p.amount, currency: 'MYR', method: null, mid: null, tid: null });
    const header = [...format.headersOut];
    return [header.join(','), header.map((h) => JSON.stringify(rec[h] ?? '')).join(',')].join('\r\n');
  };

  const merchantCsv = async () => {
    const agent = (await one<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' ORDER BY id LIMIT 1`)).id;
    const bank = (await one<{ bank_code: string }>(`SELECT bank_code FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1`)).bank_code;
    const mcc = (await one<{ mcc: string }>(`SELECT mcc FROM business_categories WHERE is_active = 1 ORDER BY id LIMIT 1`)).mcc;
    const row: Record<string, string> = {
      Agent: `${agent} - Agent`, Name: `Kedai Gagal ${kind} Sdn Bhd`, RegNo: '202001088881', CompanyType: 'SDN_BHD', BusinessCategory: mcc, Address1: '1 Jalan Ampang',
      Postcode: '50450', State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '03-2161 0000', Email: 'gagal@kedai.my', PersonName: 'Tan Ah Kow',
      PersonRole: 'DIRECTOR', PersonIdType: 'NRIC', PersonIdNo: '900101-14-8881', BankCode: bank, AccountType: 'CORPORATE', AccountName: 'Kedai Gagal', AccountNo: '514000088881', SettlementDays: '1',
    };
    const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
    return [keys.join(','), keys.map((k) => row[k] ?? '').join(',')].join('\n');
  };

  /** The record of each queue that has one, and how its failure and its retry show. */
  const RECORD_CASES: Record<string, RecordCase> = {
    'settlement-import': {
      make: async () => Number((await upload('/api/portal/Settlement/Import', { FormatKey: 'RM' }, await settlementCsv(), 'rm.csv')).FileId),
      failed: async (id) => {
        const f = await admin.callPath<{ Status: string; RowsRead: number; ErrorMessage: string | null }>('GET', `/api/portal/Settlement/File/${id}`);
        expect(f).toMatchObject({ Status: 'FAILED', RowsRead: 0 });
        expect(f.ErrorMessage).toContain(FAULT);
        expect(await one<{ n: number }>(`SELECT count(*)::int AS n FROM settlement_rows WHERE file_id = $1`, [id])).toEqual({ n: 0 });
      },
      retried: async (id) => {
        // The same bytes again: a new file, imported.
        const again = await upload('/api/portal/Settlement/Import', { FormatKey: 'RM' }, await settlementCsv(), 'rm.csv');
        expect(again).toMatchObject({ Created: true });
        expect(again.FileId).not.toBe(id);
        await until(async () => expect((await admin.callPath<{ Status: string }>('GET', `/api/portal/Settlement/File/${Number(again.FileId)}`)).Status).toBe('DONE'));
      },
    },
    'merchant-upload': {
      make: async () => Number((await upload('/api/portal/MerchantUpload', {}, await merchantCsv(), 'merchants.csv')).Id),
      failed: async (id) => {
        const u = await admin.callPath<{ Status: string; Errors: { Row: number; Field: string; Message: string }[] }>('GET', `/api/portal/MerchantUpload/${id}`);
        expect(u.Status).toBe('FAILED');
        expect(u.Errors[0]).toMatchObject({ Row: 0, Field: 'file' });
        expect(u.Errors[0]!.Message).toContain(FAULT);
      },
      retried: async () => {
        const again = await upload('/api/portal/MerchantUpload', {}, await merchantCsv(), 'merchants.csv');
        await until(async () => expect((await admin.callPath<{ Status: string; CreatedCount: number }>('GET', `/api/portal/MerchantUpload/${Number(again.Id)}`)).Status).toBe('DONE'));
      },
    },
    'mail-send': {
      make: () => s.database.transaction((tx) => queueMail(tx, s.app.jobs, s.app.ctx.keys.fieldKey, { to: `failing.${kind}@kedai.my`, subject: 'Invitation', body: 'hello', template: 'INVITE' })),
      failed: async (id) => {
        const m = await one<{ status: string; last_error: string | null }>(`SELECT status, last_error FROM mail_outbox WHERE id = $1`, [id]);
        expect(m.status).toBe('FAILED');
        expect(m.last_error).toContain(FAULT);
      },
      retried: async () => {
        // The action that wrote the mail writes it again (ResendInvite, ResetPassword): a new row, sent.
        const again = await s.database.transaction((tx) => queueMail(tx, s.app.jobs, s.app.ctx.keys.fieldKey, { to: `failing.${kind}@kedai.my`, subject: 'Invitation', body: 'hello again', template: 'INVITE' }));
        await until(async () => expect((await one<{ status: string }>(`SELECT status FROM mail_outbox WHERE id = $1`, [again])).status).toBe('SENT'));
        expect(smtp.newestTo(`failing.${kind}@kedai.my`)).toContain('hello again');
      },
    },
    'refund-ack': {
      make: async () => {
        const address = receiver.address();
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/refunds`;
        const merchant = Number((await one<{ m: number }>(`SELECT merchant_id AS m FROM refund_requests ORDER BY id LIMIT 1`)).m);
        await q(`DELETE FROM organization_configs WHERE org_id = $1`, [merchant]);
        await q(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [merchant, url, sealSecret(s.app.ctx.keys.fieldKey, `whsec_${btoa('job failure test secret, 32 byte')}`)]);
        const r = await one<{ id: number }>(
          `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description, master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
           SELECT transaction_id, txn_ref_no, service_type, amount, currency, reason_code, 'REFUNDED', description, master_merchant_id, agency_id, agent_id, merchant_id, branch_id
           FROM refund_requests WHERE merchant_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
          [merchant],
        );
        const id = Number(r.id);
        await s.database.transaction((tx) => enqueueRefundAck(s.app.jobs, id, tx));
        return id;
      },
      failed: async (id) => {
        expect((await one<{ status: string }>(`SELECT status FROM refund_requests WHERE id = $1`, [id])).status).toBe('REFUNDED_ACK_FAIL');
        const events = await q<{ action: string; summary: string }>(`SELECT action, summary FROM refund_request_events WHERE refund_request_id = $1 AND action = 'ACK_FAILED'`, [id]);
        expect(events).toHaveLength(1);
        expect(events[0]!.summary).toContain(FAULT);
      },
      retried: async (id) => {
        // ResendAck queues a new delivery the same way.
        await s.database.transaction((tx) => enqueueRefundAck(s.app.jobs, id, tx));
        await until(async () => expect((await one<{ status: string }>(`SELECT status FROM refund_requests WHERE id = $1`, [id])).status).toBe('COMPLETED'));
      },
    },
    'firmware-rollout': {
      make: async () => {
        const model = (await one<{ model: string }>(`SELECT model FROM terminal_models WHERE is_active = 1 ORDER BY model LIMIT 1`)).model;
        const merchant = Number((await one<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' ORDER BY id LIMIT 1`)).id);
        const tid = `FX${kind === 'pglite' ? 'L' : 'P'}00001`;
        await q(
          `INSERT INTO terminals (org_id, tid, model, acquirer_id, mid, status, firmware_version) SELECT $1, $2, $3, a.id, '000000000000001', 'ACTIVE', '0.9.0' FROM acquirers a ORDER BY a.id LIMIT 1`,
          [merchant, tid, model],
        );
        const image = await upload('/api/portal/Firmware/Upload', { Version: `7.7.7-${kind}`, Models: model, ReleaseNotes: 'Failure test.' }, `image ${kind}`, 'app.bin');
        const made = await admin.call('rolloutCreate', { body: { Name: 'Failing', FirmwareId: Number(image.Id), Tids: [tid], Stages: [100], StageWaitMinutes: 0 } as never, headers: { 'Idempotency-Key': `failure-${kind}` } });
        return made.Id;
      },
      failed: async (id) => {
        const r = await admin.callPath<{ Status: string; CurrentStage: number }>('GET', `/api/portal/FirmwareRollout/${id}`);
        expect(r).toMatchObject({ Status: 'PAUSED', CurrentStage: 0 });
        const [e] = await q<{ reason: string; user_id: number | null }>(`SELECT reason, user_id FROM firmware_rollout_events WHERE rollout_id = $1 AND event = 'PAUSED'`, [id]);
        expect(e?.user_id).toBeNull();
        expect(e?.reason).toContain(FAULT);
      },
      retried: async (id) => {
        expect((await admin.call('rolloutResume', { body: { Id: id, Reason: '' } })).Status).toBe('RUNNING');
        await until(async () => expect((await admin.callPath<{ CurrentStage: number }>('GET', `/api/portal/FirmwareRollout/${id}`)).CurrentStage).toBe(1));
      },
    },
  };

  it('has a case for every queue with a record, and a stated reason for every queue without one', () => {
    const worked = s.app.jobs.worked();
    expect(worked.filter((w) => w.whenFailed.record).map((w) => w.name).sort()).toEqual(Object.keys(RECORD_CASES).sort());
    for (const w of worked) if (!w.whenFailed.record) expect(w.whenFailed.reason.length).toBeGreaterThan(10);
  });

  it.each(['settlement-import', 'merchant-upload', 'mail-send', 'refund-ack', 'firmware-rollout'])(
    '%s: the record of a job failed for good shows the error and retries once the cause is gone',
    async (queue) => {
      const c = RECORD_CASES[queue]!;
      s.app.jobs.injectFault(queue, FAULT);
      let id: number;
      try {
        id = await c.make();
        await until(() => c.failed(id));
      } finally {
        s.app.jobs.injectFault(queue, null);
      }
      await c.retried(id);
    },
    180_000,
  );

  it('reports a job of a queue without a record failing for good, with its reason: a level-9 scheduler entry and a server log line', async () => {
    const schedules = s.app.jobs.worked().filter((w) => !w.whenFailed.record);
    expect(schedules.map((w) => w.name).sort()).toEqual(['idempotency-purge', 'ingest-message-sweep', 'log-file-sweep', 'log-retention', 'payout-build', 'pending-transactions', 'refund-expiry', 'risk-inactive']);
    const lines: string[] = [];
    const untap = tapServerLog((line) => void lines.push(String(line.msg)));
    const expected = (w: (typeof schedules)[number]) => `a ${w.name} job failed for good (${w.whenFailed.record ? '' : w.whenFailed.reason}): ${FAULT}`;
    try {
      for (const w of schedules) {
        s.app.jobs.injectFault(w.name, FAULT);
        await s.app.jobs.send(w.name, {});
      }
      await until(async () => {
        for (const w of schedules) expect(lines).toContain(`job queue: ${expected(w)}`);
      });
      await until(async () => {
        await logStoreOf(s.app.ctx).flush();
        for (const w of schedules) {
          const entries = await q<{ level: number; message: string }>(`SELECT level, message FROM log_entries WHERE source = 'SCHEDULER' AND operation = $1 AND outcome = 'DEAD_LETTER'`, [w.name]);
          expect(entries.map((e) => [Number(e.level), e.message])).toContainEqual([9, expected(w)]);
        }
      });
    } finally {
      untap();
      for (const w of schedules) s.app.jobs.injectFault(w.name, null);
    }
  }, 180_000);
});
