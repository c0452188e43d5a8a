/**
 * The refund desk end to end over HTTP on each database:
 *  - 100 concurrent UpdateRefund on one request → exactly one refund (the transaction's refunded
 *    amount grows once, one REFUND event), 99 answered 409 RF409; a merchant's concurrent refund
 *    forms for one transaction → one request;
 *  - an idempotent replay → the same answer and nothing more; the same key with another body →
 *    IDEM422; no key → VAL400 naming Idempotency-Key;
 *  - every status × every desk action through the endpoints answers exactly as the state machine
 *    (refund-flow.ts) says: 200 for the transitions it draws, 409 RF409 for every other pair;
 *  - a refund counts in the sales reports' refunds on the day the money left, also while its
 *    acknowledgement fails; the transaction shows its refunded amount and refund status;
 *  - a receiver that keeps failing past the retry limit → REFUNDED_ACK_FAIL, then ResendAck →
 *    COMPLETED, every attempt in View log with the acting user;
 *  - the §3 refund form's refusals (stale amount, foreign reference, wrong or terminal service type).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PortalError, type PortalClient } from '@paydesk/contract';
import { REFUND_STATUSES, refundTransition, type RefundAction, type RefundStatus } from '@paydesk/domain';
import { sealSecret } from '../../src/engine/secret-fields.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

/** A Standard Webhooks secret (whsec_ and the base64 of 32 bytes). */
const SECRET = `whsec_${btoa('refund desk test secret, 32 byte')}`;

/** An endpoint answer: status, and the body or error code. */
interface Outcome {
  status: number;
  code?: string;
  body?: Record<string, unknown>;
  replayed?: boolean;
  /** The X-Request-Id answered (the request id of the call's audit row). */
  requestId?: string | null;
}

