/**
 * The handling screen's four actions (§7 RiskPreChargeback), each one audited operation: one database
 * transaction that locks the request (scoped: another tenant's id is NF404), asks the state
 * machine (docs/refund-flow.md; refused pairs are 409 RF409) and writes the status, the
 * transaction's refund status, one log event with the acting user and (the platform) one audit
 * row naming the request, its status before and after and the log event's summary:
 *  - UpdateRefund {Id, ServiceType, TxnReferences, TxnAmount} (`prechargeback:refund`): the manual
 *    refund. The form must be the request's own (its service type, its one reference, its amount)
 *    or VAL400 names the field. Then the transaction is locked too (request → transaction, the
 *    lock order of every refund path) and refunded only when its refundable amount still covers
 *    the request (422 RF422 otherwise); its refunded_amount grows by the amount and refunded_at is
 *    set. One acknowledgement delivery is queued in the same transaction (refund-ack.ts).
 *    Idempotent (the platform claims the key in the same transaction): a replay answers the first
 *    answer and queues and audits nothing; 100 concurrent calls refund once.
 *  - Reject / TxnNotFound {Id, Description} (`prechargeback:reject` / `prechargeback:notfound`).
 *  - ResendAck {Id} (`prechargeback:resendack`): queues a new delivery in its transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Routes } from '@paydesk/contract';
import { ERROR_CODES, compareMoney, type RefundAction } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { AuditNote, InputOf, OperationContext, OperationFn } from '../../platform/operation.ts';
import type { Scope } from '../../platform/scope.ts';
import { enqueueRefundAck } from './refund-ack.ts';
import { applyRefundAction, lockRefund, type LockedRefund } from './refund-events.ts';
import { refundState, type RefundState } from './refund-state.ts';

/** Locks request `id` inside `scope`, or throws NF404. */
async function lockInScope(q: Query, id: number, scope: Scope): Promise<LockedRefund> {
  const r = await lockRefund(q, id, scope);
  if (!r) throw notFound('Refund request');
  return r;
}

/** What an action needs of its operation's context: the transaction, the caller, the audit note. */
interface DeskContext {
  q: Query;
  scope: Scope;
  audit: (note: AuditNote) => void;
}

/**
 * Applies `action` to the locked `r` with `summary` as the caller, notes the change for the audit
 * row and answers the request's state. Throws RF409 when the status does not accept the action.
 */
async function act(ctx: DeskContext, r: LockedRefund, action: RefundAction, summary: string, at: Date): Promise<RefundState> {
  const to = await applyRefundAction(ctx.q, r, action, ctx.scope.userId, summary, at);
  ctx.audit({ targetId: r.id, before: { Status: r.status }, after: { Status: to }, detail: summary });
  return refundState(ctx.q, r.id);
}

/** UpdateRefund: the manual refund (see the module comment). */
export function updateRefund(app: FastifyInstance): OperationFn<Routes['updateRefund']> {
  return async (body, ctx) => {
    const { q, scope } = ctx;
    const r = await lockInScope(q, body.Id, scope);
    if (body.ServiceType !== r.serviceType) throw badInput('ServiceType', `the request is for service type ${r.serviceType}`);
    if (body.TxnReferences.length !== 1 || body.TxnReferences[0] !== r.txnRefNo) throw badInput('TxnReferences', `the request is for transaction ${r.txnRefNo} only`);
    if (compareMoney(body.TxnAmount, r.amount) !== 0) throw badInput('TxnAmount', `the request is for ${r.currency} ${r.amount}`);
    // Ask the machine before touching the transaction: a second refund is RF409, whatever the amounts.
    const [txn] = await q<{ left: string }>(`SELECT (amount - refunded_amount)::text AS left FROM transactions WHERE id = $1 FOR UPDATE`, [r.transactionId]);
    if (r.status === 'PENDING' && (!txn || compareMoney(txn.left, r.amount) < 0)) {
      throw new AppError(422, ERROR_CODES.NOT_REFUNDABLE, `Transaction ${r.txnRefNo} has ${r.currency} ${txn?.left ?? '0.00'} left to refund, less than the request's ${r.amount}`);
    }
    const state = await act(ctx, r, 'REFUND', `Refunded ${r.currency} ${r.amount} by ${scope.email}`, ctx.now());
    await enqueueRefundAck(app.jobs, r.id, q);
    return state;
  };
}

/** Reject and TxnNotFound: the same shape, another action. */
export async function decideRefund(
  body: InputOf<Routes['rejectRefund']>,
  ctx: OperationContext<Routes['rejectRefund']>,
  action: Extract<RefundAction, 'REJECT' | 'NOT_FOUND'>,
): Promise<RefundState> {
  const r = await lockInScope(ctx.q, body.Id, ctx.scope);
  return act(ctx, r, action, `${action === 'REJECT' ? 'Rejected' : 'Transaction not found'} by ${ctx.scope.email}: ${body.Description}`, ctx.now());
}

/** ResendAck: queues a new delivery of the acknowledgement in the action's transaction. */
export function resendRefundAck(app: FastifyInstance): OperationFn<Routes['resendRefundAck']> {
  return async (body, ctx) => {
    const r = await lockInScope(ctx.q, body.Id, ctx.scope);
    const state = await act(ctx, r, 'RESEND_ACK', `Acknowledgement resent by ${ctx.scope.email}`, ctx.now());
    await enqueueRefundAck(app.jobs, r.id, ctx.q);
    return state;
  };
}
