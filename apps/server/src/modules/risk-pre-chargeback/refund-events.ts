/**
 * Moving a refund request through its state machine (domain refund-flow.ts, docs/refund-flow.md)
 * and writing its log (refund_request_events), for the desk's actions and the system's events.
 */
import { ERROR_CODES, REFUND_MACHINE, type RefundAction, type RefundStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { ownerConditionSql, type Scope } from '../../platform/scope.ts';
import { logEvent, move, type MovePlan, type WorkflowTable } from '../../workflows/engine.ts';

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

/** The refund request as a workflow record (workflows/engine.ts): its machine, lock and event log. */
export const REFUND_REQUESTS: WorkflowTable<RefundStatus, RefundAction, LockedRefund> = {
  machine: REFUND_MACHINE,
  table: 'refund_requests',
  noun: 'Refund request',
  conflict: ERROR_CODES.REFUND_STATE,
  lock: lockRefund,
  events: { table: 'refund_request_events', key: 'refund_request_id', fromTo: true },
};

/**
 * What moving locked request `r` by `action` to `to` writes besides its state: REFUND sets
 * refunded_at `at` once and adds the amount to the transaction's refunded_amount; any change of
 * state (or a REFUND) sets the transaction's refund_status. A REFUND caller must hold the
 * transaction's row lock and have checked the refundable amount; the CHECK
 * transactions_refund_within_amount is the last guard. `also` runs after the plan's own side effect.
 */
export function refundPlan(q: Query, r: LockedRefund, action: RefundAction, to: RefundStatus, summary: string, at: Date, also?: () => Promise<unknown>): MovePlan {
  const refund = action === 'REFUND';
  const changes = to !== r.status || refund;
  return {
    summary,
    set: refund ? { refunded_at: at } : undefined,
    also: async () => {
      if (changes) {
        await q(
          `UPDATE transactions SET refund_status = $2${refund ? ', refunded_amount = refunded_amount + $3::numeric' : ''} WHERE id = $1`,
          refund ? [r.transactionId, to, r.amount] : [r.transactionId, to],
        );
      }
      await also?.();
    },
  };
}

/**
 * Applies the system's `action` (a delivery outcome) to the locked request `r` in transaction
 * `q` (refundPlan), with one event by `actorUserId` (null: the system). Answers the new status.
 * Lock order everywhere: the request, then its transaction. Throws AppError 409 RF409 when the
 * status does not accept the action (nothing written).
 */
export async function applyRefundAction(q: Query, r: LockedRefund, action: RefundAction, actorUserId: number | null, summary: string, at: Date): Promise<RefundStatus> {
  const { to } = await move(q, REFUND_REQUESTS, r, action, actorUserId, at, (next) => refundPlan(q, r, action, next, summary, at));
  return to;
}

/**
 * Appends one event to a request's log without a status change check (the delivery attempts:
 * action ACK_ATTEMPT, status unchanged; the request itself: REQUEST, from null to PENDING). `summary` is at most 500 characters (longer is cut).
 */
export async function logRefundEvent(
  q: Query, refundRequestId: number, action: RefundAction | 'ACK_ATTEMPT' | 'REQUEST', from: RefundStatus | null, to: RefundStatus, actorUserId: number | null, summary: string, at: Date,
): Promise<void> {
  await logEvent(q, REFUND_REQUESTS.events, refundRequestId, { action, from, to, actorUserId, summary, at });
}
