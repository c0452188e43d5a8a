/**
 * POST /api/portal/RiskPreChargeback/RequestRefund (`prechargeback:request`; §3 refund form): a merchant-side user asks for the refund of one to 20 transactions of its
 * subtree. Each becomes one PENDING refund request for its whole refundable amount (amount less
 * what was refunded), with a REQUEST event; the platform's desk then decides it (/pre-chargeback).
 *
 * Refused, with nothing written:
 *  - a reference outside the caller's subtree or unknown: 404 NF404 (the same answer for both);
 *  - ServiceType other than the transaction's: 400 VAL400 naming ServiceType;
 *  - not a successful sale (SALE, MOTO, EPP, SALECOMPLETION with status SUCCESS; a pre-auth only
 *    once captured), a request already PENDING, nothing left to refund: 422 RF422;
 *  - transactions in different currencies: 400 VAL400 naming TxnReferences;
 *  - TxnAmount (what the read-only form showed) differing from today's refundable total: 422 RF422
 *    with the current figure — the form was stale; nothing is requested for another sum.
 * Money-moving: runs once per Idempotency-Key (the platform claims it, platform/idempotency.ts),
 * in one transaction with one audit row naming the first request (all of them in its detail). The transactions are
 * locked in id order (FOR UPDATE), so two requests racing for one transaction are decided one
 * after the other; the partial unique index refund_requests_one_pending_uq is the last guard.
 */
import type { Routes } from '@paydesk/contract';
import { ERROR_CODES, compareMoney, sumMoney, type RefundReason } from '@paydesk/domain';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { ownerConditionSql } from '../../platform/scope.ts';
import { logRefundEvent } from './refund-events.ts';
import { refundState, type RefundState } from './refund-state.ts';

/** Transaction types a refund can be asked for: the sales themselves, never their voids or holds. */
export const REFUNDABLE_TXN_TYPES = ['SALE', 'MOTO', 'EPP', 'SALECOMPLETION'] as const;

const notRefundable = (message: string) => new AppError(422, ERROR_CODES.NOT_REFUNDABLE, message);

interface TxnRow {
  id: number;
  txn_ref_no: string;
  service_type: number;
  status: string;
  txn_type: string;
  preauth_op: string | null;
  refundable: string;
  refund_status: string | null;
  currency: string;
}

/** RequestRefund (see the module comment): answers the requests made, one per transaction. */
export const requestRefund: OperationFn<Routes['requestRefund']> = async (body, ctx) => {
  const { q, scope } = ctx;
  const now = ctx.now();
  const owner = ownerConditionSql(scope, 't', 2);
  const rows = await q<TxnRow>(
    `SELECT t.id, t.txn_ref_no, t.service_type, t.status, t.txn_type, t.preauth_op, (t.amount - t.refunded_amount)::text AS refundable, t.refund_status, t.currency
     FROM transactions t WHERE t.txn_ref_no = ANY($1::text[]) AND ${owner.text} ORDER BY t.id FOR UPDATE`,
    [body.TxnReferences, ...owner.values],
  );
  const found = new Set(rows.map((r) => r.txn_ref_no));
  const missing = body.TxnReferences.filter((ref) => !found.has(ref));
  if (missing.length) throw notFound(`Transaction ${missing.join(', ')}`);
  for (const t of rows) {
    if (Number(t.service_type) !== body.ServiceType) throw badInput('ServiceType', `transaction ${t.txn_ref_no} is of service type ${t.service_type}, not ${body.ServiceType}`);
    const sale = (REFUNDABLE_TXN_TYPES as readonly string[]).includes(t.txn_type) && (t.preauth_op === null || t.preauth_op === 'CAPTURE');
    if (!sale || t.status !== 'SUCCESS') throw notRefundable(`Transaction ${t.txn_ref_no} is not a successful sale (${t.txn_type} ${t.status}): only those can be refunded`);
    if (t.refund_status === 'PENDING') throw notRefundable(`Transaction ${t.txn_ref_no} already has a pending refund request`);
    if (compareMoney(t.refundable, '0') <= 0) throw notRefundable(`Transaction ${t.txn_ref_no} has nothing left to refund`);
  }
  const currencies = new Set(rows.map((r) => r.currency));
  if (currencies.size > 1) throw badInput('TxnReferences', `the transactions are in ${[...currencies].join(' and ')}: request their refunds separately`);
  const total = sumMoney(rows.map((r) => r.refundable));
  if (compareMoney(total, body.TxnAmount) !== 0) {
    throw notRefundable(`TxnAmount: the refundable amount is now ${rows[0]!.currency} ${total}, not ${body.TxnAmount}; reload the transaction and ask again`);
  }
  const inserted = await q<{ id: number; transaction_id: number }>(
    `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, description,
        master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at, requested_by_user_id)
     SELECT t.id, t.txn_ref_no, t.service_type, t.amount - t.refunded_amount, t.currency, $2, 'PENDING', $3,
        t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, $4, $4, $5
     FROM transactions t WHERE t.id = ANY($1::bigint[]) ORDER BY t.id
     RETURNING id, transaction_id`,
    [rows.map((r) => r.id), body.ReasonCode satisfies RefundReason, body.Description || null, now, scope.userId],
  );
  await q(`UPDATE transactions SET refund_status = 'PENDING' WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
  const answers: RefundState[] = [];
  for (const r of inserted) {
    await logRefundEvent(q, Number(r.id), 'REQUEST', null, 'PENDING', scope.userId, `Refund requested (${body.ReasonCode})${body.Description ? `: ${body.Description}` : ''}`, now);
    answers.push(await refundState(q, Number(r.id)));
  }
  ctx.audit({ targetId: answers[0]!.Id, detail: { Ids: answers.map((a) => a.Id), TxnReferences: body.TxnReferences, ReasonCode: body.ReasonCode, TxnAmount: body.TxnAmount } });
  return { Requests: answers };
};
