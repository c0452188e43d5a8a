/**
 * Moving a refund request through its state machine (domain refund-flow.ts, docs/refund-flow.md)
 * and writing its log (refund_request_events), for the desk's actions and the system's events.
 */
import { ERROR_CODES, refundTransition, type RefundAction, type RefundStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';

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
 * null when there is none — or none inside `scope`'s subtree when a scope is given (a caller
 * never learns whether another tenant's id exists). Callers decide and write while holding the lock.
 */
export async function lockRefund(q: Query, id: number, scope?: Scope): Promise<LockedRefund | null> {
  const owner = scope ? ownerConditionSql(scope, 'r', 2) : { text: 'true', values: [] };
  const [r] = await q<Record<string, unknown>>(
    `SELECT id, status, transaction_id, merchant_id, txn_ref_no, service_type, amount::text AS amount, currency FROM refund_requests r WHERE id = $1 AND ${owner.text} FOR UPDATE`,
    [id, ...owner.values],
  );
  if (!r) return null;
  return {
    id: Number(r.id), status: r.status as RefundStatus, transactionId: Number(r.transaction_id), merchantId: Number(r.merchant_id),
    txnRefNo: String(r.txn_ref_no), serviceType: Number(r.service_type), amount: String(r.amount), currency: String(r.currency),
  };
}

/**
 * Applies `action` to the locked request `r` in transaction `q`: the new status (updated_at
 * `at`; REFUND also sets refunded_at `at` once and adds the amount to the transaction's
 * refunded_amount), the transaction's refund_status, and one event with `actorUserId` (null: the
 * system) and `summary`. Answers the new status. Lock order everywhere: the request, then its
 * transaction. A REFUND caller must hold the transaction's row lock and have checked the
 * refundable amount (refund-money.ts); the CHECK transactions_refund_within_amount is the last guard.
 * Throws AppError 409 RF409 when the status does not accept the action (nothing written).
 */
export async function applyRefundAction(q: Query, r: LockedRefund, action: RefundAction, actorUserId: number | null, summary: string, at: Date): Promise<RefundStatus> {
  const to = refundTransition(r.status, action);
  if (to === null) throw new AppError(409, ERROR_CODES.REFUND_STATE, `Refund request ${r.id} is ${r.status}: ${action} is not allowed`);
  const refund = action === 'REFUND';
  if (to !== r.status || refund) {
    await q(`UPDATE refund_requests SET status = $2, updated_at = $3${refund ? ', refunded_at = $3' : ''} WHERE id = $1`, [r.id, to, at]);
    await q(
      `UPDATE transactions SET refund_status = $2${refund ? ', refunded_amount = refunded_amount + $3::numeric' : ''} WHERE id = $1`,
      refund ? [r.transactionId, to, r.amount] : [r.transactionId, to],
    );
  }
  await logRefundEvent(q, r.id, action, r.status, to, actorUserId, summary, at);
  return to;
}

/**
 * Appends one event to a request's log without a status change check (the delivery attempts:
 * action ACK_ATTEMPT, status unchanged; the request itself: REQUEST, from null to PENDING). `summary` is at most 500 characters (longer is cut).
 */
export async function logRefundEvent(
  q: Query, refundRequestId: number, action: RefundAction | 'ACK_ATTEMPT' | 'REQUEST', from: RefundStatus | null, to: RefundStatus, actorUserId: number | null, summary: string, at: Date,
): Promise<void> {
  await q(
    `INSERT INTO refund_request_events (refund_request_id, at, actor_user_id, action, from_status, to_status, summary) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [refundRequestId, at, actorUserId, action, from, to, summary.slice(0, 500)],
  );
}
