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
import { readEvents } from '../../workflows/engine.ts';
import { REFUND_REQUESTS } from './refund-events.ts';

/** The log of request `Id` (a read on the database's query; at most the engine's EVENT_LIMIT events). */
export const refundLog: OperationFn<Routes['refundLog']> = async ({ Id }, { q: query, scope }) => {
  const owner = ownerConditionSql(scope, 'r', 2);
  const [r] = await query<{ id: number; txn_ref_no: string; status: RefundStatus }>(
    `SELECT r.id, r.txn_ref_no, r.status FROM refund_requests r WHERE r.id = $1 AND ${owner.text}`,
    [Id, ...owner.values],
  );
  if (!r) throw notFound('Refund request');
  const events = await readEvents(query, REFUND_REQUESTS.events, Id);
  return {
    Id: Number(r.id),
    TxnRefNo: r.txn_ref_no,
    Status: r.status,
    Events: events.map((e) => ({ At: e.At, Action: e.Action, FromStatus: e.FromStatus, ToStatus: String(e.ToStatus), Actor: e.Actor, Summary: e.Summary })),
  };
};
