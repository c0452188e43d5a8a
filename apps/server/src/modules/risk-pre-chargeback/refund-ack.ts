/**
 * The signed acknowledgement of a refund to its merchant (docs/refund-flow.md,
 * docs/API.md "Webhooks"). After a manual refund, and on ResendAck, one job on the refund-ack
 * queue POSTs the refund as JSON to the callback URL of the merchant HQ's configuration
 * (organization_configs of refund_requests.merchant_id: a branch's sales are acknowledged to its
 * HQ, which owns the integration), signed the Standard Webhooks way with that configuration's
 * callback secret (platform/webhook-signature.ts: headers webhook-id = the event id,
 * webhook-timestamp, webhook-signature), so the merchant verifies it with any stock library
 * (`new Webhook(secret).verify(body, headers)`). A 2xx answer within 10 s delivers it (ACK_DELIVERED:
 * COMPLETED); anything else fails the attempt, retried with exponential backoff up to
 * REFUND_ACK_RETRY_LIMIT times; the last failure is ACK_FAILED (REFUNDED_ACK_FAIL), from which
 * ResendAck queues a new delivery. Without a callback URL or a readable secret there is nobody to
 * tell, and a URL reaching a loopback or private address is never called (platform/outbound-address.ts,
 * CALLBACK_ALLOW_PRIVATE): one failed attempt and ACK_FAILED at once. Every attempt is an ACK_ATTEMPT event in the request's log
 * (the desk's "view log"). The event id is fixed per delivery, so retries carry the same
 * webhook-id and a receiver drops duplicates; the network call is made outside any transaction.
 *
 * A secret stored in another format before the move to Standard Webhooks (e.g. 'whsec_live_…',
 * with '_' outside base64) is treated as unreadable: one failed attempt and ACK_FAILED at once, the
 * log telling the user to generate a whsec_ secret (NOT_STANDARD_SECRET). Signing with the text's
 * raw bytes (`new Webhook(text, {format: 'raw'})`) was rejected: the merchant's stock verifier,
 * given the same text, base64-decodes what follows whsec_, so it throws on such text or derives
 * another key, and few libraries take a raw key at all; nobody could check that signature.
 *
 * Every call made is also one PAYMENT log entry (platform/outbound-log.ts, issue 30 item 3): URL,
 * latency, status or error, the masked request and answer, the request's owner columns, the
 * transaction's MID and TxnRefNo; level 1 delivered, 5 failed with a retry to come, 9 failed on the
 * last attempt. The call carries the request id of the action that queued it as X-Request-Id.
 */
import { randomUUID } from 'node:crypto';
import type { RefundStatus } from '@paydesk/domain';
import type { ServerConfig } from '../../config.ts';
import { isSealed, openSecret } from '../../platform/sealing.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Query } from '../../db/client.ts';
import type { JobAttempt, JobQueue, JobQueueDef } from '../../platform/jobs.ts';
import { logStoreOf } from '../../platform/log-store.ts';
import { outboundFetch, outboundRefusal } from '../../platform/outbound-address.ts';
import { isSuccess, outboundLogEntry, timedFetch } from '../../platform/outbound-log.ts';
import { isWebhookSecret, signWebhook } from '../../platform/webhook-signature.ts';
import { applyRefundAction, lockRefund, logRefundEvent } from './refund-events.ts';

/** One delivery: the request and the event id every attempt of it carries. */
export interface RefundAckJob {
  refundRequestId: number;
  eventId: string;
}

/** Why a stored secret in another format is not used (see the file's docstring), as the log shows it. */
export const NOT_STANDARD_SECRET = 'the callback secret is not a Standard Webhooks secret (whsec_…): generate a new one in the merchant configuration and give it to the receiver';

/** The queue of the deliveries. */
const REFUND_ACK = 'refund-ack';
/** How long one attempt waits for the merchant's answer. */
export const ACK_TIMEOUT_MS = 10_000;
/** The statuses an acknowledgement can be delivered for (the request was refunded). */
const ACKNOWLEDGEABLE: readonly RefundStatus[] = ['REFUNDED', 'REFUNDED_ACK_FAIL', 'COMPLETED'];

