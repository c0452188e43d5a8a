/**
 * The answer of every refund-desk action (contract RefundRequestState): the request's status and
 * amount with its transaction's refunded amount, read inside the action's transaction.
 */
import type { z } from 'zod';
import type { RefundRequestState } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';

export type RefundState = z.infer<typeof RefundRequestState>;

/** Reads request `id`'s state (money as decimal strings in ringgit, UpdatedAt ISO UTC); throws when it is gone. */
export async function refundState(q: Query, id: number): Promise<RefundState> {
  const [r] = await q<Record<string, unknown>>(
    `SELECT r.id, r.txn_ref_no, r.status, r.amount::text AS amount, r.currency, coalesce(t.refunded_amount, 0)::text AS refunded, r.updated_at
     FROM refund_requests r LEFT JOIN transactions t ON t.id = r.transaction_id WHERE r.id = $1`,
    [id],
  );
  if (!r) throw new Error(`refund request ${id} vanished inside its own transaction`);
  return {
    Id: Number(r.id), TxnRefNo: String(r.txn_ref_no), Status: r.status as RefundState['Status'], TxnAmount: String(r.amount), Currency: String(r.currency),
    RefundedAmount: String(r.refunded), UpdatedAt: new Date(r.updated_at as string).toISOString(),
  };
}
