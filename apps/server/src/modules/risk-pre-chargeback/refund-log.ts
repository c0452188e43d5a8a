/**
 * GET /api/portal/RiskPreChargeback/Log/:Id (`prechargeback:viewlog`; the desk's "view log"):
 * every event of a refund request in time order — the request, the desk's decisions, the
 * scheduler's expiry, each acknowledgement delivery attempt — with the actor's e-mail (null: the
 * system) and the summary. Scoped: another tenant's id is NF404.
 */
import type { Routes } from '@paydesk/contract';
import type { RefundStatus } from '@paydesk/domain';
import { notFound } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { ownerConditionSql } from '../../platform/scope.ts';

/** Events answered at most (a request has a handful; retries of many resends stay bounded). */
export const LOG_LIMIT = 500;

/** The log of request `Id` (a read on the database's query). */
export const refundLog: OperationFn<Routes['refundLog']> = async ({ Id }, { q: query, scope }) => {
  const owner = ownerConditionSql(scope, 'r', 2);
  const [r] = await query<{ id: number; txn_ref_no: string; status: RefundStatus }>(
    `SELECT r.id, r.txn_ref_no, r.status FROM refund_requests r WHERE r.id = $1 AND ${owner.text}`,
    [Id, ...owner.values],
  );
  if (!r) throw notFound('Refund request');
  const events = await query<Record<string, unknown>>(
    `SELECT e.at, e.action, e.from_status, e.to_status, u.email, e.summary FROM refund_request_events e LEFT JOIN users u ON u.id = e.actor_user_id
     WHERE e.refund_request_id = $1 ORDER BY e.at, e.id LIMIT ${LOG_LIMIT}`,
    [Id],
  );
  return {
    Id: Number(r.id),
    TxnRefNo: r.txn_ref_no,
    Status: r.status,
    Events: events.map((e) => ({
      At: new Date(e.at as string).toISOString(), Action: String(e.action), FromStatus: (e.from_status as string | null) ?? null, ToStatus: String(e.to_status),
      Actor: (e.email as string | null) ?? null, Summary: String(e.summary),
    })),
  };
};