/** The refund-ack queue with the configured retry policy (REFUND_ACK_RETRY_LIMIT, REFUND_ACK_RETRY_DELAY_SECONDS). */
export function refundAckQueue(config: ServerConfig): JobQueueDef {
  return { name: REFUND_ACK, retryLimit: config.refundAckRetryLimit, retryDelaySeconds: config.refundAckRetryDelaySeconds, retryBackoff: true, expireInSeconds: 60 };
}

/**
 * Queues a delivery of request `refundRequestId`'s acknowledgement inside the open transaction
 * `q` (the one that refunded or resent): the job exists exactly when that transaction commits, so
 * a process that dies after the commit still leaves the delivery queued. Answers the job id.
 */
export async function enqueueRefundAck(jobs: JobQueue, refundRequestId: number, q: Query): Promise<string | null> {
  return jobs.send<RefundAckJob>(REFUND_ACK, { refundRequestId, eventId: randomUUID() }, { in: q });
}

/** A nullable integer column as a number. */
const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** The JSON body of the acknowledgement (PascalCase like every Paydesk answer; money as ringgit text). */
function ackBody(r: { id: number; txnRefNo: string; serviceType: number; amount: string; currency: string }, eventId: string, at: Date): string {
  return JSON.stringify({
    EventId: eventId, EventType: 'refund.refunded', RefundRequestId: r.id, TxnRefNo: r.txnRefNo, ServiceType: r.serviceType,
    Amount: r.amount, Currency: r.currency, Status: 'REFUNDED', SentAt: at.toISOString(),
  });
}

/**
 * One attempt of a delivery (the refund-ack queue's handler). Throws after recording a failed
 * attempt, so the queue schedules the retry (or, past the last, calls markRefundAckFailed);
 * returns when delivered, when no retry can succeed (after ACK_FAILED) or when there is nothing
 * to acknowledge.
 */
