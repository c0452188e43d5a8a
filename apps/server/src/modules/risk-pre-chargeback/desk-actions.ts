/**
 * The handling screen's four actions (issue 11 Build 2/4; §7 RiskPreChargeback), each one database
 * transaction that locks the request (scoped: another tenant's id is NF404), asks the state
 * machine (docs/refund-flow.md; refused pairs are 409 RF409) and writes the status, the
 * transaction's refund status and one log event with the acting user:
 *  - UpdateRefund {Id, ServiceType, TxnReferences, TxnAmount} (`prechargeback:refund`): the manual
 *    refund. The form must be the request's own (its service type, its one reference, its amount)
 *    or VAL400 names the field. Then the transaction is locked too (request → transaction, the
 *    lock order of every refund path) and refunded only when its refundable amount still covers
 *    the request (422 RF422 otherwise); its refunded_amount grows by the amount and refunded_at is
 *    set. One acknowledgement delivery is queued in the same transaction (refund-ack.ts). Idempotent: a
 *    replay answers the first answer and queues nothing; 100 concurrent calls refund once.
 *  - Reject / TxnNotFound {Id, Description} (`prechargeback:reject` / `prechargeback:notfound`).
 *  - ResendAck {Id} (`prechargeback:resendack`): queues a new delivery in its transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RefundDecisionRequest, ResendAckRequest, UpdateRefundRequest } from '@paydesk/contract';
import { ERROR_CODES, compareMoney, type RefundAction } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { scopeOf, type Scope } from '../../platform/scope.ts';
import { enqueueRefundAck } from './refund-ack.ts';
import { applyRefundAction, lockRefund, type LockedRefund } from './refund-events.ts';
import { refundState } from './refund-state.ts';

/** Locks request `id` inside `scope`, or throws NF404. */
async function lockInScope(q: Query, id: number, scope: Scope): Promise<LockedRefund> {
  const r = await lockRefund(q, id, scope);
  if (!r) throw notFound('Refund request');
  return r;
}

export function updateRefundHandler(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof UpdateRefundRequest>;
    const { database, now } = app.ctx;
    const at = now();
    return runIdempotent(database, req, reply, scope.userId, 'updateRefund', body, at, async (q) => {
      const r = await lockInScope(q, body.Id, scope);
      if (body.ServiceType !== r.serviceType) throw badInput('ServiceType', `the request is for service type ${r.serviceType}`);
      if (body.TxnReferences.length !== 1 || body.TxnReferences[0] !== r.txnRefNo) throw badInput('TxnReferences', `the request is for transaction ${r.txnRefNo} only`);
      if (compareMoney(body.TxnAmount, r.amount) !== 0) throw badInput('TxnAmount', `the request is for ${r.currency} ${r.amount}`);
      // Ask the machine before touching the transaction: a second refund is RF409, whatever the amounts.
      const [txn] = await q<{ left: string }>(`SELECT (amount - refunded_amount)::text AS left FROM transactions WHERE id = $1 FOR UPDATE`, [r.transactionId]);
      if (r.status === 'PENDING' && (!txn || compareMoney(txn.left, r.amount) < 0)) {
        throw new AppError(422, ERROR_CODES.NOT_REFUNDABLE, `Transaction ${r.txnRefNo} has ${r.currency} ${txn?.left ?? '0.00'} left to refund, less than the request's ${r.amount}`);
      }
      await applyRefundAction(q, r, 'REFUND', scope.userId, `Refunded ${r.currency} ${r.amount} by ${scope.email}`, at);
      await enqueueRefundAck(app.jobs, r.id, q);
      return { answer: await refundState(q, r.id) };
    });
  };
}

/** Reject and TxnNotFound: the same shape, another action. */
export function decisionHandler(app: FastifyInstance, action: Extract<RefundAction, 'REJECT' | 'NOT_FOUND'>) {
  return async (req: FastifyRequest) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof RefundDecisionRequest>;
    const { database, now } = app.ctx;
    return database.transaction(async (q) => {
      const r = await lockInScope(q, body.Id, scope);
      await applyRefundAction(q, r, action, scope.userId, `${action === 'REJECT' ? 'Rejected' : 'Transaction not found'} by ${scope.email}: ${body.Description}`, now());
      return refundState(q, r.id);
    });
  };
}

export function resendAckHandler(app: FastifyInstance) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof ResendAckRequest>;
    const { database, now } = app.ctx;
    const at = now();
    return runIdempotent(database, req, reply, scope.userId, 'resendRefundAck', body, at, async (q) => {
      const r = await lockInScope(q, body.Id, scope);
      await applyRefundAction(q, r, 'RESEND_ACK', scope.userId, `Acknowledgement resent by ${scope.email}`, at);
      await enqueueRefundAck(app.jobs, r.id, q);
      return { answer: await refundState(q, r.id) };
    });
  };
}
