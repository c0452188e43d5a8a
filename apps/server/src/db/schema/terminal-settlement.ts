/** Terminals' card settlement batches and their per-scheme totals. */
import { bigint, bigserial, char, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, owner } from './columns.ts';

/**
 * A terminal's settlement batch (card rows only): opened by its first transaction, closed by a
 * SETTLE (OPEN, SETTLED, or UPLOADED when the host asked for a batch upload before the trailer).
 * The batch totals (sale/void counts and amounts, net) are the sums of its lines, as the SETTLE
 * message reports them to the host; `host_response_code` is the host's answer to the SETTLE
 * ('00' settled, '95' reconcile error → batch upload; null while OPEN). The
 * card-settlement list reads them without aggregating the lines.
 */
export const terminalSettlementBatches = pgTable(
  'terminal_settlement_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...owner(),
    tid: text('tid').notNull(),
    mid: text('mid').notNull(),
    batchNo: text('batch_no').notNull(),
    openedAt: ts('opened_at').notNull(),
    settledAt: ts('settled_at'),
    status: text('status').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('MYR'),
    hostResponseCode: text('host_response_code'),
    saleCount: integer('sale_count').notNull().default(0),
    saleAmount: numeric('sale_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    voidCount: integer('void_count').notNull().default(0),
    voidAmount: numeric('void_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('terminal_settlement_batches_uq').on(t.tid, t.batchNo),
    // The card-settlement list (settled_at) and the batch-grouped card view (opened_at)
    // keyset-page by date inside the caller's scope: one index per scope level and sort key.
    index('terminal_settlement_batches_merchant_idx').on(t.merchantId, t.openedAt, t.id),
    index('tsb_opened_idx').on(t.openedAt, t.id),
    index('tsb_mm_opened_idx').on(t.masterMerchantId, t.openedAt, t.id),
    index('tsb_agency_opened_idx').on(t.agencyId, t.openedAt, t.id),
    index('tsb_agent_opened_idx').on(t.agentId, t.openedAt, t.id),
    index('tsb_branch_opened_idx').on(t.branchId, t.openedAt, t.id),
    index('tsb_settled_idx').on(t.settledAt, t.id),
    index('tsb_mm_settled_idx').on(t.masterMerchantId, t.settledAt, t.id),
    index('tsb_agency_settled_idx').on(t.agencyId, t.settledAt, t.id),
    index('tsb_agent_settled_idx').on(t.agentId, t.settledAt, t.id),
    index('tsb_merchant_settled_idx').on(t.merchantId, t.settledAt, t.id),
    index('tsb_branch_settled_idx').on(t.branchId, t.settledAt, t.id),
  ],
);

/**
 * Totals of a batch per card scheme and type, in the batch currency (MYR): sales are every debit
 * of the batch (voided ones included, as the host saw them), voids those later voided, net = sales − voids.
 */
export const terminalSettlementBatchLines = pgTable(
  'terminal_settlement_batch_lines',
  {
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    cardScheme: text('card_scheme').notNull(),
    cardType: text('card_type').notNull(),
    saleCount: integer('sale_count').notNull(),
    saleAmount: numeric('sale_amount', { precision: 18, scale: 2 }).notNull(),
    voidCount: integer('void_count').notNull(),
    voidAmount: numeric('void_amount', { precision: 18, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.cardScheme, t.cardType] })],
);
