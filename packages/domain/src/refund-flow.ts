/**
 * The one state machine of a refund request (§4 refund request status; drawn in
 * docs/refund-flow.md). The refund desk's actions and the system's events move a request:
 *
 *   PENDING --REFUND--> REFUNDED --ACK_DELIVERED--> COMPLETED
 *                       REFUNDED --ACK_FAILED--> REFUNDED_ACK_FAIL (the acknowledgement failed after its retries)
 *                       REFUNDED_ACK_FAIL --RESEND_ACK--> REFUNDED_ACK_FAIL (a new delivery is queued)
 *                       REFUNDED_ACK_FAIL --ACK_DELIVERED--> COMPLETED
 *   PENDING --REJECT--> REJECTED            (a description is required)
 *   PENDING --NOT_FOUND--> TXN_NOT_FOUND    (a description is required)
 *   PENDING --EXPIRE--> EXPIRED             (older than the REFUND_EXPIRY_DAYS setting; the scheduler)
 *   COMPLETED --RESEND_ACK--> COMPLETED     (the merchant asks for its acknowledgement again)
 *
 * REJECTED, TXN_NOT_FOUND and EXPIRED are final. Money moves only on REFUND, which only PENDING
 * allows, so a request refunds at most once whatever the order of actions. Any other pair is
 * refused (409 REFUND_STATE).
 */
import type { RefundStatus } from './enums.ts';
import { stateMachine } from './state-machine.ts';

/** What can happen to a refund request: the desk's actions and the acknowledgement's outcomes. */
export const REFUND_ACTIONS = ['REFUND', 'REJECT', 'NOT_FOUND', 'EXPIRE', 'ACK_DELIVERED', 'ACK_FAILED', 'RESEND_ACK'] as const;
export type RefundAction = (typeof REFUND_ACTIONS)[number];

/** For each status, the actions it accepts and the status each leads to (absent: refused). */
export const REFUND_TRANSITIONS: Readonly<Record<RefundStatus, Readonly<Partial<Record<RefundAction, RefundStatus>>>>> = {
  PENDING: { REFUND: 'REFUNDED', REJECT: 'REJECTED', NOT_FOUND: 'TXN_NOT_FOUND', EXPIRE: 'EXPIRED' },
  REFUNDED: { ACK_DELIVERED: 'COMPLETED', ACK_FAILED: 'REFUNDED_ACK_FAIL' },
  REFUNDED_ACK_FAIL: { RESEND_ACK: 'REFUNDED_ACK_FAIL', ACK_DELIVERED: 'COMPLETED', ACK_FAILED: 'REFUNDED_ACK_FAIL' },
  COMPLETED: { RESEND_ACK: 'COMPLETED', ACK_DELIVERED: 'COMPLETED', ACK_FAILED: 'COMPLETED' },
  REJECTED: {},
  TXN_NOT_FOUND: {},
  EXPIRED: {},
};

/**
 * The statuses in which the request's money has left (REFUND happened): the refunded amount of the
 * transaction and the sales reports' refunds count these, whatever the acknowledgement did.
 */
export const REFUNDED_STATUSES: readonly RefundStatus[] = ['REFUNDED', 'REFUNDED_ACK_FAIL', 'COMPLETED'];

/** The refund request's machine (the workflow engine's RefundRequest record reads it). */
export const REFUND_MACHINE = stateMachine<RefundStatus, RefundAction>(REFUND_TRANSITIONS);

/** The statuses no action leaves. */
export const FINAL_REFUND_STATUSES = REFUND_MACHINE.final;

/**
 * The status `action` leads `from` to, or null when the machine refuses it (the caller answers
 * 409 REFUND_STATE naming both). Pure; no money or time involved.
 */
export function refundTransition(from: RefundStatus, action: RefundAction): RefundStatus | null {
  return REFUND_MACHINE.next(from, action);
}

/** The statuses from which `action` is accepted (for the desk's buttons and the SQL guards). */
export function statusesAccepting(action: RefundAction): RefundStatus[] {
  return REFUND_MACHINE.accepting(action);
}
