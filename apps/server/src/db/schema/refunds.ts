/** Refund requests and their event log. */
import { sql } from 'drizzle-orm';
import { bigserial, char, index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** Refund requests (§3 refund form, §4 refund status); the dashboard counts the pending ones. */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id').notNull(),
    txnRefNo: text('txn_ref_no').notNull(),
    serviceType: smallint('service_type').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    reasonCode: text('reason_code').notNull(),
    status: text('status').notNull(),
    description: text('description'),
    masterMerchantId: integer('master_merchant_id').notNull(),
    agencyId: integer('agency_id').notNull(),
    agentId: integer('agent_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    branchId: integer('branch_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * When the money left (the REFUND action), set once: the sales reports count the refund on
     * this MYT day whatever the acknowledgement does afterwards. Null until then.
     */
    refundedAt: ts('refunded_at'),
    /** The user who asked for it (null for imported or demo requests). */
    requestedByUserId: integer('requested_by_user_id'),
  },
  (t) => [
    index('refund_requests_status_idx').on(t.status, t.merchantId),
    // One open request per transaction: a second request while one is PENDING is refused, whoever races.
    uniqueIndex('refund_requests_one_pending_uq').on(t.transactionId).where(sql`${t.status} = 'PENDING'`),
    // The desk's queue, newest first, per scope level (the report engine's keyset order).
    index('refund_requests_created_idx').on(t.createdAt, t.id),
    index('refund_requests_mm_created_idx').on(t.masterMerchantId, t.createdAt, t.id),
    index('refund_requests_merchant_created_idx').on(t.merchantId, t.createdAt, t.id),
    // A transaction's detail reads its refund requests for the timeline (reports/related): one index range, not a scan.
    index('refund_requests_transaction_idx').on(t.transactionId),
    // The global search: a request by its reference's prefix (text_pattern_ops: the collation is C.UTF-8).
    index('refund_requests_ref_idx').using('btree', sql`${t.txnRefNo} text_pattern_ops`),
  ],
);

/**
 * The log of a refund request ("view log"): every event with its actor, time
 * (UTC), action (refund-flow.ts REFUND_ACTIONS, or ACK_ATTEMPT for one delivery attempt of an
 * acknowledgement, status unchanged) and summary — the desk's
 * actions, the scheduler's expiry, each acknowledgement delivery attempt. Append-only; the actor
 * is null for the system (scheduler, delivery). Deleted with its request.
 */
export const refundRequestEvents = pgTable(
  'refund_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundRequestId: integer('refund_request_id').notNull().references(() => refundRequests.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('refund_request_events_request_idx').on(t.refundRequestId, t.at)],
);