export async function deliverRefundAck(ctx: AppContext, job: JobAttempt<RefundAckJob>): Promise<void> {
  const { refundRequestId: id, eventId } = job.data;
  const [row] = await ctx.database.query<Record<string, unknown>>(
    `SELECT r.id, r.status, r.txn_ref_no, r.service_type, r.amount::text AS amount, r.currency, c.callback_url, c.callback_secret,
       r.master_merchant_id, r.agency_id, r.agent_id, r.merchant_id, r.branch_id, t.mid
     FROM refund_requests r LEFT JOIN organization_configs c ON c.org_id = r.merchant_id AND c.is_active = 1
       LEFT JOIN transactions t ON t.id = r.transaction_id
     WHERE r.id = $1`,
    [id],
  );
  if (!row || !ACKNOWLEDGEABLE.includes(row.status as RefundStatus)) return;
  const attemptNo = `attempt ${job.retryCount + 1} of ${job.retryLimit + 1}`;
  const url = row.callback_url ? String(row.callback_url) : '';
  const stored = row.callback_secret ? String(row.callback_secret) : '';
  let failure: string | null = null;
  let delivered = '';
  let secret = '';
  try {
    secret = isSealed(stored) ? openSecret(ctx.keys.fieldKey, stored) : stored;
  } catch {
    // Sealed under another key or altered: no retry can read it; the merchant must set it again.
  }
  // A secret of the old format opens but signs nothing a stock verifier checks (the file's docstring).
  const standard = secret !== '' && isWebhookSecret(secret);
  // A merchant types its callback URL: never a request into the platform's own network (SSRF).
  const refused = url ? await outboundRefusal(url, ctx.config.callbackAllowPrivate) : null;
  if (!url || !secret) failure = url && stored ? 'the callback secret cannot be read: set it again in the merchant configuration' : 'no callback URL and secret in the merchant configuration';
  else if (!standard) failure = NOT_STANDARD_SECRET;
  else if (refused) failure = refused;
  else {
    const at = ctx.now();
    const body = ackBody({ id, txnRefNo: String(row.txn_ref_no), serviceType: Number(row.service_type), amount: String(row.amount), currency: String(row.currency) }, eventId, at);
    // Pinned: the addresses are checked again as the socket connects (DNS rebinding).
    const exchange = await timedFetch(
      {
        method: 'POST',
        url,
        signal: AbortSignal.timeout(ACK_TIMEOUT_MS),
        // webhook-id is the event id: the same on every retry of this delivery.
        headers: { 'content-type': 'application/json', ...signWebhook(secret, eventId, at, body) },
        body,
      },
      (u, init) => outboundFetch(u, init, { allowPrivate: ctx.config.callbackAllowPrivate }),
      { now: ctx.now },
    );
    const latency = Math.round(exchange.latencyMs);
    if (isSuccess(exchange)) delivered = `HTTP ${exchange.status} in ${latency} ms`;
    else if (exchange.status !== null) failure = `HTTP ${exchange.status}`;
    else failure = exchange.error?.name === 'TimeoutError' ? `no answer within ${ACK_TIMEOUT_MS / 1000} s` : `not reached: ${exchange.error?.message ?? 'no answer'}`;
    const owner = { masterMerchantId: num(row.master_merchant_id), agencyId: num(row.agency_id), agentId: num(row.agent_id), merchantId: num(row.merchant_id), branchId: num(row.branch_id) };
    // A failed call is retried unless this was the job's last attempt.
    logStoreOf(ctx).write(outboundLogEntry(exchange, {
      final: job.lastAttempt,
      purpose: 'refund-ack',
      subject: { owner, mid: row.mid == null ? null : String(row.mid), txnRefNo: String(row.txn_ref_no) },
    }));
  }
  // Without a URL or a readable standard secret, or to a refused address, no retry can succeed:
  // ACK_FAILED at once. Any other failure throws; the job failing for good is markRefundAckFailed (the queue's failedForGood).
  const final = failure !== null && (!url || !secret || !standard || refused !== null);
  await ctx.database.transaction(async (q) => {
    const r = await lockRefund(q, id);
    if (!r || !ACKNOWLEDGEABLE.includes(r.status)) return;
    const at = ctx.now();
    if (failure === null) {
      await logRefundEvent(q, id, 'ACK_ATTEMPT', r.status, r.status, null, `Acknowledgement ${eventId} delivered (${attemptNo}): ${delivered}`, at);
      await applyRefundAction(q, r, 'ACK_DELIVERED', null, `Acknowledgement ${eventId} delivered to the merchant`, at);
    } else {
      await logRefundEvent(q, id, 'ACK_ATTEMPT', r.status, r.status, null, `Acknowledgement ${eventId} failed (${attemptNo}): ${failure}`, at);
      if (final) await applyRefundAction(q, r, 'ACK_FAILED', null, `Acknowledgement ${eventId} not delivered: ${failure}`, at);
    }
  });
  if (failure !== null && !final) throw new Error(`refund ${id} acknowledgement ${attemptNo} failed: ${failure}`);
}

/**
 * The refund-ack queue's failedForGood (platform/jobs.ts): the delivery `job` failed for good (its
 * last attempt threw or outlived its expiry), so request `job.refundRequestId`, when still REFUNDED
 * or REFUNDED_ACK_FAIL, takes ACK_FAILED with `message` under its row lock (REFUNDED_ACK_FAIL, from
 * which ResendAck queues a new delivery). A COMPLETED request (a later delivery got through) or one
 * gone is left as it is, so a repeated call changes nothing more.
 */
export async function markRefundAckFailed(ctx: AppContext, job: RefundAckJob, message: string): Promise<void> {
  await ctx.database.transaction(async (q) => {
    const r = await lockRefund(q, job.refundRequestId);
    if (!r || (r.status !== 'REFUNDED' && r.status !== 'REFUNDED_ACK_FAIL')) return;
    if (r.status === 'REFUNDED_ACK_FAIL' && (await q(`SELECT 1 FROM refund_request_events WHERE refund_request_id = $1 AND action = 'ACK_FAILED' AND summary LIKE $2`, [r.id, `Acknowledgement ${job.eventId} %`])).length) return;
    await applyRefundAction(q, r, 'ACK_FAILED', null, `Acknowledgement ${job.eventId} not delivered: ${message}`, ctx.now());
  });
}
