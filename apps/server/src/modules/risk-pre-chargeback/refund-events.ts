/**
 * Moving a refund request through its state machine (domain refund-flow.ts, docs/refund-flow.md)
 * and writing its log (refund_request_events), for the desk's actions and the system's events.
 */
import { ERROR_CODES, refundTransition, type RefundAction, type RefundStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

/** A refund request as the flow reads it under its row lock. */
export interface LockedRefund {
  id: number;
  status: RefundStatus;
  transactionId: number;
  merchantId: number;
  txnRefNo: string;
  serviceType: number;
  amount: string;
  currency: string;
}

/**
 * Locks refund request `id` (FOR UPDATE) inside the caller's transaction `q` and answers it, or
 * null when there is none. Callers decide and write while holding the lock.
 */
export async function lockRefund(q: Query, id: number): Promise<LockedRefund | null> {
  const [r] = await q<Record<string, unknown>>(
    `SELECT id, status, transaction_id, merchant_id, txn_ref_no, service_type, amount::text AS amount, currency FROM refund_requests WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!r) return null;
  return {
    id: Number(r.id), status: r.status as RefundStatus, transactionId: Number(r.transaction_id), merchantId: Number(r.merchant_id),
    txnRefNo: String(r.txn_ref_no), serviceType: Number(r.service_type), amount: String(r.amount), currency: String(r.currency),
  };
}

/**
 * Applies `action` to the locked request `r` in transaction `q`: the new status (updated_at
 * `at`) and one event with `actorUserId` (null: the system) and `summary`. Answers the new status.
 * Throws AppError 409 RF409 when the status does not accept the action (nothing written).
 */
export async function applyRefundAction(q: Query, r: LockedRefund, action: RefundAction, actorUserId: number | null, summary: string, at: Date): Promise<RefundStatus> {
  const to = refundTransition(r.status, action);
  if (to === null) throw new AppError(409, ERROR_CODES.REFUND_STATE, `Refund request ${r.id} is ${r.status}: ${action} is not allowed`);
  if (to !== r.status) await q(`UPDATE refund_requests SET status = $2, updated_at = $3 WHERE id = $1`, [r.id, to, at]);
  await logRefundEvent(q, r.id, action, r.status, to, actorUserId, summary, at);
  return to;
}

/**
 * Appends one event to a request's log without a status change check (the delivery attempts:
 * action ACK_ATTEMPT, status unchanged). `summary` is at most 500 characters (longer is cut).
 */
export async function logRefundEvent(
  q: Query, refundRequestId: number, action: RefundAction | 'ACK_ATTEMPT', from: RefundStatus | null, to: RefundStatus, actorUserId: number | null, summary: string, at: Date,
): Promise<void> {
  await q(
    `INSERT INTO refund_request_events (refund_request_id, at, actor_user_id, action, from_status, to_status, summary) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [refundRequestId, at, actorUserId, action, from, to, summary.slice(0, 500)],
  );
}
