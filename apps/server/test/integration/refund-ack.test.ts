/**
 * The signed refund acknowledgement (modules/risk-pre-chargeback/refund-ack.ts)
 * on each database, against a real HTTP receiver on loopback that checks every call the way a
 * merchant would, with the `standardwebhooks` package's own `Webhook#verify` (Standard Webhooks
 * headers webhook-id, webhook-timestamp, webhook-signature): a receiver that fails and then
 * answers 200 gets retries of the same signed event (the same webhook-id) until delivered
 * (COMPLETED); one that keeps failing past the retry limit leaves the request REFUNDED_ACK_FAIL,
 * and a resend then delivers it under a new id; a merchant without a callback URL, with a secret
 * the server cannot open or of the format before Standard Webhooks, or with a URL on a loopback
 * address, fails at once. Every attempt is in the request's log.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealSecret } from '../../src/engine/secret-fields.ts';
import { enqueueRefundAck } from '../../src/modules/risk-pre-chargeback/refund-ack.ts';
import { WEBHOOK_HEADERS, newWebhookSecret, verifyWebhook } from '../../src/platform/webhook-signature.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const SECRET = newWebhookSecret();
/** A secret as stored before Standard Webhooks: any text ('_' is no base64), refused by the form since. */
const OLD_FORMAT_SECRET = 'whsec_test_0123456789abcdef';

/** `text` with the byte at `i` changed (one bit flipped). */
const changedByte = (text: string, i: number) => `${text.slice(0, i)}${String.fromCharCode(text.charCodeAt(i) ^ 1)}${text.slice(i + 1)}`;

interface Received {
  headers: Record<string, string>;
  body: string;
}