describe.each(DATABASES)('refund desk on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let merchant: PortalClient;
  let receiver: Server;
  let url = '';
  /** Failures the receiver still answers (500) per refund request id; 200 otherwise. Attempts per id. */
  const failures = new Map<number, number>();
  const attempts = new Map<number, number>();
  let merchantOrg = 0;

  /** POSTs `body` to a RiskPreChargeback action as `client` with `key` (or a fresh key; null: none). */
  async function post(client: PortalClient, action: string, body: unknown, key: string | null = randomUUID()): Promise<Outcome> {
    const res = await client.sendTo({ method: 'POST', encrypted: true }, `/api/portal/RiskPreChargeback/${action}`, { body, headers: key ? { 'Idempotency-Key': key } : {} });
    const replayed = res.headers.get('idempotent-replayed') === 'true';
    const requestId = res.headers.get('x-request-id');
    try {
      return { status: res.status, body: (await client.readJson(res, true, `/api/portal/RiskPreChargeback/${action}`)) as Record<string, unknown>, replayed, requestId };
    } catch (e) {
      if (e instanceof PortalError) return { status: e.status, code: e.errorCode };
      throw e;
    }
  }

  /** A successful, never-refunded sale of the demo merchant HQ's subtree (service type 1 unless told). */
  async function freshSale(serviceType = 1): Promise<{ id: number; ref: string; amount: string; currency: string }> {
    const [t] = await s.database.query<{ id: number; txn_ref_no: string; amount: string; currency: string }>(
      `SELECT id, txn_ref_no, amount::text AS amount, currency FROM transactions
       WHERE merchant_id = $1 AND service_type = $2 AND status = 'SUCCESS' AND txn_type = 'SALE' AND refund_status IS NULL AND amount > 0
         AND id NOT IN (SELECT transaction_id FROM refund_requests) ORDER BY id LIMIT 1`,
      [merchantOrg, serviceType],
    );
    if (!t) throw new Error(`no fresh sale of service type ${serviceType} left`);
    return { id: Number(t.id), ref: t.txn_ref_no, amount: t.amount, currency: t.currency };
  }

  /** A new PENDING request made through the refund form as the merchant; answers its id and sale. */
  async function pending(serviceType = 1) {
    const sale = await freshSale(serviceType);
    const a = await post(merchant, 'RequestRefund', { ServiceType: serviceType, TxnReferences: [sale.ref], TxnAmount: sale.amount, ReasonCode: 'RC', Description: 'customer cancelled' });
    expect(a.status, JSON.stringify(a)).toBe(200);
    const id = Number((a.body!.Requests as { Id: number }[])[0]!.Id);
    return { id, sale };
  }

  const refundForm = (id: number, sale: { ref: string; amount: string }, serviceType = 1) => ({ Id: id, ServiceType: serviceType, TxnReferences: [sale.ref], TxnAmount: sale.amount });
  const statusOf = async (id: number) => (await s.database.query<{ status: RefundStatus }>(`SELECT status FROM refund_requests WHERE id = $1`, [id]))[0]!.status;
  const txnOf = async (id: number) =>
    (await s.database.query<{ refunded: string; refund_status: string | null }>(`SELECT refunded_amount::text AS refunded, refund_status FROM transactions WHERE id = $1`, [id]))[0]!;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const id = Number((JSON.parse(body) as { RefundRequestId: number }).RefundRequestId);
        attempts.set(id, (attempts.get(id) ?? 0) + 1);
        const left = failures.get(id) ?? 0;
        failures.set(id, Math.max(0, left - 1));
        res.statusCode = left > 0 ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/refunds`;
    s = await startTestServer({ kind, transactions: 3000, config: { jobPollSeconds: 0.5, refundAckRetryLimit: 1, refundAckRetryDelaySeconds: 1, callbackAllowPrivate: true } });
    admin = await s.signIn('admin@paydesk.my');
    merchant = await s.signIn('merchant@paydesk.my');
    const profile = (await merchant.call('profile')) as { Current: { CompanyId: number } };
    merchantOrg = Number(profile.Current.CompanyId);
    // Enough fresh sales for every case: copies of one of the HQ's e-commerce sales under new ids and references,
    // never refunded (the demo refunds some sales, and a copied refunded amount above the copy's amount breaks
    // transactions_refund_within_amount).
    const [model] = await s.database.query<{ id: number }>(
      `SELECT id FROM transactions WHERE merchant_id = $1 AND service_type = 1 AND status = 'SUCCESS' AND txn_type = 'SALE' AND amount > 0
         AND refund_status IS NULL AND refunded_amount = 0 ORDER BY id LIMIT 1`,
      [merchantOrg],
    );
    await s.database.query(
      `INSERT INTO transactions
       SELECT (jsonb_populate_record(NULL::transactions, to_jsonb(t) || jsonb_build_object('id', x.m + g, 'txn_ref_no', 'PDT' || lpad((x.m + g)::text, 15, '0'), 'amount', 10 + g, 'refunded_amount', 0, 'refund_status', NULL))).*
       FROM transactions t, generate_series(1, 80) g, (SELECT max(id) AS m FROM transactions) x WHERE t.id = $1`,
      [model!.id],
    );
    await s.database.query(`SELECT setval(pg_get_serial_sequence('transactions', 'id'), (SELECT max(id) FROM transactions))`);
    await s.database.query(`DELETE FROM organization_configs WHERE org_id = $1`, [merchantOrg]);
    await s.database.query(`INSERT INTO organization_configs (org_id, callback_url, callback_secret) VALUES ($1, $2, $3)`, [merchantOrg, url, sealSecret(s.app.ctx.keys.fieldKey, SECRET)]);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await new Promise((r) => receiver?.close(r));
  });

  it('refunds exactly once under 100 concurrent UpdateRefund calls on one request', async () => {
    const { id, sale } = await pending();
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(admin, 'UpdateRefund', refundForm(id, sale))));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.code === 'RF409')).toHaveLength(99);
    expect(await txnOf(sale.id)).toMatchObject({ refunded: sale.amount });
    const [events] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_request_events WHERE refund_request_id = $1 AND action = 'REFUND'`, [id]);
    expect(Number(events!.n)).toBe(1);
    // Nothing is left to refund: a new form for the transaction is refused.
    const again = await post(merchant, 'RequestRefund', { ServiceType: 1, TxnReferences: [sale.ref], TxnAmount: sale.amount, ReasonCode: 'DP' });
    expect(again).toMatchObject({ status: 422, code: 'RF422' });
  }, 120_000);

  it('makes one request from concurrent refund forms for one transaction', async () => {
    const sale = await freshSale();
    const form = { ServiceType: 1, TxnReferences: [sale.ref], TxnAmount: sale.amount, ReasonCode: 'FR' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(merchant, 'RequestRefund', form)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 422 && a.code === 'RF422')).toBe(true);
    const [n] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE transaction_id = $1`, [sale.id]);
    expect(Number(n!.n)).toBe(1);
    expect((await txnOf(sale.id)).refund_status).toBe('PENDING');
  }, 120_000);

  it('answers an idempotent replay with the first answer, refuses the key with another body, and needs a key', async () => {
    const { id, sale } = await pending();
    const key = randomUUID();
    const first = await post(admin, 'UpdateRefund', refundForm(id, sale), key);
    expect(first.status).toBe(200);
    const replay = await post(admin, 'UpdateRefund', refundForm(id, sale), key);
    expect(replay).toMatchObject({ status: 200, replayed: true, body: first.body });
    expect(await txnOf(sale.id)).toMatchObject({ refunded: sale.amount });
    const other = await post(admin, 'UpdateRefund', { ...refundForm(id, sale), TxnAmount: '0.01' }, key);
    expect(other).toMatchObject({ status: 422, code: 'IDEM422' });
    const keyless = await post(admin, 'UpdateRefund', refundForm(id, sale), null);
    expect(keyless).toMatchObject({ status: 400, code: 'VAL400' });
    // The key is the caller's: another user with the same key runs their own request.
    const next = await pending();
    const theirs = await post(merchant, 'RequestRefund', { ServiceType: 1, TxnReferences: [next.sale.ref], TxnAmount: '1.00', ReasonCode: 'OT' }, key);
    expect(theirs).toMatchObject({ status: 422, code: 'RF422' });
  }, 120_000);

  it('answers every status × desk action exactly as the state machine says', async () => {
    const actions: [string, RefundAction, (id: number, sale: { ref: string; amount: string }) => unknown][] = [
      ['UpdateRefund', 'REFUND', (id, sale) => refundForm(id, sale)],
      ['Reject', 'REJECT', (id) => ({ Id: id, Description: 'duplicate of another request' })],
      ['TxnNotFound', 'NOT_FOUND', (id) => ({ Id: id, Description: 'no such payment at the acquirer' })],
      ['ResendAck', 'RESEND_ACK', (id) => ({ Id: id })],
    ];
    const mismatches: string[] = [];
    let cases = 0;
    for (const status of REFUND_STATUSES) {
      for (const [path, action, body] of actions) {
        const { id, sale } = await pending();
        // Put the request in `status` as the flow would have (money included when it is past REFUND).
        const refunded = ['REFUNDED', 'REFUNDED_ACK_FAIL', 'COMPLETED'].includes(status);
        await s.database.query(`UPDATE refund_requests SET status = $2, refunded_at = CASE WHEN $3 THEN now() END WHERE id = $1`, [id, status, refunded]);
        await s.database.query(`UPDATE transactions SET refund_status = $2, refunded_amount = CASE WHEN $3 THEN amount ELSE 0 END WHERE id = $1`, [sale.id, status, refunded]);
        const a = await post(admin, path, body(id, sale));
        const to = refundTransition(status, action);
        cases++;
        if (to === null ? a.status !== 409 || a.code !== 'RF409' : a.status !== 200 || a.body?.Status !== to) {
          mismatches.push(`${status} × ${path}: ${a.status} ${a.code ?? String(a.body?.Status)} (machine: ${to ?? 'refused'})`);
        }
        if (to === null && (await statusOf(id)) !== status) mismatches.push(`${status} × ${path} changed the status though refused`);
      }
    }
    expect(cases).toBe(REFUND_STATUSES.length * actions.length);
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('counts a refund in the sales refunds on the day the money left, shows it on the transaction, and resends a failed acknowledgement', async () => {
    const { id, sale } = await pending();
    const day = `(now() AT TIME ZONE 'Asia/Kuala_Lumpur')::date`;
    const refundsToday = async () =>
      (await s.database.query<{ n: number; a: string }>(
        `SELECT coalesce(sum(refund_count), 0)::int AS n, coalesce(sum(refund_amount), 0)::text AS a FROM refund_summary_daily WHERE level = 4 AND merchant_id = $1 AND business_day = ${day}`,
        [merchantOrg],
      ))[0]!;
    const before = await refundsToday();
    // The receiver fails every attempt of the first delivery (retry limit 1: two attempts).
    failures.set(id, 2);
    const a = await post(admin, 'UpdateRefund', refundForm(id, sale));
    expect(a).toMatchObject({ status: 200, body: { Status: 'REFUNDED', RefundedAmount: sale.amount } });
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('REFUNDED_ACK_FAIL'), { timeout: 60_000, interval: 200 });
    expect(attempts.get(id)).toBe(2);
    const during = await refundsToday();
    expect(during.n - before.n).toBe(1);
    expect(Number(during.a) - Number(before.a)).toBeCloseTo(Number(sale.amount), 2);
    expect(await txnOf(sale.id)).toEqual({ refunded: sale.amount, refund_status: 'REFUNDED_ACK_FAIL' });
    // Resend: the receiver answers 200 now.
    const resend = await post(admin, 'ResendAck', { Id: id });
    expect(resend.status).toBe(200);
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('COMPLETED'), { timeout: 60_000, interval: 200 });
    const after = await refundsToday();
    expect(after.n - before.n).toBe(1);
    expect((await txnOf(sale.id)).refund_status).toBe('COMPLETED');
    // View log: the request, the refund by the admin, three attempts, the failure, the resend and the delivery.
    const log = (await admin.call('refundLog', { params: { Id: id } })) as { Events: { Action: string; Actor: string | null; Summary: string }[] };
    expect(log.Events.map((e) => e.Action)).toEqual(['REQUEST', 'REFUND', 'ACK_ATTEMPT', 'ACK_ATTEMPT', 'ACK_FAILED', 'RESEND_ACK', 'ACK_ATTEMPT', 'ACK_DELIVERED']);
    expect(log.Events[0]!.Actor).toBe('merchant@paydesk.my');
    expect(log.Events[1]!.Actor).toBe('admin@paydesk.my');
    expect(log.Events[2]!.Actor).toBeNull();
    expect(log.Events.filter((e) => e.Action === 'ACK_ATTEMPT').map((e) => /failed|delivered/.exec(e.Summary)?.[0])).toEqual(['failed', 'failed', 'delivered']);
  }, 120_000);

  it("leaves exactly one audit row per desk call, with the actor, the request and the call's request id; a replay adds none", async () => {
    const userId = async (email: string) => Number((await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id);
    /** The audit rows of one call, by the request id it answered. */
    const trail = async (a: Outcome) => {
      expect(a.status, JSON.stringify(a)).toBe(200);
      expect(a.requestId).toBeTruthy();
      return (await s.database.query<{ action: string; target_type: string; target_id: string; actor_user_id: number }>(
        `SELECT action, target_type, target_id, actor_user_id FROM audit_log WHERE request_id = $1`,
        [a.requestId],
      )).map((r) => ({ ...r, actor_user_id: Number(r.actor_user_id) }));
    };
    const [adminId, merchantId] = [await userId('admin@paydesk.my'), await userId('merchant@paydesk.my')];
    const sale = await freshSale();
    const asked = await post(merchant, 'RequestRefund', { ServiceType: 1, TxnReferences: [sale.ref], TxnAmount: sale.amount, ReasonCode: 'RC' });
    const id = Number((asked.body!.Requests as { Id: number }[])[0]!.Id);
    const target = { target_type: 'RefundRequest', target_id: String(id) };
    expect(await trail(asked)).toEqual([{ action: 'REFUND_REQUEST', ...target, actor_user_id: merchantId }]);
    const key = randomUUID();
    expect(await trail(await post(admin, 'UpdateRefund', refundForm(id, sale), key))).toEqual([{ action: 'REFUND', ...target, actor_user_id: adminId }]);
    const replay = await post(admin, 'UpdateRefund', refundForm(id, sale), key);
    expect(replay.replayed).toBe(true);
    expect(await trail(replay)).toEqual([]);
    const other = await pending();
    expect(await trail(await post(admin, 'Reject', { Id: other.id, Description: 'duplicate' }))).toEqual([
      { action: 'REFUND_REJECT', target_type: 'RefundRequest', target_id: String(other.id), actor_user_id: adminId },
    ]);
  }, 120_000);

  it('refuses the refund forms it cannot honour, naming why', async () => {
    const sale = await freshSale();
    const form = { ServiceType: 1, TxnReferences: [sale.ref], TxnAmount: sale.amount, ReasonCode: 'RC' };
    expect(await post(merchant, 'RequestRefund', { ...form, TxnAmount: '0.01' })).toMatchObject({ status: 422, code: 'RF422' });
    expect(await post(merchant, 'RequestRefund', { ...form, ServiceType: 3 })).toMatchObject({ status: 400, code: 'VAL400' });
    expect(await post(merchant, 'RequestRefund', { ...form, ServiceType: 2 })).toMatchObject({ status: 400, code: 'VAL400' });
    expect(await post(merchant, 'RequestRefund', { ...form, ServiceType: undefined })).toMatchObject({ status: 400, code: 'VAL400' });
    // Another tenant's transaction: as unknown as a reference that does not exist.
    const [foreign] = await s.database.query<{ txn_ref_no: string; amount: string }>(
      `SELECT txn_ref_no, amount::text AS amount FROM transactions WHERE merchant_id <> $1 AND service_type = 1 AND status = 'SUCCESS' AND txn_type = 'SALE' ORDER BY id LIMIT 1`,
      [merchantOrg],
    );
    expect(await post(merchant, 'RequestRefund', { ...form, TxnReferences: [foreign!.txn_ref_no], TxnAmount: foreign!.amount })).toMatchObject({ status: 404, code: 'NF404' });
    // Nothing was written by the refusals.
    const [n] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE transaction_id = $1`, [sale.id]);
    expect(Number(n!.n)).toBe(0);
    // A merchant does not decide its own requests; a blank description is no description.
    const { id } = await pending();
    expect(await post(merchant, 'Reject', { Id: id, Description: 'x' })).toMatchObject({ status: 403, code: 'PERM403' });
    expect(await post(admin, 'Reject', { Id: id, Description: '   ' })).toMatchObject({ status: 400, code: 'VAL400' });
    expect(await statusOf(id)).toBe('PENDING');
  }, 120_000);
});
