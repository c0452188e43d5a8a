/**
 * Related section `timeline`: the events of a transaction, DERIVED at read time
 * (docs/transaction-model.md "The detail timeline: derived, not stored"), never stored:
 * - INITIATED at the row's created_at (always the first event);
 * - AUTHORISED / PAID / PROCESSED / DECLINED at payment_creation_date (a pre-auth hold, a sale
 *   kind, any other row, a FAILED row);
 * - the chain operations that FOLLOW the row (PREAUTH_VOID, CAPTURE, CAPTURE_VOID: the PREAUTH's
 *   timeline shows all of them; a capture's shows its void). The whole chain is the PreauthChain section;
 * - REFUND_REQUESTED at each refund request's created_at and REFUND_UPDATED (with its status) at
 *   its updated_at when later (refund_requests by transaction_id, scoped);
 * - VOIDED (status VOID) or UPDATED at updated_at when it differs from the instants above;
 * - BATCH_SETTLED at the terminal batch's settled_at (terminal card rows, by TID + batch number:
 *   `terminal_settlement_batches_uq`), with the batch status (SETTLED or UPLOADED);
 * - REPORTED / REPORT_REFUSED at each status event's time for a row posted through the ingest API
 *   (`transaction_events` by transaction_id, modules/txn-ingest), its type as Status, a capture's
 *   amount: applied by the fold, or kept but refused (the row itself was found inside the scope).
 * Events are ordered by instant, then by the rank of their code in TIMELINE_CODES, then RefId.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TIMELINE_CODES, timelineLabelKey, type TimelineCode, type TimelineEvent } from '@paydesk/contract';
import { REFUND_STATUS_OUTSIDE, SALE_TXN_TYPES, type RefundStatus } from '@paydesk/domain';
import { refundRequests, terminalSettlementBatches } from '../../db/schema/index.ts';
import { isPlatformScope, type Scope } from '../../platform/scope.ts';
import { run } from '../executor.ts';
import { andScope, iso, type RelatedContext } from './context.ts';

const SALE_TYPES: ReadonlySet<string> = new Set(SALE_TXN_TYPES);

type Extra = Partial<Pick<TimelineEvent, 'RefId' | 'Status' | 'Amount' | 'Currency'>>;
const event = (at: Date, code: TimelineCode, extra: Extra = {}): TimelineEvent => ({
  At: iso(at),
  Code: code,
  LabelKey: timelineLabelKey(code),
  RefId: extra.RefId ?? null,
  Status: extra.Status ?? null,
  Amount: extra.Amount ?? null,
  Currency: extra.Currency ?? null,
});

/** What payment_creation_date means for this row: a hold authorised, a sale or capture paid, anything else processed. */
function completion(row: RelatedContext['row']): TimelineCode {
  if (row.status === 'FAILED') return 'DECLINED';
  if (row.preauthOp === 'PREAUTH' || row.txnType === 'PREAUTH' || row.txnType === 'VOIDPREAUTH') return 'AUTHORISED';
  if (row.preauthOp === 'CAPTURE') return 'PAID';
  if (row.preauthOp === null && row.txnType !== null && SALE_TYPES.has(row.txnType)) return 'PAID';
  return 'PROCESSED';
}

/**
 * The SQL of a transaction's refund requests (scoped). refund_requests has no index on
 * transaction_id yet: a scan of that table, small beside transactions (≈0.5 % of sales).
 */
export const refundsStatement = (scope: Scope, txnId: number): SQL =>
  sql`SELECT id, status, amount::text AS amount, currency, created_at, updated_at
    FROM refund_requests WHERE transaction_id = ${txnId}${andScope(scope, refundRequests)} ORDER BY created_at, id`;

/** The SQL of a terminal batch by TID + batch number (`terminal_settlement_batches_uq`, scoped). */
export const batchStatement = (scope: Scope, tid: string, batchNo: string): SQL =>
  sql`SELECT settled_at, status FROM terminal_settlement_batches
    WHERE tid = ${tid} AND batch_no = ${batchNo}${andScope(scope, terminalSettlementBatches)}`;

const RANK = new Map<string, number>(TIMELINE_CODES.map((c, i) => [c, i]));

/** The row's events, ordered; the first is INITIATED. */
export async function timeline(ctx: RelatedContext): Promise<TimelineEvent[]> {
  const { row, scope, database } = ctx;
  const events: TimelineEvent[] = [event(row.createdAt, 'INITIATED')];
  const seen = new Set<number>([row.createdAt.getTime()]);
  if (row.paymentCreationDate) {
    events.push(event(row.paymentCreationDate, completion(row)));
    seen.add(row.paymentCreationDate.getTime());
  }
  if (!seen.has(row.updatedAt.getTime())) events.push(event(row.updatedAt, row.status === 'VOID' ? 'VOIDED' : 'UPDATED', { Status: row.status }));

  for (const op of await ctx.chain()) {
    const follows = op.createdAt > row.createdAt || (op.createdAt.getTime() === row.createdAt.getTime() && op.id > row.id);
    const code = op.preauthOp as TimelineCode | null;
    if (follows && code && code !== 'INITIATED' && RANK.has(code)) events.push(event(op.createdAt, code, { RefId: op.id, Status: op.status, Amount: op.amount, Currency: op.currency }));
  }

  const refunds = await run(database, refundsStatement(scope, row.id));
  for (const r of refunds) {
    const created = new Date(r.created_at as string);
    const updated = new Date(r.updated_at as string);
    const money = { RefId: Number(r.id), Amount: String(r.amount), Currency: String(r.currency).trim() };
    events.push(event(created, 'REFUND_REQUESTED', money));
    // Outside the platform a refund's internal state reads as the merchant sees it (REFUND_STATUS_OUTSIDE), as in the refund queue.
    const status = String(r.status) as RefundStatus;
    const shown = isPlatformScope(scope) ? status : (REFUND_STATUS_OUTSIDE[status] ?? status);
    if (updated > created) events.push(event(updated, 'REFUND_UPDATED', { ...money, Status: shown }));
  }

  if (row.terminalKind === 'CARD' && row.tid && row.batchNo) {
    const [b] = await run(database, batchStatement(scope, row.tid, row.batchNo));
    if (b?.settled_at) events.push(event(new Date(b.settled_at as string), 'BATCH_SETTLED', { Status: String(b.status) }));
  }

  if (row.ingestSource) {
    const reported = await run(
      database,
      sql`SELECT type, event_at, amount::text AS amount, outcome FROM transaction_events WHERE transaction_id = ${row.id} AND type <> 'BASE' ORDER BY event_at, id`,
    );
    for (const e of reported) {
      const money = e.amount === null ? {} : { Amount: String(e.amount), Currency: row.currency };
      events.push(event(new Date(e.event_at as string), e.outcome === null ? 'REPORTED' : 'REPORT_REFUSED', { Status: String(e.type), ...money }));
    }
  }

  // Every source instant is at or after created_at (docs/transaction-model.md), and INITIATED ranks first on a tie.
  return events.sort((a, b) => a.At.localeCompare(b.At) || RANK.get(a.Code)! - RANK.get(b.Code)! || (a.RefId ?? 0) - (b.RefId ?? 0));
}
