/**
 * Three log sources of issue 30 (items 1 and 3) end to end, on each database:
 *  - SCHEDULER (platform/jobs.ts) and PAYMENT (platform/outbound-log.ts): a manual refund through
 *    the API queues the acknowledgement; a real HTTP receiver on loopback refuses it twice, then
 *    takes it. The job leaves RETRY, RETRY, COMPLETED scheduler entries, the calls three payment
 *    entries (503, 503, 200 at levels 5, 5, 1) with the refund's owner columns, and every one of
 *    them — and the X-Request-Id each call carried — holds the request id the refund's HTTP answer
 *    gave. The receiver's answers quote a test PAN and a password: the entries keep neither.
 *  - TXN_RESP_PENDING / TXN_TERMINAL_PENDING (modules/log-pending): repeated runs of the
 *    pending-transactions job write one entry per transaction PENDING past TXN_PENDING_MINUTES
 *    (a younger one only once it has aged), and close an entry as RESOLVED, in place, once its
 *    transaction has left PENDING.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { sealSecret } from '../../src/engine/secret-fields.ts';
import { logStoreOf } from '../../src/platform/log-store.ts';
import { liveSettings } from '../../src/platform/settings.ts';
import { WEBHOOK_HEADERS, newWebhookSecret } from '../../src/platform/webhook-signature.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

/** A Standard Webhooks secret (whsec_ + base64 of 32 bytes), as the configuration form generates. */
const SECRET = newWebhookSecret();
const PAN = '4111111111111111';
const PASSWORD = 'hunter2-Secret!';
const QUERY_TOKEN = 'qtok-9f8e7d6c';
const until = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 60_000, interval: 200 });

interface Received {
  headers: Record<string, string>;
  body: string;
}

