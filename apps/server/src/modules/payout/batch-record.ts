/**
 * The bank payout batch as a workflow record (workflows/engine.ts, domain PAYOUT_BATCH_MACHINE):
 * its lock, its 409 message and its event log (payout_batch_events: creation, each download of
 * the bulk-credit file, the bank's result). The batch keeps its state in `state` and has no
 * updated_at. Batches are the platform's own payments to many tenants' merchants: no tenant owns
 * one, and the routes gate them by permission only (payoutreport:batch, platform-only), so the
 * lock reads any batch whatever the scope, as the batch routes always have.
 */
import { ERROR_CODES, PAYOUT_BATCH_MACHINE, type PayoutBatchAction, type PayoutBatchState } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import type { EventTable, LockedRecord, WorkflowTable } from '../../workflows/engine.ts';

/** The batch reference written in the file and in messages: PDB and the id on 8 digits. */
export const batchReference = (id: number) => `PDB${String(id).padStart(8, '0')}`;

/** A batch as read under its row lock: its state, currency and the result already recorded (if any). */
export interface LockedPayoutBatch extends LockedRecord<PayoutBatchState> {
  /** ISO 4217 code, as the batch's totals are counted in it. */
  currency: string;
  /** When the bank's result was recorded (UTC); null while AWAITING_RESULT. */
  resultAt: Date | null;
  /** SHA-256 (hex) of the result file recorded; null while AWAITING_RESULT. */
  resultFileSha256: string | null;
}

/**
 * Locks batch `id` FOR UPDATE inside the caller's transaction `q`; null when there is none.
 * `scope` is accepted for the engine's shape and not applied: a batch belongs to no tenant and
 * its routes are platform-only by permission (see the module comment).
 */
export async function lockPayoutBatch(q: Query, id: number, _scope?: Scope): Promise<LockedPayoutBatch | null> {
  const [b] = await q<{ state: PayoutBatchState; currency: string; result_at: Date | string | null; result_file_sha256: string | null }>(
    `SELECT state, currency, result_at, result_file_sha256 FROM payout_batches WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!b) return null;
  return { id, status: b.state, currency: b.currency.trim(), resultAt: b.result_at == null ? null : new Date(b.result_at), resultFileSha256: b.result_file_sha256 };
}

/** The batch's event log: (batch_id, at, actor_user_id, action, from_status, to_status, summary). */
export const PAYOUT_BATCH_EVENTS: EventTable = { table: 'payout_batch_events', key: 'batch_id', fromTo: true };

/** The payout batch as a workflow record: its machine, lock, 409 message and event log. */
export const PAYOUT_BATCHES: WorkflowTable<PayoutBatchState, PayoutBatchAction, LockedPayoutBatch> = {
  machine: PAYOUT_BATCH_MACHINE,
  table: 'payout_batches',
  noun: 'Payout batch',
  conflict: ERROR_CODES.CONFLICT,
  // The only refusal is a second result on a COMPLETED batch: say when the first was recorded.
  refusal: (b) => `The result of batch ${batchReference(b.id)} was recorded on ${b.resultAt ? b.resultAt.toISOString().slice(0, 10) : 'an earlier day'}; nothing was changed`,
  lock: lockPayoutBatch,
  events: PAYOUT_BATCH_EVENTS,
  columns: { state: 'state', updatedAt: null },
};
