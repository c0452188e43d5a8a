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
import { ERROR_CODES, compareMoney } from '@paydesk/domain';
import { AppError, badInput } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { command } from '../../workflows/engine.ts';
import { enqueueRefundAck } from './refund-ack.ts';
import { REFUND_REQUESTS, refundPlan } from './refund-events.ts';
import { refundState } from './refund-state.ts';

/** UpdateRefund: the manual refund (see the module comment). The machine is asked first: a second refund is RF409 whatever the form. */
export function updateRefund(app: FastifyInstance): OperationFn<Routes['updateRefund']> {
  return command(REFUND_REQUESTS, 'REFUND', async (r, body, ctx, to) => {
    if (body.ServiceType !== r.serviceType) throw badInput('ServiceType', `the request is for service type ${r.serviceType}`);
    if (body.TxnReferences.length !== 1 || body.TxnReferences[0] !== r.txnRefNo) throw badInput('TxnReferences', `the request is for transaction ${r.txnRefNo} only`);
    if (compareMoney(body.TxnAmount, r.amount) !== 0) throw badInput('TxnAmount', `the request is for ${r.currency} ${r.amount}`);
    const [txn] = await ctx.q<{ left: string }>(`SELECT (amount - refunded_amount)::text AS left FROM transactions WHERE id = $1 FOR UPDATE`, [r.transactionId]);
    if (!txn || compareMoney(txn.left, r.amount) < 0) {
      throw new AppError(422, ERROR_CODES.NOT_REFUNDABLE, `Transaction ${r.txnRefNo} has ${r.currency} ${txn?.left ?? '0.00'} left to refund, less than the request's ${r.amount}`);
    }
    return refundPlan(ctx.q, r, 'REFUND', to, `Refunded ${r.currency} ${r.amount} by ${ctx.scope.email}`, ctx.now(), () => enqueueRefundAck(app.jobs, r.id, ctx.q));
  }, refundState);
}

/** Reject: a description is required (the contract's schema). */
export const rejectRefund: OperationFn<Routes['rejectRefund']> = command(REFUND_REQUESTS, 'REJECT', (r, body, ctx, to) =>
  refundPlan(ctx.q, r, 'REJECT', to, `Rejected by ${ctx.scope.email}: ${body.Description}`, ctx.now()), refundState);

/** TxnNotFound: the transaction could not be found at the provider (a description is required). */
export const refundTxnNotFound: OperationFn<Routes['refundTxnNotFound']> = command(REFUND_REQUESTS, 'NOT_FOUND', (r, body, ctx, to) =>
  refundPlan(ctx.q, r, 'NOT_FOUND', to, `Transaction not found by ${ctx.scope.email}: ${body.Description}`, ctx.now()), refundState);

/** ResendAck: queues a new delivery of the acknowledgement in the action's transaction. */
export function resendRefundAck(app: FastifyInstance): OperationFn<Routes['resendRefundAck']> {
  return command(REFUND_REQUESTS, 'RESEND_ACK', (r, _body, ctx, to) =>
    refundPlan(ctx.q, r, 'RESEND_ACK', to, `Acknowledgement resent by ${ctx.scope.email}`, ctx.now(), () => enqueueRefundAck(app.jobs, r.id, ctx.q)), refundState);
}