describe.each(DATABASES)('log sources on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let receiver: Server;
  let url = '';
  const received: Received[] = [];
  /** The statuses the receiver answers next (shifted per request; 200 when empty). */
  const script: number[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        const status = script.shift() ?? 200;
        res.statusCode = status;
        // Answers that quote a card number and a password, as a careless merchant's might.
        if (status >= 300) {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ error: `card ${PAN} declined`, password: PASSWORD, retry: true }));
        } else {
          res.setHeader('content-type', 'text/plain');
          res.end(`accepted; password=${PASSWORD}; card ${PAN}`);
        }
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/paydesk/refunds?merchant=demo&token=${QUERY_TOKEN}`;
    s = await startTestServer({ kind, transactions: 2000, config: { jobPollSeconds: 0.5, refundAckRetryLimit: 3, refundAckRetryDelaySeconds: 1, callbackAllowPrivate: true } });
    admin = await s.signIn('admin@paydesk.my');
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => receiver?.close(r));
  });

  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);

  it('ties a refund acknowledgement that fails twice then succeeds to its request id: RETRY, RETRY, COMPLETED scheduler entries and three masked payment entries', async () => {
    // A never-refunded e-commerce sale, a PENDING refund request for it, and its HQ's callback.
    const [sale] = await q<{ id: number; txn_ref_no: string; amount: string; mid: string | null; merchant_id: number }>(
      `SELECT id, txn_ref_no, amount::text AS amount, mid, merchant_id FROM transactions
       WHERE service_type = 1 AND status = 'SUCCESS' AND txn_type = 'SALE' AND amount > 0 AND refunded_amount = 0 AND refund_status IS NULL
         AND id NOT IN (SELECT transaction_id FROM refund_requests) ORDER BY id LIMIT 1`,
    );
    expect(sale).toBeDefined();
    const [request] = await q<{ id: number; master_merchant_id: number; agency_id: number; agent_id: number; merchant_id: number; branch_id: number | null }>(
      `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
       SELECT id, txn_ref_no, service_type, amount, currency, 'RC', 'PENDING', 'log sources test', master_merchant_id, agency_id, agent_id, merchant_id, branch_id
       FROM transactions WHERE id = $1
       RETURNING id, master_merchant_id, agency_id, agent_id, merchant_id, branch_id`,
      [sale!.id],
    );
    const id = Number(request!.id);
    await q(`DELETE FROM organization_configs WHERE org_id = $1`, [request!.merchant_id]);
    await q(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [request!.merchant_id, url, sealSecret(s.app.ctx.keys.fieldKey, SECRET)]);

    received.length = 0;
    script.push(503, 503);
    const res = await admin.sendTo({ method: 'POST', encrypted: true }, '/api/portal/RiskPreChargeback/UpdateRefund', {
      body: { Id: id, ServiceType: 1, TxnReferences: [sale!.txn_ref_no], TxnAmount: sale!.amount },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await until(async () => expect((await q<{ status: string }>(`SELECT status FROM refund_requests WHERE id = $1`, [id]))[0]!.status).toBe('COMPLETED'));

    // The job carries the request id; its three attempts are RETRY, RETRY, COMPLETED under that id.
    const [job] = await q<{ id: string; request_id: string }>(
      `SELECT id, data->>'_requestId' AS request_id FROM pgboss.job WHERE name = 'refund-ack' AND (data->>'refundRequestId')::int = $1`,
      [id],
    );
    expect(job!.request_id).toBe(requestId);
    const scheduler = async () => {
      await logStoreOf(s.app.ctx).flush();
      return q<{ level: number; outcome: string; request_id: string; operation: string; attempt: string; attempts: string; duration_ms: number; started: string; ended: string }>(
        `SELECT level, outcome, request_id, operation, attributes->>'attempt' AS attempt, attributes->>'attempts' AS attempts, duration_ms,
                attributes->>'startedAt' AS started, attributes->>'endedAt' AS ended
         FROM log_entries WHERE source = 'SCHEDULER' AND attributes->>'jobId' = $1 ORDER BY at, id`,
        [job!.id],
      );
    };
    await until(async () => expect((await scheduler()).map((e) => e.outcome)).toEqual(['RETRY', 'RETRY', 'COMPLETED']));
    const attempts = await scheduler();
    expect(attempts.map((e) => [Number(e.level), e.request_id, e.operation, e.attempt, e.attempts])).toEqual([
      [5, requestId, 'refund-ack', '1', '4'], [5, requestId, 'refund-ack', '2', '4'], [1, requestId, 'refund-ack', '3', '4'],
    ]);
    for (const e of attempts) expect(Date.parse(e.ended) - Date.parse(e.started)).toBe(Number(e.duration_ms));

    // Every call carried the request id.
    expect(received).toHaveLength(3);
    expect(received.map((r) => r.headers['x-request-id'])).toEqual([requestId, requestId, requestId]);

    // Three payment entries, one per call, with the refund's owner and the sale's MID and reference.
    await logStoreOf(s.app.ctx).flush();
    const payments = await q<Record<string, unknown> & { attributes: Record<string, unknown>; text: string }>(
      `SELECT level, outcome, operation, request_id, duration_ms, mid, txn_ref_no, master_merchant_id, agency_id, agent_id, merchant_id, branch_id,
              attributes, attributes::text AS text
       FROM log_entries WHERE source = 'PAYMENT' AND txn_ref_no = $1 ORDER BY at, id`,
      [sale!.txn_ref_no],
    );
    const operation = `POST ${url.split('?')[0]}`;
    expect(payments.map((p) => [Number(p.level), p.outcome, p.operation, p.request_id])).toEqual([
      [5, '503', operation, requestId], [5, '503', operation, requestId], [1, '200', operation, requestId],
    ]);
    for (const p of payments) {
      expect(p).toMatchObject({ mid: sale!.mid, txn_ref_no: sale!.txn_ref_no });
      expect([p.master_merchant_id, p.agency_id, p.agent_id, p.merchant_id, p.branch_id].map((v) => (v == null ? null : Number(v)))).toEqual(
        [request!.master_merchant_id, request!.agency_id, request!.agent_id, request!.merchant_id, request!.branch_id].map((v) => (v == null ? null : Number(v))),
      );
      expect(Number(p.duration_ms)).toBeGreaterThanOrEqual(0);
      // No full card number, password, query token, signing secret or signature, however it came.
      for (const secret of [PAN, PASSWORD, QUERY_TOKEN, SECRET, ...received.map((r) => r.headers[WEBHOOK_HEADERS.signature]!)]) expect(p.text).not.toContain(secret);
      expect(p.text).toContain('411111******1111');
      expect(p.attributes).toMatchObject({
        purpose: 'refund-ack',
        request: {
          method: 'POST',
          url: url.split('?')[0],
          query: { merchant: 'demo', token: '[REDACTED]' },
          // The signature is redacted (log-masking.ts: a key naming a signature); the id and timestamp stay, to match the merchant's own log.
          headers: { [WEBHOOK_HEADERS.signature]: '[REDACTED]', [WEBHOOK_HEADERS.id]: received[0]!.headers[WEBHOOK_HEADERS.id], [WEBHOOK_HEADERS.timestamp]: expect.stringMatching(/^\d{10}$/), 'X-Request-Id': requestId },
        },
      });
      // The request body is the acknowledgement itself, kept as JSON.
      expect((p.attributes.request as { body: Record<string, unknown> }).body).toMatchObject({ RefundRequestId: id, TxnRefNo: sale!.txn_ref_no, Status: 'REFUNDED' });
    }
    // A JSON answer is judged key by key; a text answer has its secret pairs scrubbed.
    expect((payments[0]!.attributes.answer as { status: number; body: unknown }).body).toEqual({ error: 'card 411111******1111 declined', password: '[REDACTED]', retry: true });
    expect((payments[2]!.attributes.answer as { status: number; body: unknown })).toMatchObject({ status: 200, body: 'accepted; password=[REDACTED]; card 411111******1111' });
  }, 120_000);

  it('writes one pending-transaction entry per transaction over repeated runs, and closes it as RESOLVED once the transaction leaves PENDING', async () => {
    const threshold = (await liveSettings(s.app.ctx)).txnPendingMinutes;
    expect(threshold).toBeGreaterThan(5);
    const now = s.now().getTime();
    /** A PENDING copy of a seeded transaction of service type `st`, created `ageMinutes` ago; answers its reference. */
    const pendingCopy = async (st: number, ageMinutes: number): Promise<string> => {
      const ref = `PDLOGPEND${st}${String(ageMinutes).padStart(5, '0')}${kind === 'postgres' ? 'P' : 'G'}`;
      await q(
        `INSERT INTO transactions
         SELECT (jsonb_populate_record(NULL::transactions, to_jsonb(t) || jsonb_build_object('id', x.m + 1, 'txn_ref_no', $2::text, 'status', 'PENDING',
           'created_at', $3::timestamptz, 'refunded_amount', 0, 'refund_status', NULL))).*
         FROM transactions t, (SELECT max(id) AS m FROM transactions) x
         WHERE t.id = (SELECT min(id) FROM transactions WHERE service_type = $1 AND refunded_amount = 0)`,
        [st, ref, new Date(now - ageMinutes * 60_000)],
      );
      await q(`SELECT setval(pg_get_serial_sequence('transactions', 'id'), (SELECT max(id) FROM transactions))`);
      return ref;
    };
    const online = await pendingCopy(1, 30);
    const terminal = await pendingCopy(2, 50);
    const young = await pendingCopy(4, threshold - 5);

    /** Runs the job once through the queue (a cron run may be waiting: then this one follows it); answers its job id. */
    const runPending = async (): Promise<string> => {
      let jobId: string | null = null;
      await until(async () => {
        jobId = await s.app.jobs.send('pending-transactions', {});
        expect(jobId).not.toBeNull();
      });
      await until(async () => expect((await s.app.jobs.job('pending-transactions', jobId!))?.state).toBe('completed'));
      return jobId!;
    };
    const entriesOf = (ref: string) =>
      q<Record<string, unknown> & { attributes: Record<string, unknown> }>(
        `SELECT source, level, outcome, request_id, mid, tid, txn_ref_no, master_merchant_id, merchant_id, branch_id, attributes FROM log_entries
         WHERE source IN ('TXN_RESP_PENDING', 'TXN_TERMINAL_PENDING') AND txn_ref_no = $1`,
        [ref],
      );
    /** Every reference with more than one entry (must stay empty). */
    const duplicates = () =>
      q<{ txn_ref_no: string }>(`SELECT txn_ref_no FROM log_entries WHERE source IN ('TXN_RESP_PENDING', 'TXN_TERMINAL_PENDING') GROUP BY txn_ref_no HAVING count(*) > 1`);
    const total = async () => Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM log_entries WHERE source IN ('TXN_RESP_PENDING', 'TXN_TERMINAL_PENDING')`))[0]!.n);

    const first = await runPending();
    const [o] = await entriesOf(online);
    const [t] = await entriesOf(terminal);
    expect(o).toMatchObject({ source: 'TXN_RESP_PENDING', outcome: 'OPEN', request_id: `job:${first}` });
    expect(Number(o!.level)).toBe(5);
    expect(t).toMatchObject({ source: 'TXN_TERMINAL_PENDING', outcome: 'OPEN' });
    const [model] = await q<Record<string, unknown>>(`SELECT mid, tid, amount::text AS amount, master_merchant_id, merchant_id, branch_id FROM transactions WHERE txn_ref_no = $1`, [terminal]);
    expect([t!.mid, t!.tid, Number(t!.master_merchant_id), Number(t!.merchant_id), t!.branch_id == null ? null : Number(t!.branch_id)]).toEqual(
      [model!.mid, model!.tid, Number(model!.master_merchant_id), Number(model!.merchant_id), model!.branch_id == null ? null : Number(model!.branch_id)],
    );
    expect(t!.attributes).toMatchObject({ serviceType: 2, status: 'PENDING', ageMinutes: 50, thresholdMinutes: threshold, amount: model!.amount });
    expect(o!.attributes).toMatchObject({ serviceType: 1, ageMinutes: 30 });
    // Not old enough yet.
    expect(await entriesOf(young)).toEqual([]);
    // Every entry is of a transaction PENDING longer than the threshold.
    const stale = await q<{ txn_ref_no: string }>(
      `SELECT e.txn_ref_no FROM log_entries e LEFT JOIN transactions t ON t.txn_ref_no = e.txn_ref_no
       WHERE e.source IN ('TXN_RESP_PENDING', 'TXN_TERMINAL_PENDING') AND (t.id IS NULL OR t.status <> 'PENDING' OR t.created_at > $1)`,
      [new Date(now - threshold * 60_000)],
    );
    expect(stale).toEqual([]);

    // A second run lists nothing again.
    const before = await total();
    await runPending();
    expect(await total()).toBe(before);
    expect(await duplicates()).toEqual([]);

    // Once the young one has aged past the threshold, the next run lists it — once.
    s.advance(threshold * 60_000);
    await runPending();
    expect((await entriesOf(young)).map((e) => [e.source, e.outcome, (e.attributes as { ageMinutes: number }).ageMinutes])).toEqual([['TXN_RESP_PENDING', 'OPEN', 2 * threshold - 5]]);
    await runPending();
    expect(await duplicates()).toEqual([]);

    // The online one succeeds: the next run closes its entry in place; the others stay open.
    await q(`UPDATE transactions SET status = 'SUCCESS' WHERE txn_ref_no = $1`, [online]);
    const resolvedAt = s.now();
    await runPending();
    const closed = await entriesOf(online);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ source: 'TXN_RESP_PENDING', outcome: 'RESOLVED', request_id: `job:${first}` });
    expect(closed[0]!.attributes).toMatchObject({ ageMinutes: 30, finalStatus: 'SUCCESS' });
    expect(Date.parse(String(closed[0]!.attributes.resolvedAt))).toBeGreaterThanOrEqual(resolvedAt.getTime());
    expect((await entriesOf(terminal)).map((e) => e.outcome)).toEqual(['OPEN']);
    expect((await entriesOf(young)).map((e) => e.outcome)).toEqual(['OPEN']);
    await runPending();
    expect((await entriesOf(online)).map((e) => e.outcome)).toEqual(['RESOLVED']);
    expect(await duplicates()).toEqual([]);
  }, 180_000);
});