describe.each(DATABASES)('refund acknowledgement on %s', (kind) => {
  let s: TestServer;
  let receiver: Server;
  let url = '';
  const received: Received[] = [];
  /** The status the receiver answers next (shifted per request; 200 when empty). */
  const script: number[] = [];

  /** A REFUNDED copy of a seeded request of merchant `merchantId`; answers its id. */
  const refunded = async (merchantId: number): Promise<number> => {
    const [r] = await s.database.query<{ id: number }>(
      `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
       SELECT transaction_id, txn_ref_no, service_type, amount, currency, reason_code, 'REFUNDED', description,
         master_merchant_id, agency_id, agent_id, merchant_id, branch_id
       FROM refund_requests WHERE merchant_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
      [merchantId],
    );
    return Number(r!.id);
  };
  const statusOf = async (id: number) => (await s.database.query<{ status: string }>(`SELECT status FROM refund_requests WHERE id = $1`, [id]))[0]!.status;
  const log = (id: number) =>
    s.database.query<{ action: string; from_status: string; to_status: string; summary: string; actor_user_id: number | null }>(
      `SELECT action, from_status, to_status, summary, actor_user_id FROM refund_request_events WHERE refund_request_id = $1 ORDER BY id`,
      [id],
    );
  const waitStatus = (id: number, status: string) => vi.waitFor(async () => expect(await statusOf(id)).toBe(status), { timeout: 60_000, interval: 200 });
  let configured = 0;
  let unconfigured = 0;
  let unreadable = 0;
  let oldFormat = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.statusCode = script.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/paydesk/refunds`;
    s = await startTestServer({ kind, transactions: 2000, config: { jobPollSeconds: 0.5, refundAckRetryLimit: 2, refundAckRetryDelaySeconds: 1, callbackAllowPrivate: true } });
    // Two merchants with refund requests: one with a callback (written here: the screen takes https only), one without.
    const merchants = (await s.database.query<{ m: number }>(`SELECT DISTINCT merchant_id AS m FROM refund_requests ORDER BY 1 LIMIT 4`)).map((r) => Number(r.m));
    expect(merchants).toHaveLength(4);
    [configured, unconfigured, unreadable, oldFormat] = merchants as [number, number, number, number];
    await s.database.query(`DELETE FROM organization_configs WHERE org_id = ANY($1::int[])`, [merchants]);
    await s.database.query(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [configured, url, sealSecret(s.app.ctx.keys.fieldKey, SECRET)]);
    // A secret sealed under another field key (a changed PAYDESK_SECRET): unreadable.
    await s.database.query(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [unreadable, url, sealSecret(randomBytes(32), SECRET)]);
    await s.database.query(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [oldFormat, url, sealSecret(s.app.ctx.keys.fieldKey, OLD_FORMAT_SECRET)]);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => receiver?.close(r));
  });

  /** Queues a delivery the way the desk does: inside a transaction of its own. */
  const queue = (id: number) => s.database.transaction((q) => enqueueRefundAck(s.app.jobs, id, q));
  const jobsOf = async (id: number) =>
    Number((await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'refund-ack' AND (data->>'refundRequestId')::int = $1`, [id]))[0]!.n);

  it('queues a delivery exactly when the transaction that asks for it commits', async () => {
    const id = await refunded(unconfigured);
    const before = await jobsOf(id);
    expect(before).toBe(0);
    const rolledBack = await s.database
      .transaction(async (q) => {
        await enqueueRefundAck(s.app.jobs, id, q);
        throw new Error('the work after the enqueue failed');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('the work after the enqueue failed');
    expect(await jobsOf(id)).toBe(before);
    await queue(id);
    expect(await jobsOf(id)).toBe(1);
    await waitStatus(id, 'REFUNDED_ACK_FAIL');
  }, 60_000);

  it('retries the same signed event after a failure until the receiver takes it, then completes the request', async () => {
    const id = await refunded(configured);
    received.length = 0;
    script.push(503);
    await queue(id);
    await waitStatus(id, 'COMPLETED');

    expect(received).toHaveLength(2);
    // The retry carries the same webhook-id, the event id of the body.
    const eventIds = new Set(received.map((r) => r.headers[WEBHOOK_HEADERS.id]));
    expect(eventIds.size).toBe(1);
    const receiver = new Webhook(SECRET);
    for (const r of received) {
      // A stock receiver (it reads Date.now(): the calls were received just now) takes it and answers the body.
      expect(receiver.verify(r.body, r.headers)).toMatchObject({ EventId: r.headers[WEBHOOK_HEADERS.id], RefundRequestId: id });
      expect(r.headers[WEBHOOK_HEADERS.timestamp]).toMatch(/^\d{10}$/);
      expect(r.headers[WEBHOOK_HEADERS.signature]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(Object.keys(r.headers).filter((h) => h.startsWith('paydesk-'))).toEqual([]);
      // The same verdict from the server's own verifier on its clock.
      expect(verifyWebhook([SECRET], r.headers, r.body, s.now().getTime())).toMatchObject({ ok: true, index: 0, id: r.headers[WEBHOOK_HEADERS.id] });
      // Another secret, a changed byte of the body (first, middle, last) or of the id or timestamp: refused.
      expect(() => new Webhook(newWebhookSecret()).verify(r.body, r.headers)).toThrow('No matching signature found');
      for (const i of [0, Math.floor(r.body.length / 2), r.body.length - 1]) expect(() => receiver.verify(changedByte(r.body, i), r.headers)).toThrow('No matching signature found');
      expect(() => receiver.verify(r.body, { ...r.headers, [WEBHOOK_HEADERS.id]: changedByte(r.headers[WEBHOOK_HEADERS.id]!, 0) })).toThrow('No matching signature found');
      expect(() => receiver.verify(r.body, { ...r.headers, [WEBHOOK_HEADERS.timestamp]: String(Number(r.headers[WEBHOOK_HEADERS.timestamp]) - 1) })).toThrow('No matching signature found');
    }
    const [row] = await s.database.query<Record<string, unknown>>(`SELECT txn_ref_no, service_type, amount::text AS amount, currency FROM refund_requests WHERE id = $1`, [id]);
    expect(JSON.parse(received[1]!.body)).toMatchObject({
      EventId: [...eventIds][0], EventType: 'refund.refunded', RefundRequestId: id, TxnRefNo: row!.txn_ref_no,
      ServiceType: Number(row!.service_type), Amount: row!.amount, Currency: row!.currency, Status: 'REFUNDED',
    });
    const events = await log(id);
    expect(events.map((e) => [e.action, e.from_status, e.to_status, e.actor_user_id])).toEqual([
      ['ACK_ATTEMPT', 'REFUNDED', 'REFUNDED', null], ['ACK_ATTEMPT', 'REFUNDED', 'REFUNDED', null], ['ACK_DELIVERED', 'REFUNDED', 'COMPLETED', null],
    ]);
    expect(events[0]!.summary).toMatch(/failed \(attempt 1 of 3\): HTTP 503/);
    expect(events[1]!.summary).toMatch(/delivered \(attempt 2 of 3\): HTTP 200/);
  }, 120_000);

  it('marks REFUNDED_ACK_FAIL past the retry limit, and a resend then completes it', async () => {
    const id = await refunded(configured);
    received.length = 0;
    script.push(500, 500, 500);
    await queue(id);
    await waitStatus(id, 'REFUNDED_ACK_FAIL');
    expect(received).toHaveLength(3);
    // Every attempt of one delivery: the same webhook-id, each verified.
    expect(new Set(received.map((r) => r.headers[WEBHOOK_HEADERS.id])).size).toBe(1);
    for (const r of received) expect(new Webhook(SECRET).verify(r.body, r.headers)).toMatchObject({ EventId: r.headers[WEBHOOK_HEADERS.id] });
    const failed = await log(id);
    expect(failed.map((e) => e.action)).toEqual(['ACK_ATTEMPT', 'ACK_ATTEMPT', 'ACK_ATTEMPT', 'ACK_FAILED']);
    expect(failed.at(-1)).toMatchObject({ from_status: 'REFUNDED', to_status: 'REFUNDED_ACK_FAIL' });

    await queue(id);
    await waitStatus(id, 'COMPLETED');
    expect(received).toHaveLength(4);
    // The resend is a new delivery: a new id, verified like the first.
    expect(received[3]!.headers[WEBHOOK_HEADERS.id]).not.toBe(received[0]!.headers[WEBHOOK_HEADERS.id]);
    expect(new Webhook(SECRET).verify(received[3]!.body, received[3]!.headers)).toMatchObject({ EventId: received[3]!.headers[WEBHOOK_HEADERS.id] });
    expect((await log(id)).at(-1)).toMatchObject({ action: 'ACK_DELIVERED', from_status: 'REFUNDED_ACK_FAIL', to_status: 'COMPLETED' });
  }, 120_000);

  it.each([
    ['has no callback URL', () => unconfigured, /no callback URL/],
    ['has a callback secret the server cannot read', () => unreadable, /cannot be read/],
    ['has a callback secret of the format before Standard Webhooks', () => oldFormat, /not a Standard Webhooks secret \(whsec_…\): generate a new one/],
  ])('fails at once, without retries, when the merchant %s', async (_, merchant, why) => {
    const id = await refunded(merchant());
    received.length = 0;
    await queue(id);
    await waitStatus(id, 'REFUNDED_ACK_FAIL');
    expect(received).toHaveLength(0);
    const events = await log(id);
    expect(events.map((e) => e.action)).toEqual(['ACK_ATTEMPT', 'ACK_FAILED']);
    expect(events[0]!.summary).toMatch(why);
  }, 60_000);

  it('never calls a callback URL on a loopback address unless CALLBACK_ALLOW_PRIVATE allows it: fails at once', async () => {
    s.app.ctx.config.callbackAllowPrivate = false;
    try {
      const id = await refunded(configured);
      received.length = 0;
      await queue(id);
      await waitStatus(id, 'REFUNDED_ACK_FAIL');
      expect(received).toHaveLength(0);
      const events = await log(id);
      expect(events.map((e) => e.action)).toEqual(['ACK_ATTEMPT', 'ACK_FAILED']);
      expect(events[0]!.summary).toMatch(/loopback address \(127\.0\.0\.1\)/);
    } finally {
      s.app.ctx.config.callbackAllowPrivate = true;
    }
  }, 60_000);
});
